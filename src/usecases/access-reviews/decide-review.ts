import { linkPrompt, stepUpAsk } from '../../blockkit/access-review-messages.js';
import { reviewWords } from '../../blockkit/access-review-words.js';
import type { ReviewTask } from '../../domain/access-review.js';
import { isApiError } from '../../errors.js';
import type { TaskDecision } from '../../ports/access-reviews.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { recordAudit } from '../shared/record-audit.js';
import { holdForStepUp, mustStepUp } from '../shared/step-up.js';
import { refreshReview } from './open-review.js';
import { credentialRefused, privateTo, type Reviewer, reviewerOf, tenantWords } from './reviewer.js';
import { unlinkReviewer } from './unlink.js';

/**
 * One decision on one review task, always with the reviewer's own personal credential (Warden's
 * service credential never decides a review task): certify (approve), revoke (deny, with the
 * reason), reassign (to the tenant user Slack's email maps the picked person to), comment. An
 * unlinked reviewer is asked to link, and nothing is sent. The task is read first as the person:
 * one of another campaign or app than the Review modal's is refused here; the decision names the
 * step the person saw, so a task decided or reassigned meanwhile is refused by the tenant, in its
 * words. Where the tenant asks for step-up (the step's `requiresStepUpProviderId`), the person
 * verifies at the tenant's provider and presses *I have verified*; where Warden's own step-up
 * covers the decision (WARDEN_CONFIG `stepUp.actions`: review.*), it is held for that first.
 */

export type DecidePorts = Pick<
  Ports,
  | 'accessReviews'
  | 'settings'
  | 'privately'
  | 'views'
  | 'owners'
  | 'files'
  | 'chat'
  | 'clock'
  | 'logger'
  | 'metrics'
  | 'audit'
  | 'stepUps'
>;

export type ReviewChoice =
  | { kind: 'certify' }
  | { kind: 'revoke'; reason: string }
  | { kind: 'reassign'; toSlackUser: string; reason?: string | undefined }
  | { kind: 'comment'; text: string }
  /** The tenant asked for step-up and the person says they verified. */
  | { kind: 'verified' };

export interface DecideInput {
  userId: string;
  audience: Audience;
  ref: string;
  taskId: string;
  /** The policy step the person saw (the tenant refuses it once decided or reassigned). */
  stepId: string;
  scope: { campaignId: string; appId: string; page: number };
  choice: ReviewChoice;
  /** The Review modal to show the outcome in. */
  rootViewId?: string | undefined;
  verifiedAt?: number | undefined;
}

const STEP_UP_KEY: Partial<Record<ReviewChoice['kind'], string>> = {
  certify: 'review.certify',
  verified: 'review.certify',
  revoke: 'review.revoke',
  reassign: 'review.reassign',
};

/** Tells the person, in the Review modal when it is open, else privately. */
async function tell(p: DecidePorts, input: DecideInput, text: string, reviewer?: Reviewer): Promise<void> {
  if (input.rootViewId && reviewer) {
    const shown = await refreshReview(p, reviewer, input.rootViewId, input.scope, text).catch(() => false);
    if (shown) return;
  }
  await p.privately.tell(input.audience, text);
}

/** Refused, failed or revoked: said once, in the tenant's words where it gave any. */
export async function tellFailure(
  p: DecidePorts,
  input: Pick<DecideInput, 'userId' | 'audience' | 'ref' | 'rootViewId' | 'scope'>,
  error: unknown,
  reviewer: Reviewer,
): Promise<void> {
  if (credentialRefused(error)) {
    p.logger.warn(
      { ref: input.ref, user: input.userId },
      'personal credential refused by the tenant: unlinking',
    );
    await unlinkReviewer(p, {
      team: p.settings.teamId,
      userId: input.userId,
      why: 'revoked',
      audience: input.audience,
      ref: input.ref,
    });
    return;
  }
  const words = tenantWords(error);
  if (!words) p.logger.error({ err: error, ref: input.ref }, 'review decision failed');
  const text = words ? reviewWords.tenantRefused(words) : reviewWords.tenantDown();
  await tell(p, { ...input, taskId: '', stepId: '', choice: { kind: 'certify' } }, text, reviewer);
}

function toDecision(choice: ReviewChoice, stepId: string, to: string | undefined): TaskDecision {
  switch (choice.kind) {
    case 'certify':
    case 'verified':
      return { kind: 'approve', stepId };
    case 'revoke':
      return { kind: 'deny', stepId, comment: choice.reason };
    case 'comment':
      return { kind: 'comment', comment: choice.text };
    case 'reassign':
      return { kind: 'reassign', stepId, to: to ? [to] : [], comment: choice.reason };
  }
}

export async function decideReview(p: DecidePorts, given: DecideInput): Promise<void> {
  const input = { ...given, audience: await privateTo(p, given.audience) };
  const reviewer = await reviewerOf(p, input.userId);
  if (!reviewer) {
    await p.privately.send(input.audience, linkPrompt(reviewWords.notLinked()));
    return;
  }
  const key = STEP_UP_KEY[input.choice.kind];
  if (key && mustStepUp(p, [{ key }], input.verifiedAt)) {
    const { rootViewId: _root, ...held } = input;
    await holdForStepUp(p, {
      key,
      userId: input.userId,
      findingIds: [],
      audience: input.audience,
      intent: { kind: 'reviewDecision', ...held },
      ref: input.ref,
    });
    return;
  }
  let task: ReviewTask | undefined;
  try {
    task = await reviewer.session.task(input.taskId);
  } catch (error) {
    await tellFailure(p, input, error, reviewer);
    return;
  }
  if (!task) {
    await tell(p, input, reviewWords.gone(), reviewer);
    return;
  }
  if (task.campaignId !== input.scope.campaignId || task.appId !== input.scope.appId) {
    await audit(p, input, 'refused', 'another campaign or app than the review');
    await tell(p, input, reviewWords.otherCampaign(), reviewer);
    return;
  }
  let to: string | undefined;
  if (input.choice.kind === 'reassign') {
    if (input.choice.toSlackUser === input.userId)
      return tell(p, input, reviewWords.reassignSelf(), reviewer);
    const mapped = await p.owners.tenantUserOf(input.choice.toSlackUser);
    if (!mapped.ok) return tell(p, input, reviewWords.reassignNoTenantUser(), reviewer);
    to = mapped.identityUserId;
  }
  try {
    const done = await send(p, input, reviewer, task, to);
    if (done === 'asked') return;
    await audit(p, input, 'ok', input.choice.kind);
    await tell(
      p,
      input,
      doneWords(input.choice, task, input.choice.kind === 'reassign' ? input.choice.toSlackUser : ''),
      reviewer,
    );
  } catch (error) {
    await audit(p, input, 'failed', isApiError(error) ? (error.serverMessage ?? error.kind) : 'error');
    await tellFailure(p, input, error, reviewer);
  }
}

/** The decision as the tenant takes it, or the tenant's step-up asked for ('asked'). */
async function send(
  p: DecidePorts,
  input: DecideInput,
  r: Reviewer,
  task: ReviewTask,
  to: string | undefined,
): Promise<'sent' | 'asked'> {
  const certifying = input.choice.kind === 'certify' || input.choice.kind === 'verified';
  if (certifying && task.stepUp) {
    if (input.choice.kind === 'certify') {
      const asked = await r.session.approveWithStepUp(input.taskId, input.stepId);
      if ('verifyAt' in asked) {
        await p.privately.send(input.audience, stepUpAsk(asked.verifyAt, task));
        await audit(p, input, 'requested', 'the tenant asked for step-up');
        return 'asked';
      }
      return 'sent';
    }
    const transaction = await r.session.verifiedStepUp(input.taskId, r.link.identityUserId);
    if (!transaction) {
      await tell(p, input, reviewWords.stepUpMissing(), r);
      return 'asked';
    }
    await r.session.approveWithStepUp(input.taskId, input.stepId, transaction);
    return 'sent';
  }
  try {
    await r.session.decide(input.taskId, toDecision(input.choice, input.stepId, to));
  } catch (error) {
    // An answer lost on the way: the task read back says whether the tenant took the decision.
    if (!isApiError(error) || error.processed !== 'maybe' || input.choice.kind === 'comment') throw error;
    const now = await r.session.task(input.taskId).catch(() => undefined);
    if (now?.state !== 'closed' || now.decidedBy !== r.link.identityUserId) throw error;
  }
  return 'sent';
}

function doneWords(choice: ReviewChoice, task: ReviewTask, to: string): string {
  switch (choice.kind) {
    case 'certify':
    case 'verified':
      return reviewWords.certified(task);
    case 'revoke':
      return reviewWords.revokedAccess(task);
    case 'comment':
      return reviewWords.commented(task);
    case 'reassign':
      return reviewWords.reassigned(task, to);
  }
}

async function audit(
  p: DecidePorts,
  input: DecideInput,
  outcome: 'ok' | 'refused' | 'failed' | 'requested',
  why: string,
) {
  await recordAudit(p, {
    userId: input.userId,
    channel: input.audience.channel,
    findingId: input.taskId,
    action: `review.${input.choice.kind}`,
    outcome,
    params: {
      ref: input.ref,
      campaign: input.scope.campaignId,
      app: input.scope.appId,
      why,
      ...(input.verifiedAt ? { verifiedAt: new Date(input.verifiedAt).toISOString() } : {}),
    },
  });
}
