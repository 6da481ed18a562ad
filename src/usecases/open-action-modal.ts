import { describeFailure } from '../blockkit/failure.js';
import { renderFindingAlert, stateLabel } from '../blockkit/finding.js';
import { type ModalKind, RENDER_MODAL, renderErrorModal, renderLoadingModal } from '../blockkit/modals.js';
import { code } from '../blockkit/mrkdwn.js';
import { offeredActions } from '../domain/actions.js';
import { getFinding } from '../tenant/findings.js';
import type { WardenDeps } from './deps.js';

export interface OpenActionModalInput {
  kind: ModalKind;
  findingId: string;
  triggerId: string;
  userId: string;
  channel: string;
  /** The alert the button was on; absent for the slash command. */
  messageTs?: string | undefined;
  ref: string;
  /** Checks run after the loading view is open (the trigger_id is used first): a refusal replaces it. */
  gate?: () => Promise<string | undefined>;
}

/**
 * Opens the form for an action. The "Loading…" view opens first, before any tenant I/O, so the
 * trigger_id (valid 3 s) is used while fresh however slow the tenant is; the form replaces it
 * once the finding's current state and the person's time zone are known.
 */
export async function openActionModal(deps: WardenDeps, input: OpenActionModalInput): Promise<void> {
  const log = deps.logger.child({
    ref: input.ref,
    findingId: input.findingId,
    user: input.userId,
    modal: input.kind,
  });
  const opened = await deps.slack.views.open({
    trigger_id: input.triggerId,
    view: renderLoadingModal(input.findingId),
  });
  const viewId = opened.view?.id;
  if (!viewId) throw new Error('views.open answered without a view id');
  const refused = await input.gate?.();
  if (refused) {
    await deps.slack.views.update({ view_id: viewId, view: renderErrorModal(`:no_entry_sign: ${refused}`) });
    return;
  }
  const [findingResult, tz] = await Promise.all([
    getFinding(deps.tenant, input.findingId).then(
      (finding) => ({ finding }),
      (error: unknown) => ({ error }),
    ),
    deps.users.timeZone(input.userId),
  ]);
  if ('error' in findingResult) {
    log.warn({ err: findingResult.error }, 'could not load the finding for the modal');
    await deps.slack.views.update({
      view_id: viewId,
      view: renderErrorModal(
        describeFailure(findingResult.error, `load finding ${code(input.findingId)}`, input.ref),
      ),
    });
    return;
  }
  const { finding } = findingResult;
  if (!offeredActions(finding.state).includes(input.kind)) {
    // Someone acted meanwhile: say so, and refresh the alert so it shows the current state.
    await deps.slack.views.update({
      view_id: viewId,
      view: renderErrorModal(
        `This finding is now ${stateLabel(finding.state)}, so this action is not offered any more. The alert has been refreshed.`,
      ),
    });
    if (input.messageTs) {
      const rendered = renderFindingAlert(finding, { now: deps.now() });
      await deps.slack.chat
        .update({ channel: input.channel, ts: input.messageTs, text: rendered.text, blocks: rendered.blocks })
        .catch((error: unknown) => log.warn({ err: error }, 'could not refresh the alert'));
    }
    return;
  }
  const maxDays = input.kind === 'snooze' ? deps.limits.snoozeMaxDays : deps.limits.riskAcceptanceMaxDays;
  const view = RENDER_MODAL[input.kind]({
    finding,
    maxDays,
    meta: {
      findingId: input.findingId,
      channel: input.channel,
      tz,
      ...(input.messageTs ? { ts: input.messageTs } : {}),
    },
  });
  await deps.slack.views.update({ view_id: viewId, view });
}
