import { ACTION_VERB, describeChange } from '../blockkit/audit.js';
import { describeFailure, slackErrorCode } from '../blockkit/failure.js';
import { renderFindingAlert } from '../blockkit/finding.js';
import { code } from '../blockkit/mrkdwn.js';
import type { FindingAction } from '../domain/actions.js';
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
  /** Where to post the result when there is no alert (slash command). */
  channel: string;
  /** Correlates the person's message with the log. */
  ref: string;
}

export type ChangeOutcome =
  | { ok: true; finding: Finding; message: { channel: string; ts: string } | undefined }
  | { ok: false; reason: 'busy' | 'refused' };

/**
 * The flow after every decision (CONVENTIONS: Sentry's Slack flow): send the change to the
 * tenant, rebuild the alert from the finding the tenant returned, replace the alert in place
 * (or post it where there was none), and reply in its thread with who did what. A failure tells
 * the person what happened and leaves the alert, buttons included, as it was.
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
    return { ok: false, reason: 'busy' };
  }
  deps.inflight.add(findingId);
  let finding: Finding;
  try {
    finding = await updateFindingState(deps.tenant, findingId, action);
  } catch (error) {
    log.warn({ err: error }, 'state change failed');
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

  const rendered = renderFindingAlert(finding, { now: deps.now() });
  const audit = describeChange(action, input.actorId, finding);
  let message = input.message;
  try {
    if (message) {
      await deps.slack.chat.update({
        channel: message.channel,
        ts: message.ts,
        text: rendered.text,
        blocks: rendered.blocks,
      });
    } else {
      const posted = await deps.slack.chat.postMessage({
        channel: input.channel,
        text: rendered.text,
        blocks: rendered.blocks,
      });
      message = posted.ts ? { channel: input.channel, ts: posted.ts } : undefined;
    }
    if (message)
      await deps.slack.chat.postMessage({ channel: message.channel, thread_ts: message.ts, text: audit });
  } catch (error) {
    // The change is done; only showing it failed. Say both, so nobody repeats it.
    log.error({ err: error }, 'state changed but the Slack message could not be updated');
    const why = slackErrorCode(error);
    const hint =
      why === 'not_in_channel' || why === 'channel_not_found'
        ? ` Invite Warden to this channel to see alerts here.`
        : '';
    await tellUser(
      deps,
      input.audience,
      `:white_check_mark: Done: ${audit}\n:warning: Warden could not update the alert in Slack${why ? ` (${code(why, 60)})` : ''}.${hint} _(ref ${code(ref, 40)})_`,
    );
  }
  return { ok: true, finding, message };
}
