import { actionWhat } from '../../blockkit/action-table.js';
import { describeChange } from '../../blockkit/audit.js';
import { describeFailure } from '../../blockkit/failure.js';
import { doneBut, inFlightWatch } from '../../blockkit/outcome-words.js';
import { verifiedMark } from '../../blockkit/step-up-words.js';
import { actionParams, actionText, type FindingAction, withText } from '../../domain/actions.js';
import { type Actor, attribute, hideEmails } from '../../domain/attribution.js';
import { withEvidenceRef } from '../../domain/closure.js';
import { keptPrincipal } from '../../domain/credit.js';
import { isApiError, READ_BACK_AFTER_CHANGE } from '../../errors.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import type { AuditOutcome } from '../../ports/store.js';
import type { AlertLifePorts, Card } from './alert-life.js';
import { findingChanged } from './finding-changed.js';
import { logTenantFailure } from './log-failure.js';
import { recordAudit, settleAudit } from './record-audit.js';
import { heldFindingChange } from './step-up-gate.js';

export type ChangePorts = AlertLifePorts &
  Pick<
    Ports,
    | 'findings'
    | 'seen'
    | 'audit'
    | 'people'
    | 'privately'
    | 'inflight'
    | 'settings'
    | 'metrics'
    | 'rollups'
    | 'lifecycle'
    | 'stepUps'
  >;

export interface ChangeFindingStateInput {
  findingId: string;
  action: FindingAction;
  actorId: string;
  /** Where to tell the person about a failure. */
  audience: Audience;
  /** The card to replace, when the change came from one. */
  card?: Card | undefined;
  /** Where to post the result when there is no card in it yet (slash command). */
  channel: string;
  /** Correlates the person's message with the log. */
  ref: string;
  /** Four-eyes: the person who asked; `actorId` is then the approver. */
  requesterId?: string | undefined;
  /** When the person's step-up verification passed, for an action held for one. */
  verifiedAt?: number | undefined;
}

export type ChangeOutcome =
  | { ok: true; finding: Finding; card: Card | undefined }
  /** Held for the person's step-up verification (step-up-gate.ts): nothing sent yet. */
  | { ok: false; reason: 'held' }
  /** `error`: what the tenant answered (a workflow step's failure says it). */
  | { ok: false; reason: 'busy' | 'refused'; error?: unknown };

async function actorOf(p: Pick<Ports, 'people'>, userId: string): Promise<Actor> {
  try {
    const person = await p.people.get(userId);
    return { userId, name: person.realName, email: person.email };
  } catch {
    return { userId, name: userId, email: undefined };
  }
}

/**
 * The action as sent to the tenant: its reason or justification records who acted in Slack
 * (attribution template), and for a four-eyes acceptance who approved it too.
 */
export async function attributed(
  p: Pick<Ports, 'people' | 'settings'>,
  input: Pick<ChangeFindingStateInput, 'action' | 'actorId' | 'requesterId'>,
): Promise<FindingAction> {
  const text = actionText(input.action);
  if (text === undefined) return input.action;
  const author = await actorOf(p, input.requesterId ?? input.actorId);
  const approver = input.requesterId ? await actorOf(p, input.actorId) : undefined;
  // A closure's evidence is referenced in the tenant's record too, when the words leave room.
  const evidence = 'evidence' in input.action ? input.action.evidence : undefined;
  const words = withEvidenceRef(text, evidence);
  return withText(input.action, attribute(p.settings.attributionTemplate, words, author, approver));
}

/** What failed, as the audit log keeps it: the tenant's words can echo a person's email, never kept. */
export function errorDetail(error: unknown): string | null {
  if (error === undefined) return null;
  return hideEmails(
    isApiError(error) ? `${error.kind}: ${error.serverMessage ?? error.message}` : String(error),
  );
}

function auditEvent(
  input: ChangeFindingStateInput,
  outcome: AuditOutcome,
  error?: unknown,
  kept: Record<string, unknown> = {},
) {
  return {
    userId: input.actorId,
    channel: input.audience.channel,
    findingId: input.findingId,
    action: input.action.kind,
    params: {
      ...actionParams(input.action),
      ref: input.ref,
      ...(input.requesterId ? { requester: input.requesterId } : {}),
      ...(input.verifiedAt !== undefined ? { verifiedAt: new Date(input.verifiedAt).toISOString() } : {}),
      ...kept,
    },
    outcome,
    error: errorDetail(error),
  };
}

/**
 * The outcome of an attempt: the entry written before the tenant was called is settled with it
 * (a crash in between leaves the attempt for reconcileAttempts); without one, a new entry. A
 * change made keeps who the tenant says made it (`principal`): cards and History credit the
 * Slack person only with the tenant's record of this very change (domain/credit.ts).
 */
async function audit(
  p: ChangePorts,
  input: ChangeFindingStateInput,
  outcome: Exclude<AuditOutcome, 'attempt'>,
  attemptId: string | undefined,
  error?: unknown,
  finding?: Finding,
) {
  p.metrics.stateChanges.inc({ action: input.action.kind, outcome });
  const entry = auditEvent(input, outcome, error, finding ? keptPrincipal(finding) : {});
  if (attemptId && (await settleAudit(p, attemptId, outcome, errorDetail(error), entry.params))) return;
  await recordAudit(p, entry);
}

/** How a failed change goes into the audit log: refused by the tenant, made but not shown, or failed. */
export function outcomeOf(error: unknown): Exclude<AuditOutcome, 'attempt'> {
  if (!isApiError(error)) return 'failed';
  if (error.operation === READ_BACK_AFTER_CHANGE) return 'ok';
  return error.processed === 'yes' ? 'refused' : 'failed';
}

/**
 * The flow after every decision (CONVENTIONS: Sentry's Slack flow): send the change to the
 * tenant, rebuild the card from the finding the tenant returned, replace every card of the
 * finding Warden tracks (or post one where there was none), and reply in each thread with who
 * did what. A failure tells the person what happened and leaves the cards, buttons included, as
 * they were. Every attempt is in the audit log.
 */
export async function changeFindingState(
  p: ChangePorts,
  input: ChangeFindingStateInput,
): Promise<ChangeOutcome> {
  const { findingId, action, ref } = input;
  const log = p.logger.child({
    ref,
    findingId,
    action: action.kind,
    user: input.actorId,
    channel: input.channel,
  });
  // The one gate of every way to a change (step-up-gate.ts): nothing is claimed or sent when held.
  if (await heldFindingChange(p, input)) {
    log.info('held for step-up verification');
    return { ok: false, reason: 'held' };
  }
  if (!(await p.inflight.claim(findingId))) {
    await p.privately.tell(input.audience, inFlightWatch(findingId));
    log.info('refused: a change to this finding is in flight');
    await audit(p, input, 'busy', undefined);
    return { ok: false, reason: 'busy' };
  }
  let finding: Finding;
  let attemptId: string | undefined;
  try {
    const signed = await attributed(p, input);
    // Written before the tenant is called: a crash mid-call leaves a trace to reconcile on start.
    attemptId = await recordAudit(p, auditEvent(input, 'attempt'));
    finding = await p.findings.change(findingId, signed);
  } catch (error) {
    logTenantFailure(log, error, 'state change failed');
    await audit(p, input, outcomeOf(error), attemptId, error);
    const what = actionWhat(action.kind, findingId);
    await p.privately.tell(input.audience, describeFailure(error, what, ref));
    return { ok: false, reason: 'refused', error };
  } finally {
    await p.inflight.release(findingId);
  }
  log.info({ state: finding.state }, 'state changed');
  await audit(p, input, 'ok', attemptId, undefined, finding);
  const line = () =>
    describeChange(action, input.actorId, finding, input.requesterId) + verifiedMark(input.verifiedAt);
  // A snooze or acceptance made here: its reminder goes to whoever made it.
  const made = {
    action,
    by: input.requesterId ?? input.actorId,
    approvedBy: input.requesterId && input.actorId,
  };
  const everywhere = {
    reply: line,
    primaryChannel: input.card?.channel ?? input.channel,
    clicked: input.card,
  };
  const shown = await findingChanged(p, finding, { made, cards: { everywhere } });
  if (shown?.primaryError !== undefined) {
    // The change is done; only showing it failed. Say both, so nobody repeats it.
    log.error({ err: shown.primaryError }, 'state changed but the Slack card could not be updated');
    await p.privately.tell(
      input.audience,
      doneBut(line(), describeFailure(shown.primaryError, 'update the alert in Slack', ref)),
    );
  }
  return { ok: true, finding, card: shown?.primary };
}
