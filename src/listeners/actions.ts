import type { App } from '@slack/bolt';
import { actionKindOf, FINDING_ACTION_ID } from '../blockkit/action-table.js';
import { TASK_ACTION_ID } from '../blockkit/ids.js';
import { isResourceId } from '../domain/finding-id.js';
import { pressTaskButton } from '../usecases/create-task.js';
import { pressFindingButton } from '../usecases/press-finding-button.js';
import type { ListenerContext } from './context.js';
import { audienceOf, BlockActionSchema } from './payloads.js';
import { refOf } from './ref.js';

/** The buttons on a finding card: every action of the action table, and Create task. */
export function registerActionListeners(app: App, { ports, work }: ListenerContext): void {
  app.action(FINDING_ACTION_ID, async ({ ack, body, context }) => {
    await ack();
    await work.run(async () => {
      const ref = refOf(context);
      const parsed = BlockActionSchema.safeParse(body);
      if (!parsed.success) {
        ports.logger.warn(
          { ref, issues: parsed.error.issues.slice(0, 5) },
          'malformed block_actions payload ignored',
        );
        return;
      }
      const p = parsed.data;
      const [action] = p.actions;
      const kind = action ? actionKindOf(action.action_id) : undefined;
      const audience = audienceOf(p);
      const findingId = action?.value ?? '';
      if (!kind || !isResourceId(findingId)) {
        ports.logger.warn(
          { ref, user: p.user.id, value: findingId.slice(0, 80) },
          'button with an invalid finding id refused',
        );
        await ports.privately.tell(
          audience,
          ':warning: This button does not name a valid finding; nothing was done.',
        );
        return;
      }
      await pressFindingButton(ports, {
        kind,
        findingId,
        userId: p.user.id,
        channel: audience.channel,
        cardTs: p.container?.message_ts ?? undefined,
        triggerId: p.trigger_id,
        audience,
        ref,
      });
    });
  });

  app.action(TASK_ACTION_ID, async ({ ack, body, context }) => {
    await ack();
    await work.run(async () => {
      const ref = refOf(context);
      const parsed = BlockActionSchema.safeParse(body);
      if (!parsed.success) return ports.logger.warn({ ref }, 'malformed Create task payload ignored');
      const p = parsed.data;
      const audience = audienceOf(p);
      const findingId = p.actions[0]?.value ?? '';
      if (!isResourceId(findingId)) {
        await ports.privately.tell(
          audience,
          ':warning: This button does not name a valid finding; nothing was done.',
        );
        return;
      }
      const ts = p.container?.message_ts ?? undefined;
      await pressTaskButton(ports, {
        findingId,
        userId: p.user.id,
        channel: audience.channel,
        card: ts ? { channel: audience.channel, ts } : undefined,
        audience,
        ref,
      });
    });
  });
}
