import { describeFailure } from '../../blockkit/failure.js';
import { code } from '../../blockkit/mrkdwn.js';
import { stepWords } from '../../blockkit/workflow-step-words.js';
import { closureReasonText, lacksWords } from '../../domain/closure.js';
import { personalOwnerOf } from '../../domain/owner.js';
import { readStepInputs, STEPS, type StepId, type StepValue } from '../../domain/workflow-steps.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { type RequestPorts, requestRiskAcceptance } from '../approvals/request-risk-acceptance.js';
import { containStep } from '../contain/contain-step.js';
import type { DecidePorts as ContainPorts } from '../contain/decide-contain.js';
import { maxDaysOf } from '../findings/open-action-modal.js';
import { type NotifyPorts, notifyOwner } from '../owners/notify-owner.js';
import { isDirectMessage } from '../shared/alert-life.js';
import { type AuthorizePorts, refusal } from '../shared/authorize.js';
import { type ChangePorts, changeFindingState } from '../shared/change-finding-state.js';
import type { GatePorts } from '../shared/step-up.js';
import { stateOutputs, untilOutputs } from './step-outputs.js';
import { holdStep, needsStepUp } from './workflow-step-hold.js';

/**
 * A Workflow Builder step run as the person who ran the workflow (its interactivity input's
 * interactor, which only Slack sets: domain/workflow-steps.ts): the inputs read against the
 * step's declaration, the same permission check as a click (guests, other organisations, the
 * policy, the channel), the same step-up rule (the person is sent the sign-in link privately and
 * the step keeps running until it is verified, refused or expired: workflow-step-up.ts), then the
 * same use case a button runs, so the change shows in the finding's cards, threads and audit like
 * a click's. Every run ends: outputs as declared, an error, or later — a four-eyes request's
 * decision (workflow-step-end.ts) or a step-up verification's end.
 */

export type StepPorts = ChangePorts &
  RequestPorts &
  GatePorts &
  NotifyPorts &
  AuthorizePorts &
  ContainPorts &
  Pick<Ports, 'owners' | 'findings'>;

export interface StepRun {
  stepId: StepId;
  executionId: string;
  inputs: unknown;
  ref: string;
  /** Set when run again after a passed step-up verification (not held twice; "verified at"). */
  verifiedAt?: number | undefined;
}

export type StepEnd =
  | { ok: true; outputs: Record<string, StepValue> }
  | { ok: false; error: string }
  /** A four-eyes request or a step-up verification is waiting: how it ends, ends the step. */
  | { waiting: true; on: 'approval' | 'stepUp'; id: string };

/** A failed step: its sentence in mrkdwn, made plain text (people named) where the step is ended. */
const fail = (text: string): StepEnd => ({ ok: false, error: text });
const seconds = (iso: string | null | undefined, fallback: Date) =>
  Math.floor((iso ? Date.parse(iso) : fallback.getTime()) / 1_000);

interface Ctx {
  findingId: string;
  userId: string;
  values: Record<string, StepValue>;
  where: string;
  audience: Audience;
  run: StepRun;
}

/** What a step's input asks beyond its type (days within the limit, a closure reason known). */
function semanticError(p: StepPorts, id: StepId, v: Record<string, StepValue>): string | undefined {
  if (id === 'snooze_finding' || id === 'request_risk_acceptance') {
    const max = maxDaysOf(p, id === 'snooze_finding' ? 'snooze' : 'acceptRisk');
    const days = Number(v.days);
    if (days < 1 || days > max) return stepWords.days(max);
  }
  if (id === 'resolve_finding') {
    const reasons = p.settings.closureReasons;
    if (!reasons.some((r) => r.id === v.closure_reason)) return stepWords.closure(reasons.map((r) => r.id));
    if (lacksWords(String(v.closure_reason), String(v.note ?? ''))) return stepWords.otherNeedsNote;
  }
  return undefined;
}

async function change(p: StepPorts, c: Ctx, action: Parameters<typeof changeFindingState>[1]['action']) {
  const outcome = await changeFindingState(p, {
    findingId: c.findingId,
    action,
    actorId: c.userId,
    audience: c.audience,
    channel: c.where,
    ref: c.run.ref,
    verifiedAt: c.run.verifiedAt,
  });
  if (outcome.ok) return { ok: true as const, finding: outcome.finding };
  if (outcome.reason === 'busy') return { ok: false as const, end: fail(stepWords.busy(c.findingId)) };
  // The step asked the same gate first (holdStep); held here only if the finding changed between.
  if (outcome.reason === 'held') return { ok: false as const, end: fail(stepWords.stepUpElsewhere) };
  const what = `${action.kind} finding ${code(c.findingId)}`;
  return { ok: false as const, end: fail(describeFailure(outcome.error, what, c.run.ref)) };
}

async function read(p: StepPorts, c: Ctx): Promise<Finding | StepEnd> {
  try {
    return await p.findings.get(c.findingId);
  } catch (error) {
    p.logger.warn({ err: error, ref: c.run.ref, findingId: c.findingId }, 'workflow step: finding not read');
    return fail(describeFailure(error, `read finding ${code(c.findingId)}`, c.run.ref));
  }
}

const isEnd = (v: Finding | StepEnd): v is StepEnd => 'ok' in v || 'waiting' in v;

const RUN: Record<StepId, (p: StepPorts, c: Ctx) => Promise<StepEnd>> = {
  contain_finding: (p, c) =>
    containStep(p, {
      findingId: c.findingId,
      userId: c.userId,
      action: String(c.values.action),
      entitlementId: typeof c.values.entitlement_id === 'string' ? c.values.entitlement_id : undefined,
      reason: String(c.values.reason),
      audience: c.audience,
      where: c.where,
      executionId: c.run.executionId,
      ref: c.run.ref,
    }),
  async get_finding(p, c) {
    const f = await read(p, c);
    if (isEnd(f)) return f;
    return {
      ok: true,
      outputs: {
        ...stateOutputs(f),
        ...(f.severity ? { severity: String(f.severity) } : {}),
        ...(f.appId ? { app_id: f.appId } : {}),
      },
    };
  },
  async find_owner(p, c) {
    const f = await read(p, c);
    if (isEnd(f)) return f;
    const owner = personalOwnerOf(f);
    const person = owner ? await p.owners.personOf(owner.identityUserId) : undefined;
    // A guest is not named as an owner anywhere in Slack (owner-dm.ts): not here either.
    const slackUser = person?.guest ? undefined : person?.slackUserId;
    return {
      ok: true,
      outputs: {
        finding_id: f.id,
        owner_found: slackUser !== undefined,
        ...(slackUser ? { owner_user_id: slackUser } : {}),
      },
    };
  },
  async snooze_finding(p, c) {
    const until = new Date(p.clock() + Number(c.values.days) * 86_400_000);
    const done = await change(p, c, { kind: 'snooze', reason: String(c.values.reason), until });
    if (!done.ok) return done.end;
    return {
      ok: true,
      outputs: {
        ...stateOutputs(done.finding),
        ...(await untilOutputs(p, c.userId, 'snoozed_until', seconds(done.finding.snoozeUntil, until))),
      },
    };
  },
  async resolve_finding(p, c) {
    const closure = p.settings.closureReasons.find((r) => r.id === c.values.closure_reason);
    if (!closure) return fail(stepWords.closure(p.settings.closureReasons.map((r) => r.id)));
    const reason = closureReasonText(closure, String(c.values.note ?? ''));
    const done = await change(p, c, { kind: 'resolve', reason, closure: closure.id });
    return done.ok ? { ok: true, outputs: stateOutputs(done.finding) } : done.end;
  },
  async request_risk_acceptance(p, c) {
    const expiresAt = new Date(p.clock() + Number(c.values.days) * 86_400_000);
    const justification = String(c.values.justification);
    if (p.settings.approvers) {
      // The alert's card in its channel, never a copy in someone's DM (Notify owner): the request
      // goes in the alert's thread, as the person is told.
      const cards = await p.cards.messagesFor(c.findingId).catch(() => []);
      const card = cards.filter((m) => !isDirectMessage(m.channel)).at(-1);
      const approval = await requestRiskAcceptance(p, {
        findingId: c.findingId,
        justification,
        expiresAt,
        requesterId: c.userId,
        channel: card?.channel ?? c.where,
        cardTs: card?.ts,
        audience: c.audience,
        ref: c.run.ref,
        functionExecutionId: c.run.executionId,
      });
      return approval
        ? { waiting: true, on: 'approval', id: approval.id }
        : fail(stepWords.notPosted(c.run.ref));
    }
    const done = await change(p, c, { kind: 'acceptRisk', justification, expiresAt });
    if (!done.ok) return done.end;
    const until = seconds(done.finding.riskAcceptanceExpiresAt, expiresAt);
    return {
      ok: true,
      outputs: {
        ...stateOutputs(done.finding),
        ...(await untilOutputs(p, c.userId, 'accepted_until', until)),
      },
    };
  },
  async notify_owner(p, c) {
    const input = {
      findingId: c.findingId,
      userId: c.userId,
      channel: c.where,
      audience: c.audience,
      ref: c.run.ref,
    };
    const sent = await notifyOwner(p, input);
    return sent.ok
      ? { ok: true, outputs: { finding_id: c.findingId, owner_user_id: sent.owner } }
      : fail(sent.text);
  },
};

export async function runWorkflowStep(p: StepPorts, run: StepRun): Promise<StepEnd> {
  const { ref } = run;
  const def = STEPS[run.stepId];
  const log = p.logger.child({ ref, step: run.stepId, execution: run.executionId });
  const input = readStepInputs(def, run.inputs);
  const wrong = input.ok ? semanticError(p, run.stepId, input.values) : input.error;
  if (!input.ok && input.noPerson) {
    log.warn('workflow step refused: no person ran it (no interactivity)');
    return fail(stepWords.noPerson(ref));
  }
  if (!input.ok || wrong !== undefined) {
    log.warn({ why: wrong }, 'workflow step refused: bad input');
    return fail(stepWords.badInput(wrong ?? '', ref));
  }
  const { values, findingId, userId } = input;
  const channel = typeof values.channel_id === 'string' ? values.channel_id : undefined;
  // Resumed after a step-up verification: the person as Slack says now (made a guest meanwhile?).
  const fresh = run.verifiedAt !== undefined;
  const request = { kind: 'act' as const, userId, action: def.action, channel, findingId, fresh };
  const why = await refusal(p, request, ref);
  if (why !== undefined) return fail(stepWords.refused(why));
  const where = channel ?? p.settings.attest.defaultChannel ?? userId;
  const audience: Audience = { channel: where, user: userId };
  let held: boolean;
  try {
    held = await needsStepUp(p, run, findingId);
  } catch (error) {
    return fail(describeFailure(error, `read finding ${code(findingId)}`, ref));
  }
  if (held) {
    log.info({ user: userId }, 'workflow step held for step-up verification');
    return holdStep(p, run, findingId, audience);
  }
  const end = await RUN[run.stepId](p, { findingId, userId, values, where, audience, run });
  log.info(
    { user: userId, outcome: 'ok' in end ? (end.ok ? 'ok' : 'failed') : 'waiting' },
    'workflow step run',
  );
  return end;
}
