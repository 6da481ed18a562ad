import type { App } from '@slack/bolt';
import { bulkFormKindOf, parseBulkForm, parseBulkMetadata } from '../blockkit/forms/bulk.js';
import { BULK_CALLBACK_ID, RollupId } from '../blockkit/ids.js';
import { renderInfoModal } from '../blockkit/info-modal.js';
import { asBulkChange } from '../domain/bulk-change.js';
import { isResourceId } from '../domain/finding-id.js';
import { openGroupForm, submitGroupAction } from '../usecases/act-on-group.js';
import { maxDaysOf } from '../usecases/open-action-modal.js';
import { openRollupCard } from '../usecases/open-rollup-card.js';
import { openReview } from '../usecases/review-group.js';
import type { ListenerContext } from './context.js';
import { audienceOf, BlockActionSchema, ViewSubmissionSchema } from './payloads.js';
import { refOf } from './ref.js';

const FORM_BUTTONS = {
  [RollupId.snoozeAll]: 'snooze',
  [RollupId.suppressAll]: 'suppress',
  [RollupId.acceptAll]: 'acceptRisk',
} as const;
const SUMMARY_BUTTONS = [RollupId.review, RollupId.reopenAll, ...Object.keys(FORM_BUTTONS)];

/** A roll-up summary's buttons (value: the group id) and the bulk forms they open. */
export function registerRollupListeners(app: App, { ports, work }: ListenerContext): void {
  app.action(new RegExp(`^(${SUMMARY_BUTTONS.join('|')})$`), async ({ ack, body, context }) => {
    await ack();
    await work.run(async () => {
      const ref = refOf(context);
      const parsed = BlockActionSchema.safeParse(body);
      if (!parsed.success) return ports.logger.warn({ ref }, 'malformed roll-up action ignored');
      const p = parsed.data;
      const [action] = p.actions;
      const groupId = action?.value ?? '';
      if (!action || !isResourceId(groupId)) {
        ports.logger.warn({ ref, user: p.user.id }, 'roll-up button with an invalid group refused');
        await ports.privately.tell(audienceOf(p), ':warning: This button is not valid; nothing was done.');
        return;
      }
      const who = { groupId, userId: p.user.id, ref };
      if (action.action_id === RollupId.review) return openReview(ports, { ...who, triggerId: p.trigger_id });
      if (action.action_id === RollupId.reopenAll)
        return submitGroupAction(ports, { ...who, action: { kind: 'reopen' } });
      const kind = Object.entries(FORM_BUTTONS).find(([id]) => id === action.action_id)?.[1];
      if (kind) await openGroupForm(ports, { ...who, kind, triggerId: p.trigger_id });
    });
  });

  registerOpenCard(app, { ports, work });

  app.view(BULK_CALLBACK_ID, async ({ ack, body, context }) => {
    const ref = refOf(context);
    const parsed = ViewSubmissionSchema.safeParse(body);
    const kind = parsed.success ? bulkFormKindOf(parsed.data.view.callback_id) : undefined;
    const meta = parsed.success
      ? parseBulkMetadata(parsed.data.view.private_metadata ?? undefined)
      : undefined;
    if (!parsed.success || !kind || !meta) {
      ports.logger.warn({ ref }, 'bulk form with unreadable metadata refused');
      await ack({
        response_action: 'update',
        view: renderInfoModal(
          'This form could not be read; nothing was changed. Open it again from the roll-up.',
        ),
      });
      return;
    }
    const now = new Date(ports.clock());
    const result = parseBulkForm(
      kind,
      parsed.data.view.state.values,
      meta,
      now,
      maxDaysOf(ports, kind),
      ports.settings.closureReasons,
    );
    const action = result.ok ? asBulkChange(result.action) : undefined;
    if (!result.ok || !action || action.kind === 'assignOwner') {
      await ack({ response_action: 'errors', errors: result.ok ? {} : result.errors });
      return;
    }
    // A form stacked on Review closes both: the outcome is told in the roll-up's thread.
    await ack(meta.findingIds ? { response_action: 'clear' } : undefined);
    await work.run(() =>
      submitGroupAction(ports, {
        action,
        groupId: meta.groupId,
        findingIds: meta.findingIds,
        userId: parsed.data.user.id,
        ref,
      }),
    );
  });
}

/** Open card, next to each finding in a roll-up's thread. */
function registerOpenCard(app: App, { ports, work }: Pick<ListenerContext, 'ports' | 'work'>): void {
  app.action(RollupId.openCard, async ({ ack, body, context }) => {
    await ack();
    await work.run(async () => {
      const ref = refOf(context);
      const parsed = BlockActionSchema.safeParse(body);
      if (!parsed.success) return ports.logger.warn({ ref }, 'malformed Open card ignored');
      const findingId = parsed.data.actions[0]?.value ?? '';
      const audience = audienceOf(parsed.data);
      if (!isResourceId(findingId)) {
        await ports.privately.tell(audience, ':warning: This button does not name a valid finding.');
        return;
      }
      await openRollupCard(ports, { findingId, userId: parsed.data.user.id, audience, ref });
    });
  });
}
