import { z } from 'zod';
import { refused } from '../../blockkit/interaction-words.js';
import type { FindingAction } from '../../domain/actions.js';
import { ANSWERS } from '../../domain/attest.js';
import type { StepUpRecord } from '../../ports/step-up.js';
import { certifyUnchanged } from '../access-reviews/certify-unchanged.js';
import { decideReview, type DecidePorts as ReviewDecidePorts } from '../access-reviews/decide-review.js';
import { type LinkPorts, startLink } from '../access-reviews/link.js';
import { type DecidePorts, decide } from '../approvals/decide-approval.js';
import { type AnswerPorts, answerAsk } from '../attest/attest-answer.js';
import type { DecidePorts as ContainPorts } from '../contain/decide-contain.js';
import { resumeContain, resumeContainDecision } from '../contain/resume-contain.js';
import { type SubmitPorts, submitFindingAction } from '../findings/submit-action.js';
import { type GroupAction, type GroupPorts, submitGroupAction } from '../rollups/act-on-group.js';
import { type AccessRequest, refusal } from '../shared/authorize.js';
import type { StepPorts } from '../workflow-steps/workflow-step.js';
import { type HeldStepPorts, resumeStep } from '../workflow-steps/workflow-step-up.js';

/**
 * What runs once a step-up verification passed: the held action's own use case, called again as
 * the click would have called it, with `verifiedAt` (so it is not held twice and its thread line
 * says "verified at …"). The person's permission is checked again first: it may have changed
 * while they signed in. One entry per kind of held action: the attestation answers add theirs.
 */

export type ResumePorts = SubmitPorts &
  DecidePorts &
  GroupPorts &
  AnswerPorts &
  StepPorts &
  HeldStepPorts &
  LinkPorts &
  ReviewDecidePorts &
  ContainPorts;

type Resumer = (p: ResumePorts, intent: unknown, verifiedAt: number, record: StepUpRecord) => Promise<void>;

const id = z.string().min(1).max(200);
const words = z.string().max(4_000);
const date = z.coerce.date();
const evidence = z
  .array(
    z
      .object({ note: id, link: z.string().max(500).optional() })
      .transform(({ link, ...e }) => (link === undefined ? e : { ...e, link })),
  )
  .max(10)
  .optional();
/** `closure` and `evidence` are left out rather than undefined (exact optional types). */
const closed = <
  T extends { closure?: string | undefined; evidence?: { note: string; link?: string }[] | undefined },
>({
  closure,
  evidence: ev,
  ...rest
}: T) => ({
  ...rest,
  ...(closure === undefined ? {} : { closure }),
  ...(ev === undefined ? {} : { evidence: ev }),
});

const ActionSchema = z.union([
  z.object({ kind: z.literal('snooze'), reason: words, until: date }),
  z
    .object({ kind: z.literal('suppress'), reason: words, closure: id.optional(), evidence })
    .transform(closed),
  z.object({ kind: z.literal('acceptRisk'), justification: words, expiresAt: date }),
  z.object({ kind: z.literal('unsuppress') }),
  z.object({ kind: z.literal('resolve'), reason: words, closure: id.optional(), evidence }).transform(closed),
  z.object({ kind: z.literal('reopen') }),
]);

const FindingIntent = z.object({
  findingId: id,
  action: ActionSchema,
  actorId: id,
  channel: id,
  card: z.object({ channel: id, ts: id }).optional(),
  ref: z.string(),
});

const DecisionIntent = z.object({
  decision: z.enum(['approve', 'deny']),
  approvalId: id,
  userId: id,
  ref: z.string(),
  expiresAt: date.optional(),
  reason: words.optional(),
});

const GroupIntent = z.object({
  action: ActionSchema,
  groupId: id,
  findingIds: z.array(id).max(10_000),
  userId: id,
  ref: z.string(),
});

const AttestIntent = z.object({
  askId: id,
  answer: z.enum(ANSWERS),
  userId: id,
  channel: id,
  ref: z.string(),
});

const ReviewScope = z.object({ campaignId: id, appId: id, page: z.number().int().min(0).max(10_000) });
const Audience = z.object({ channel: id, user: id, responseUrl: z.string().max(500).optional() });
const ReviewLinkIntent = z.object({ userId: id, channel: id, ref: z.string() });
const ReviewDecisionIntent = z.object({
  userId: id,
  audience: Audience,
  ref: z.string(),
  taskId: id,
  stepId: id,
  scope: ReviewScope,
  choice: z.union([
    z.object({ kind: z.literal('certify') }),
    z.object({ kind: z.literal('verified') }),
    z.object({ kind: z.literal('revoke'), reason: words }),
    z.object({ kind: z.literal('comment'), text: words }),
    z.object({ kind: z.literal('reassign'), toSlackUser: id, reason: words.optional() }),
  ]),
});
const ReviewUnchangedIntent = z.object({
  userId: id,
  audience: Audience,
  ref: z.string(),
  scope: ReviewScope,
  confirmed: z.number().int().min(1).max(10_000),
});
/** An audience from the store, without an absent response_url (exact optional types). */
const audienceOf = (a: z.output<typeof Audience>) => ({
  channel: a.channel,
  user: a.user,
  ...(a.responseUrl ? { responseUrl: a.responseUrl } : {}),
});

/**
 * Refused now (the permission went while the person signed in, or they were made a guest or
 * deactivated: Slack is asked afresh, not the hour-long cache): told, and nothing runs.
 */
async function stillAllowed(
  p: ResumePorts,
  req: AccessRequest,
  ref: string,
  channel: string,
): Promise<boolean> {
  const why = await refusal(p, { ...req, fresh: true }, ref);
  if (why === undefined) return true;
  await p.privately.tell({ channel, user: req.userId }, refused(why));
  return false;
}

const ContainIntent = z.object({ containId: id, ref: z.string() });
const ContainDecisionIntent = z.object({
  containId: id,
  decision: z.enum(['approve', 'deny']),
  ref: z.string(),
});

const RESUMERS: Record<string, Resumer> = {
  // Access reviews: the permission is asked again, then the same use case runs, verified.
  async reviewLink(p, intent, verifiedAt) {
    const i = ReviewLinkIntent.parse(intent);
    const audience = { channel: i.channel, user: i.userId };
    const req: AccessRequest = { kind: 'act', userId: i.userId, action: 'review', channel: undefined };
    if (!(await stillAllowed(p, req, i.ref, i.channel))) return;
    await startLink(p, { userId: i.userId, audience, ref: i.ref, verifiedAt });
  },
  async reviewDecision(p, intent, verifiedAt) {
    const i = ReviewDecisionIntent.parse(intent);
    const req: AccessRequest = { kind: 'act', userId: i.userId, action: 'review', channel: undefined };
    if (!(await stillAllowed(p, req, i.ref, i.audience.channel))) return;
    const choice = i.choice.kind === 'reassign' ? { ...i.choice, reason: i.choice.reason } : i.choice;
    await decideReview(p, { ...i, choice, audience: audienceOf(i.audience), verifiedAt });
  },
  async reviewUnchanged(p, intent, verifiedAt) {
    const i = ReviewUnchangedIntent.parse(intent);
    const req: AccessRequest = { kind: 'act', userId: i.userId, action: 'review', channel: undefined };
    if (!(await stillAllowed(p, req, i.ref, i.audience.channel))) return;
    await certifyUnchanged(p, { ...i, audience: audienceOf(i.audience), verifiedAt });
  },
  // Containment (usecases/contain/): the requester's held request, an approver's held decision.
  async contain(p, intent, verifiedAt) {
    const i = ContainIntent.parse(intent);
    await resumeContain(p, i.containId, i.ref, verifiedAt);
  },
  async containDecision(p, intent, verifiedAt, record) {
    const i = ContainDecisionIntent.parse(intent);
    await resumeContainDecision(p, { ...i, userId: record.userId, channel: record.channel }, verifiedAt);
  },
  // A Workflow Builder step: run again, verified, and ended (usecases/workflow-steps/workflow-step-up.ts).
  step: (p, _intent, verifiedAt, record) => resumeStep(p, record, verifiedAt),
  async finding(p, intent, verifiedAt) {
    const i = FindingIntent.parse(intent);
    const action: FindingAction = i.action;
    const req: AccessRequest = {
      kind: 'act',
      userId: i.actorId,
      action: action.kind,
      channel: i.card?.channel ?? i.channel,
      findingId: i.findingId,
      ...(i.card ? { cardTs: i.card.ts } : {}),
    };
    if (!(await stillAllowed(p, req, i.ref, i.channel))) return;
    await submitFindingAction(p, {
      findingId: i.findingId,
      action,
      actorId: i.actorId,
      channel: i.channel,
      card: i.card,
      audience: { channel: i.channel, user: i.actorId },
      ref: i.ref,
      verifiedAt,
    });
  },
  async decision(p, intent, verifiedAt) {
    const i = DecisionIntent.parse(intent);
    const approval = await p.approvals.getApproval(i.approvalId);
    const channel = approval?.channel ?? i.userId;
    if (!(await stillAllowed(p, { kind: 'decide', userId: i.userId, approval }, i.ref, channel))) return;
    await decide(p, {
      kind: i.decision,
      approvalId: i.approvalId,
      userId: i.userId,
      ref: i.ref,
      verifiedAt,
      ...(i.expiresAt ? { expiresAt: i.expiresAt } : {}),
      ...(i.reason !== undefined ? { reason: i.reason } : {}),
    });
  },
  async attest(p, intent, verifiedAt) {
    const i = AttestIntent.parse(intent);
    // Only the person asked may answer; the held answer is theirs, but check again all the same.
    const ask = await p.asks.getAsk(i.askId);
    if (ask?.slackUserId && ask.slackUserId !== i.userId) return;
    await answerAsk(p, {
      askId: i.askId,
      answer: i.answer,
      userId: i.userId,
      audience: { channel: i.channel, user: i.userId },
      ref: i.ref,
      verifiedAt,
    });
  },
  async group(p, intent, verifiedAt) {
    const i = GroupIntent.parse(intent);
    if (i.action.kind === 'resolve') throw new Error('resolve is not a group action');
    const action: GroupAction = i.action;
    const group = await p.rollups.get(i.groupId);
    const channel = group?.channel ?? i.userId;
    const req: AccessRequest = {
      kind: 'act',
      userId: i.userId,
      action: action.kind,
      channel: group?.channel,
    };
    if (!(await stillAllowed(p, req, i.ref, channel))) return;
    await submitGroupAction(p, {
      action,
      groupId: i.groupId,
      findingIds: i.findingIds,
      userId: i.userId,
      ref: i.ref,
      verifiedAt,
    });
  },
};

/** The held action of a passed verification, run. */
export async function resumeVerified(
  p: ResumePorts,
  record: StepUpRecord,
  verifiedAt: number,
): Promise<void> {
  const kind = z.object({ kind: z.string() }).parse(record.intent).kind;
  const resume = RESUMERS[kind];
  if (!resume) throw new Error(`no resumer for held action ${kind}`);
  await resume(p, record.intent, verifiedAt, record);
}
