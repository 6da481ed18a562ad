import type { App } from '@slack/bolt';
import { describeFailure } from '../blockkit/failure.js';
import { actionKindOf, FINDING_ACTION_ID } from '../blockkit/ids.js';
import type { ModalKind } from '../blockkit/modals.js';
import type { FindingActionKind } from '../domain/actions.js';
import { isResourceId } from '../domain/finding-id.js';
import { alertRefusal, permissionRefusal } from '../usecases/authorize.js';
import { changeFindingState } from '../usecases/change-finding-state.js';
import type { WardenDeps } from '../usecases/deps.js';
import { openActionModal } from '../usecases/open-action-modal.js';
import { tellUser } from '../usecases/tell-user.js';
import { BlockActionSchema } from './payloads.js';
import { refOf } from './ref.js';

const MODAL_KINDS = new Set<string>(['snooze', 'acceptRisk', 'suppress', 'resolve']);
const isModalKind = (k: FindingActionKind): k is ModalKind => MODAL_KINDS.has(k);

/** The buttons on a finding alert. */
export function registerActionListeners(app: App, deps: WardenDeps): void {
  app.action(FINDING_ACTION_ID, async ({ ack, body, context }) => {
    await ack();
    await deps.work.run(async () => {
      const ref = refOf(context);
      const parsed = BlockActionSchema.safeParse(body);
      if (!parsed.success) {
        deps.logger.warn(
          { ref, issues: parsed.error.issues.slice(0, 5) },
          'malformed block_actions payload ignored',
        );
        return;
      }
      const p = parsed.data;
      const [action] = p.actions;
      const kind = action ? actionKindOf(action.action_id) : undefined;
      const channel = p.channel?.id ?? p.container?.channel_id ?? p.user.id;
      const audience = { channel, user: p.user.id, responseUrl: p.response_url ?? undefined };
      const findingId = action?.value ?? '';
      if (!kind || !isResourceId(findingId)) {
        deps.logger.warn(
          { ref, user: p.user.id, value: findingId.slice(0, 80) },
          'button with an invalid finding id refused',
        );
        await tellUser(
          deps,
          audience,
          ':warning: This button does not name a valid finding; nothing was done.',
        );
        return;
      }
      const messageTs = p.container?.message_ts ?? undefined;
      const check = { userId: p.user.id, action: kind, channel, findingId, ref, messageTs };
      // The button must be on the alert Warden posted for this finding, and the person allowed.
      const gate = async () => (await alertRefusal(deps, check)) ?? (await permissionRefusal(deps, check));
      if (isModalKind(kind)) {
        try {
          await openActionModal(deps, {
            kind,
            findingId,
            triggerId: p.trigger_id,
            userId: p.user.id,
            channel,
            messageTs,
            ref,
            gate,
          });
        } catch (error) {
          deps.logger.error({ err: error, ref, findingId }, 'could not open the form');
          await tellUser(deps, audience, describeFailure(error, 'open the form', ref));
        }
        return;
      }
      const refused = await gate();
      if (refused) {
        await tellUser(deps, audience, `:no_entry_sign: ${refused}`);
        return;
      }
      await changeFindingState(deps, {
        findingId,
        action: { kind },
        actorId: p.user.id,
        audience,
        message: messageTs ? { channel, ts: messageTs } : undefined,
        channel,
        ref,
      });
    });
  });
}
