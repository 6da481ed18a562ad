import type { App } from '@slack/bolt';
import { z } from 'zod';
import { parseAssignOwner } from '../blockkit/forms/assign-owner.js';
import { parseModalMetadata } from '../blockkit/forms/form-state.js';
import { parseHistoryMetadata } from '../blockkit/history.js';
import { ASSIGN_CALLBACK_ID, HISTORY_PAGE_ID, OwnerActionId } from '../blockkit/ids.js';
import { renderInfoModal } from '../blockkit/info-modal.js';
import { isResourceId } from '../domain/finding-id.js';
import { assignOwner, openAssignOwner } from '../usecases/assign-owner.js';
import { pressNotifyOwner } from '../usecases/notify-owner.js';
import { openHistory, turnHistoryPage } from '../usecases/show-history.js';
import type { ListenerContext } from './context.js';
import { audienceOf, type BlockActionPayload, BlockActionSchema, ViewSubmissionSchema } from './payloads.js';
import { refOf } from './ref.js';

const HistoryPageSchema = BlockActionSchema.extend({
  view: z.looseObject({ id: z.string().min(1).max(64), private_metadata: z.string().nullish() }),
});

/** A card button naming a finding: parsed, its value checked, or the person told it is not valid. */
type CardButton = { p: BlockActionPayload; findingId: string; ts: string | undefined; ref: string };

/** The owner and history buttons of a card, Assign owner's form, and History's paging. */
export function registerOwnerListeners(app: App, { ports, work }: ListenerContext): void {
  const onCardButton = (actionId: string, handle: (b: CardButton) => Promise<void>) =>
    app.action(actionId, async ({ ack, body, context }) => {
      await ack();
      await work.run(async () => {
        const ref = refOf(context);
        const parsed = BlockActionSchema.safeParse(body);
        if (!parsed.success) return ports.logger.warn({ ref, actionId }, 'malformed card button ignored');
        const findingId = parsed.data.actions[0]?.value ?? '';
        if (!isResourceId(findingId)) {
          await ports.privately.tell(
            audienceOf(parsed.data),
            ':warning: This button does not name a valid finding; nothing was done.',
          );
          return;
        }
        await handle({ p: parsed.data, findingId, ts: parsed.data.container?.message_ts ?? undefined, ref });
      });
    });

  onCardButton(OwnerActionId.notify, ({ p, findingId, ts, ref }) => {
    const audience = audienceOf(p);
    const card = ts ? { channel: audience.channel, ts } : undefined;
    return pressNotifyOwner(ports, {
      findingId,
      userId: p.user.id,
      channel: audience.channel,
      card,
      audience,
      ref,
    });
  });

  onCardButton(OwnerActionId.assign, ({ p, findingId, ts, ref }) =>
    openAssignOwner(ports, {
      findingId,
      userId: p.user.id,
      channel: audienceOf(p).channel,
      cardTs: ts,
      triggerId: p.trigger_id,
      ref,
    }),
  );

  onCardButton(OwnerActionId.history, ({ p, findingId, ts, ref }) =>
    openHistory(ports, {
      findingId,
      userId: p.user.id,
      channel: audienceOf(p).channel,
      cardTs: ts,
      triggerId: p.trigger_id,
      ref,
    }),
  );

  app.view(ASSIGN_CALLBACK_ID, async ({ ack, body, context }) => {
    const ref = refOf(context);
    const parsed = ViewSubmissionSchema.safeParse(body);
    const meta = parsed.success
      ? parseModalMetadata(parsed.data.view.private_metadata ?? undefined)
      : undefined;
    if (!parsed.success || !meta) {
      ports.logger.warn({ ref }, 'Assign owner submission with unreadable metadata refused');
      await ack({
        response_action: 'update',
        view: renderInfoModal(
          'This form could not be read. Nothing was changed; open it again from the alert.',
        ),
      });
      return;
    }
    const picked = parseAssignOwner(parsed.data.view.state.values);
    if (!picked.ok) {
      await ack({ response_action: 'errors', errors: picked.errors });
      return;
    }
    await ack();
    const userId = parsed.data.user.id;
    await work.run(() =>
      assignOwner(ports, {
        findingId: meta.findingId,
        userId,
        channel: meta.channel ?? userId,
        cardTs: meta.ts,
        assigneeId: picked.userId,
        ref,
      }),
    );
  });

  app.action(HISTORY_PAGE_ID, async ({ ack, body, context }) => {
    await ack();
    await work.run(async () => {
      const ref = refOf(context);
      const parsed = HistoryPageSchema.safeParse(body);
      const meta = parsed.success
        ? parseHistoryMetadata(parsed.data.view.private_metadata ?? undefined)
        : undefined;
      const page = Number(parsed.data?.actions[0]?.value ?? Number.NaN);
      if (!parsed.success || !meta || !Number.isInteger(page) || page < 0)
        return ports.logger.warn({ ref }, 'unreadable History page ignored');
      await turnHistoryPage(ports, {
        findingId: meta.findingId,
        userId: parsed.data.user.id,
        channel: undefined,
        viewId: parsed.data.view.id,
        page,
        ref,
      });
    });
  });
}
