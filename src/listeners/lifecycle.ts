import type { App } from '@slack/bolt';
import { z } from 'zod';
import { LifecycleId } from '../blockkit/ids.js';
import { isResourceId } from '../domain/finding-id.js';
import { pressExtend, pressLetEnd } from '../usecases/extend-end.js';
import { openHome } from '../usecases/publish-home.js';
import type { ListenerContext } from './context.js';
import { audienceOf, BlockActionSchema } from './payloads.js';
import { refOf } from './ref.js';

const HomeOpenedSchema = z.looseObject({
  type: z.literal('app_home_opened'),
  user: z.string().regex(/^[UW][A-Z0-9]{2,30}$/),
  tab: z.string().nullish(),
});

/** A reminder's Extend… / Let it end (also Extend… on the Home tab), and the Home tab opening. */
export function registerLifecycleListeners(app: App, { ports, work }: ListenerContext): void {
  app.action(LifecycleId.extend, async ({ ack, body, context }) => {
    await ack();
    await work.run(async () => {
      const ref = refOf(context);
      const parsed = BlockActionSchema.safeParse(body);
      if (!parsed.success) return ports.logger.warn({ ref }, 'malformed Extend… payload ignored');
      const jobId = parsed.data.actions[0]?.value ?? '';
      const audience = audienceOf(parsed.data);
      if (!isResourceId(jobId))
        return void (await ports.privately.tell(audience, ':warning: This button is not valid.'));
      await pressExtend(ports, {
        jobId,
        userId: parsed.data.user.id,
        audience,
        ref,
        triggerId: parsed.data.trigger_id,
      });
    });
  });

  app.action(LifecycleId.letEnd, async ({ ack, body, context }) => {
    await ack();
    await work.run(async () => {
      const ref = refOf(context);
      const parsed = BlockActionSchema.safeParse(body);
      if (!parsed.success) return ports.logger.warn({ ref }, 'malformed Let it end payload ignored');
      const p = parsed.data;
      const jobId = p.actions[0]?.value ?? '';
      const audience = audienceOf(p);
      if (!isResourceId(jobId))
        return void (await ports.privately.tell(audience, ':warning: This button is not valid.'));
      const ts = p.container?.message_ts ?? undefined;
      const channel = p.container?.channel_id ?? p.channel?.id ?? undefined;
      await pressLetEnd(ports, {
        jobId,
        userId: p.user.id,
        audience,
        ref,
        message: ts && channel ? { channel, ts } : undefined,
      });
    });
  });

  // Events are acknowledged by Bolt at once; the tab is published after.
  app.event('app_home_opened', async ({ event, context }) => {
    const parsed = HomeOpenedSchema.safeParse(event);
    if (!parsed.success || (parsed.data.tab && parsed.data.tab !== 'home')) return;
    const userId = parsed.data.user;
    await work.run(async () => {
      try {
        await openHome(ports, userId);
        ports.metrics.homePublished.inc({ outcome: 'ok' });
      } catch (error) {
        ports.metrics.homePublished.inc({ outcome: 'failed' });
        ports.logger.warn({ err: error, user: userId, ref: refOf(context) }, 'Home tab not published');
      }
    });
  });
}
