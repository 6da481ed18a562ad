import { ACTION_VERB, describeChange } from '../blockkit/audit.js';
import { describeFailure, slackErrorCode } from '../blockkit/failure.js';
import { renderFindingAlert } from '../blockkit/finding.js';
import { code } from '../blockkit/mrkdwn.js';
import type { FindingAction } from '../domain/actions.js';
import { type Actor, attribute } from '../domain/attribution.js';
import { isApiError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { AuditEntry } from '../store/store.js';
import { updateFindingState } from '../tenant/findings.js';
import type { Finding } from '../tenant/schemas.js';
import type { WardenDeps } from './deps.js';
import { type Audience, tellUser } from './tell-user.js';

export interface ChangeFindingStateInput {
  findingId: string;
  action: FindingAction;
  actorId: string;
  /** Where to tell the person about a failure. */
  audience: Audience;
  /** The alert to replace, when the change came from one. */
  message?: { channel: string; ts: string } | undefined;
  /** Where to post the result when there is no alert in it yet (slash command). */
  channel: string;
  /** Correlates the person's message with the log. */
  ref: string;
  /** Four-eyes: the person who asked; `actorId` is then the approver. */
  requesterId?: string | undefined;
}

export type ChangeOutcome =
  | { ok: true; finding: Finding; message: { channel: string; ts: string } | undefined }
  | { ok: false; reason: 'busy' | 'refused' };

/** What an action sent, for the audit log (dates as ISO text). */
export function actionParams(action: FindingAction): Record<string, unknown> {
  switch (action.kind) {
    case 'snooze':
      return { reason: action.reason, until: action.until.toISOString() };
    case 'acceptRisk':
      return { justification: action.justification, expiresAt: action.expiresAt.toISOString() };
    case 'suppress':
    case 'resolve':
      return { reason: action.reason };
    default:
      return {};
  }
}

async function actorOf(deps: WardenDeps, userId: string): Promise<Actor> {
  try {
    const p = await deps.users.get(userId);
    return { userId, name: p.displayName, email: p.email };
  } catch {
    return { userId, name: userId, email: undefined };
  }
}

/**
 * The action as sent to the tenant: its reason or justification records who acted in Slack
 * (attribution template), and for a four-eyes acceptance who approved it too.
 */
async function attributed(deps: WardenDeps, input: ChangeFindingStateInput): Promise<FindingAction> {
  const { action } = input;
  if (action.kind === 'reopen' || action.kind === 'unsuppress') return action;
  const text = action.kind === 'acceptRisk' ? action.justification : action.reason;
  const author = await actorOf(deps, input.requesterId ?? input.actorId);
  let signed = attribute(deps.attributionTemplate, text, author);
  if (input.requesterId) {
    const approver = await actorOf(deps, input.actorId);
    signed = `${signed}, approved by ${approver.name}${approver.email ? ` (${approver.email})` : ''}`;
  }
  return action.kind === 'acceptRisk' ? { ...action, justification: signed } : { ...action, reason: signed };
}

async function audit(
  deps: WardenDeps,
  input: ChangeFindingStateInput,
  outcome: AuditEntry['outcome'],
  error: unknown,
  log: Logger,
) {
  deps.metrics.stateChanges.inc({ action: input.action.kind, outcome });
  const detail =
    error === undefined
      ? null
      : isApiError(error)
        ? `${error.kind}: ${error.serverMessage ?? error.message}`
        : String(error);
  try {
    await deps.store.appendAudit({
      at: deps.now().getTime(),
      team_id: deps.teamId,
      user_id: input.actorId,
      channel: input.audience.channel,
      finding_id: input.findingId,
      action: input.action.kind,
      params: {
        ...actionParams(input.action),
        ref: input.ref,
        ...(input.requesterId ? { requester: input.requesterId } : {}),
      },
      outcome,
      error: detail,
    });
  } catch (e) {
    log.error({ err: e }, 'audit entry could not be written');
  }
}

/**
 * The flow after every decision (CONVENTIONS: Sentry's Slack flow): send the change to the
 * tenant, rebuild the alert from the finding the tenant returned, replace every alert of the
 * finding Warden knows of (the message index) or post one where there was none, and reply in
 * each thread with who did what. A failure tells the person what happened and leaves the
 * alerts, buttons included, as they were. Every attempt is in the audit log.
 */
export async function changeFindingState(
  deps: WardenDeps,
  input: ChangeFindingStateInput,
): Promise<ChangeOutcome> {
  const { findingId, action, ref } = input;
  const log = deps.logger.child({
    ref,
    findingId,
    action: action.kind,
    user: input.actorId,
    channel: input.channel,
  });
  if (deps.inflight.has(findingId)) {
    await tellUser(
      deps,
      input.audience,
      `:hourglass: A change to finding ${code(findingId)} is already in progress; Warden sent nothing more. Watch the alert for its result.`,
    );
    log.info('refused: a change to this finding is in flight');
    await audit(deps, input, 'busy', undefined, log);
    return { ok: false, reason: 'busy' };
  }
  deps.inflight.add(findingId);
  let finding: Finding;
  try {
    finding = await updateFindingState(deps.tenant, findingId, await attributed(deps, input));
  } catch (error) {
    log.warn({ err: error }, 'state change failed');
    await audit(
      deps,
      input,
      isApiError(error) && error.processed === 'yes' ? 'refused' : 'failed',
      error,
      log,
    );
    await tellUser(
      deps,
      input.audience,
      describeFailure(error, `${ACTION_VERB[action.kind]} finding ${code(findingId)}`, ref),
    );
    return { ok: false, reason: 'refused' };
  } finally {
    deps.inflight.delete(findingId);
  }
  log.info({ state: finding.state }, 'state changed');
  await audit(deps, input, 'ok', undefined, log);
  const now = deps.now();
  await deps.store
    .recordSeen(
      findingId,
      { state: finding.state ?? null, recurrence: finding.recurrenceCount ?? null },
      now.getTime(),
    )
    .catch((error: unknown) => log.warn({ err: error }, 'could not record the new state as seen'));

  const rendered = renderFindingAlert(finding, { now });
  const auditLine = describeChange(action, input.actorId, finding, input.requesterId);
  const indexed = await deps.store.messagesFor(findingId).catch((error: unknown) => {
    log.warn({ err: error }, 'message index unavailable; updating only this message');
    return [];
  });
  // One alert per channel; the message the person clicked wins for its channel.
  const targets = new Map<string, { channel: string; ts: string; posted?: boolean }>(
    indexed.map((m) => [m.channel, m]),
  );
  if (input.message) targets.set(input.message.channel, input.message);
  const primaryChannel = input.message?.channel ?? input.channel;
  let primary: { channel: string; ts: string } | undefined = targets.get(primaryChannel);
  let primaryError: unknown;

  if (!primary) {
    try {
      const posted = await deps.slack.chat.postMessage({
        channel: input.channel,
        text: rendered.text,
        blocks: rendered.blocks,
      });
      if (posted.ts) {
        primary = { channel: input.channel, ts: posted.ts };
        targets.set(input.channel, { ...primary, posted: true });
      }
    } catch (error) {
      primaryError = error;
    }
  }
  for (const target of targets.values()) {
    try {
      if (!target.posted) {
        await deps.slack.chat.update({
          channel: target.channel,
          ts: target.ts,
          text: rendered.text,
          blocks: rendered.blocks,
        });
      }
      await deps.store
        .upsertMessage(
          {
            findingId,
            channel: target.channel,
            ts: target.ts,
            lastState: finding.state ?? null,
            lastRecurrence: finding.recurrenceCount ?? null,
          },
          now.getTime(),
        )
        .catch((error: unknown) => log.warn({ err: error }, 'message index not updated'));
      await deps.slack.chat.postMessage({ channel: target.channel, thread_ts: target.ts, text: auditLine });
    } catch (error) {
      log.warn({ err: error, target: target.channel }, 'an alert of this finding could not be updated');
      if (target.channel === primaryChannel) primaryError = error;
    }
  }
  if (primaryError !== undefined) {
    // The change is done; only showing it failed. Say both, so nobody repeats it.
    log.error({ err: primaryError }, 'state changed but the Slack message could not be updated');
    const why = slackErrorCode(primaryError);
    const hint =
      why === 'not_in_channel' || why === 'channel_not_found'
        ? ' Invite Warden to this channel to see alerts here.'
        : '';
    await tellUser(
      deps,
      input.audience,
      `:white_check_mark: Done: ${auditLine}\n:warning: Warden could not update the alert in Slack${why ? ` (${code(why, 60)})` : ''}.${hint} _(ref ${code(ref, 40)})_`,
    );
  }
  return { ok: true, finding, message: primary };
}
