import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { Ports } from '../ports/index.js';

/**
 * Slack Connect: `channel_shared` (a channel became shared with another organisation: no more
 * finding details there, its workspace's admins told once) and `channel_unshared` (details come
 * back, unless Slack says it is still shared with someone else: `is_ext_shared`).
 */

const Shared = z.looseObject({ channel: z.string().min(1) });
const Unshared = z.looseObject({ channel: z.string().min(1), is_ext_shared: z.boolean().nullish() });

export function registerConnectEvents(
  app: App,
  /** The ports of the event's workspace; none (refused and counted there) when it is not served. */
  portsFor: (teamId: string | undefined) => Pick<Ports, 'connect' | 'logger'> | undefined,
): void {
  app.event('channel_shared', async ({ event, context }) => {
    const parsed = Shared.safeParse(event);
    if (!parsed.success) return;
    const p = portsFor(context.teamId);
    await p?.connect
      ?.changed(parsed.data.channel, true)
      .catch((error: unknown) => p?.logger.error({ err: error }, 'channel_shared not recorded'));
  });
  app.event('channel_unshared', async ({ event, context }) => {
    const parsed = Unshared.safeParse(event);
    if (!parsed.success) return;
    const p = portsFor(context.teamId);
    await p?.connect
      ?.changed(parsed.data.channel, parsed.data.is_ext_shared === true)
      .catch((error: unknown) => p?.logger.error({ err: error }, 'channel_unshared not recorded'));
  });
}
