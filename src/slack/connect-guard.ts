import { renderPointer, renderSharedNotice } from '../blockkit/connect-words.js';
import type { Logger } from '../logger.js';
import type { Clock } from '../ports/index.js';
import type { ChatPort, ConnectGuard } from '../ports/slack.js';
import type { SharedChannels } from '../ports/store.js';

/**
 * Slack Connect safety: finding details never go to a channel shared with another organisation
 * unless its route allows it (`allowExternal`). What Slack said (channel_shared /
 * channel_unshared, or conversations.info for a channel not seen before) is kept in the store,
 * so every replica and every kind of message (cards, updates, thread replies, digests,
 * reminders) is held to it at the one place they all pass: the chat port.
 */
export interface ConnectGuardDeps {
  store: SharedChannels;
  teamId: string;
  /** conversations.info: is_ext_shared (true: shared with another organisation). */
  isExtShared: (channel: string) => Promise<boolean>;
  allowsExternal: (channel: string) => boolean;
  /** Where pointers send people, and where admins are told. */
  internalChannel: string | undefined;
  /** Posts the admins' notice (unguarded: it goes to the internal channel). */
  tell: ChatPort['post'];
  clock: Clock;
  logger: Logger;
}

/** Direct messages (D…) are never shared; channels (C…) and private channels (G…) may be. */
const mayBeShared = (channel: string) => /^[CG]/.test(channel);

/** How long a channel conversations.info could not answer for is posted to without asking again. */
const UNASKABLE_MS = 10 * 60_000;

export function createConnectGuard(d: ConnectGuardDeps): ConnectGuard {
  const unaskable = new Map<string, number>();
  async function tellAdmins(channel: string): Promise<void> {
    if (!d.internalChannel || !(await d.store.claimAdminsTold(channel))) return;
    const notice = renderSharedNotice(channel, d.internalChannel);
    await d
      .tell({ channel: d.internalChannel, ...notice })
      .catch((error: unknown) =>
        d.logger.warn({ err: error, channel }, 'admins not told of a shared channel'),
      );
  }
  async function changed(channel: string, shared: boolean): Promise<void> {
    const moved = await d.store.setChannelShared(channel, d.teamId, shared, d.clock());
    d.logger.info({ channel, shared, changed: moved }, 'channel sharing');
    if (shared) await tellAdmins(channel);
  }
  async function shared(channel: string): Promise<boolean> {
    if (!mayBeShared(channel)) return false;
    const known = await d.store.channelSharing(channel);
    if (known !== undefined) return known;
    if ((unaskable.get(channel) ?? 0) > d.clock()) return false;
    let isShared: boolean;
    try {
      isShared = await d.isExtShared(channel);
    } catch (error) {
      // Not known and not askable (no channels:read, Slack down): posted as before, said once,
      // and not asked again for a while (a flood would ask, and warn, on every card).
      unaskable.set(channel, d.clock() + UNASKABLE_MS);
      d.logger.warn({ err: error, channel }, 'could not tell whether a channel is shared');
      return false;
    }
    await changed(channel, isShared);
    return isShared;
  }
  return {
    changed,
    async redacts(channel) {
      return !d.allowsExternal(channel) && (await shared(channel));
    },
    shared,
  };
}

/** A chat that posts the pointer instead of the details where the guard says so. */
export function connectSafeChat(chat: ChatPort, guard: ConnectGuard, internal: string | undefined): ChatPort {
  const pointer = renderPointer(internal);
  return {
    post: async (m) => chat.post((await guard.redacts(m.channel)) ? { ...m, ...pointer } : m),
    update: async (m) => chat.update((await guard.redacts(m.channel)) ? { ...m, ...pointer } : m),
    ephemeral: (m) => chat.ephemeral(m),
  };
}
