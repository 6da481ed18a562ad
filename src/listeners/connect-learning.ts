import { z } from 'zod';
import { type ListenerContext, portsOf } from './context.js';

/**
 * Slack Connect, learnt in passing (issue 36, item 9): a missed channel_shared must not leave a
 * channel taken for internal. Every request Slack sends is looked at, before anything else:
 *
 * - the Events API envelope's `is_ext_shared_channel: true` (documented on the envelope; read
 *   wherever Slack puts it, an interaction's top level included) says the event's conversation
 *   is shared with another organisation;
 * - a person whose own workspace is not the request's, outside Enterprise Grid (where a workspace
 *   of the same organisation may share a channel too), acting in a channel: only Slack Connect
 *   brings a person of another workspace there.
 *
 * What is learnt goes to the workspace's guard (recorded, admins told, the channel's cards
 * replaced) in the background: the request is not held for it.
 */

const id = z.string().min(1).max(64);
const SeenSchema = z.looseObject({
  is_ext_shared_channel: z.boolean().nullish(),
  team: z.looseObject({ id: id.nullish() }).nullish(),
  team_id: id.nullish(),
  user: z.looseObject({ team_id: id.nullish() }).nullish(),
  enterprise: z.looseObject({ id: id.nullish() }).nullish(),
  enterprise_id: id.nullish(),
  event: z.looseObject({ channel: z.unknown() }).nullish(),
  channel: z.union([id, z.looseObject({ id: id.nullish() })]).nullish(),
  channel_id: id.nullish(),
  container: z.looseObject({ channel_id: id.nullish() }).nullish(),
});

/** The channel a request shows shared with another organisation, if it shows one. */
export function sharedChannelSeen(body: unknown): string | undefined {
  const parsed = SeenSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const b = parsed.data;
  const eventChannel = typeof b.event?.channel === 'string' ? b.event.channel : undefined;
  const channel =
    eventChannel ??
    (typeof b.channel === 'string' ? b.channel : b.channel?.id) ??
    b.channel_id ??
    b.container?.channel_id ??
    undefined;
  if (!channel || !/^[CGD][A-Z0-9]{2,}$/.test(channel)) return undefined;
  if (b.is_ext_shared_channel === true) return channel;
  const team = b.team?.id ?? b.team_id ?? undefined;
  const userTeam = b.user?.team_id ?? undefined;
  const grid = (b.enterprise?.id ?? b.enterprise_id ?? undefined) !== undefined;
  return !grid && team && userTeam && userTeam !== team && !channel.startsWith('D') ? channel : undefined;
}

/** Hands what a request shows to its workspace's guard, without holding the request. */
export function noticeSharing(
  body: unknown,
  context: { teamId?: string | undefined },
  ctx: ListenerContext,
): void {
  const channel = sharedChannelSeen(body);
  if (!channel) return;
  const p = portsOf(ctx, context, 'learn a channel’s sharing');
  if (!p) return;
  void p.connect
    ?.learned(channel)
    .catch((error: unknown) =>
      p.logger.warn({ err: error, channel }, 'channel sharing seen but not recorded'),
    );
}
