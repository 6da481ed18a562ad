import { renderPointer, renderSharedNotice } from '../blockkit/connect-words.js';
import type { Logger } from '../logger.js';
import type { Clock } from '../ports/index.js';
import type { ChatPort, ConnectGuard, MessageMetadata, RedactOptions } from '../ports/slack.js';
import type { SharedChannels } from '../ports/store.js';

/**
 * Slack Connect safety: finding details never go to a conversation shared with another
 * organisation unless its route allows it (`allowExternal`). What Slack said (channel_shared /
 * channel_unshared, conversations.info and a DM's other member, `is_ext_shared_channel` on an
 * event, a person of another organisation acting in a channel) is kept in the store, so every
 * replica and every kind of message (cards, updates, thread replies, digests, reminders) is held
 * to it at the one place they all pass: the chat port.
 *
 * A verdict is not trusted for ever (a missed channel_shared: Warden down, events paused by
 * Slack): one older than `maxAgeMs` (an hour at most), or than this process, is asked again before
 * it is used, and `recheck` asks again about the stale ones in the background.
 */
export interface ConnectGuardDeps {
  store: SharedChannels;
  teamId: string;
  /**
   * What Slack says of a conversation now: conversations.info's `is_ext_shared`, and for a DM
   * whether its other member is of another organisation. Throws when Slack cannot say.
   */
  isExtShared: (channel: string) => Promise<boolean>;
  allowsExternal: (channel: string) => boolean;
  /** Where pointers send people, and where admins are told. */
  internalChannel: string | undefined;
  /** Posts the admins' notice (unguarded: it goes to the internal channel). */
  tell: ChatPort['post'];
  /** Told once Slack's answer changed what was recorded (the channel's cards follow it). */
  onChange: (channel: string, shared: boolean) => Promise<void>;
  /** Replaces the cards of channels whose sharing changed (usecases/connect/sweep-cards.ts). */
  sweepCards: () => Promise<void>;
  clock: Clock;
  logger: Logger;
  /** A verdict older than this is asked again. */
  maxAgeMs: number;
  /** When this process started: a verdict from before it is asked again. */
  startedAt: number;
}

/** Channels (C…), private channels (G…) and DMs (D…) may all have people of another organisation. */
const mayBeShared = (channel: string) => /^[CGD][A-Z0-9]{2,}$/.test(channel);

/** How long a channel Slack could not answer for goes by what is known without asking again. */
const UNASKABLE_MS = 10 * 60_000;
/** A background re-check that failed is due again after this. */
const RECHECK_RETRY_MS = 10 * 60_000;
/** Channels re-checked per background pass (conversations.info is Tier 3). */
const RECHECK_BATCH = 20;

export function createConnectGuard(d: ConnectGuardDeps): ConnectGuard {
  const unaskable = new Map<string, number>();
  const asking = new Map<string, Promise<boolean>>();
  const learning = new Map<string, Promise<void>>();
  const staleBefore = () => Math.max(d.clock() - d.maxAgeMs, d.startedAt);

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
    if (moved)
      await d
        .onChange(channel, shared)
        .catch((error: unknown) =>
          d.logger.error({ err: error, channel }, 'cards of a channel whose sharing changed not queued'),
        );
    if (shared) await tellAdmins(channel);
  }
  /** Asks Slack, once at a time per channel in this process; records the answer. */
  function ask(channel: string): Promise<boolean> {
    const pending = asking.get(channel);
    if (pending) return pending;
    const run = d
      .isExtShared(channel)
      .then(async (shared) => {
        await changed(channel, shared);
        return shared;
      })
      .finally(() => asking.delete(channel));
    asking.set(channel, run);
    return run;
  }
  async function redacts(channel: string, opts: RedactOptions = {}): Promise<boolean> {
    if (d.allowsExternal(channel)) return false;
    return isShared(channel, opts);
  }
  /**
   * Whether the conversation is shared with another organisation, whatever its route allows
   * (what may never go there at all, a decoy's uses, asks this: unknown counts as shared).
   */
  function shared(channel: string): Promise<boolean> {
    return isShared(channel, { unknown: 'withhold' });
  }
  async function isShared(channel: string, opts: RedactOptions): Promise<boolean> {
    if (!mayBeShared(channel)) return false;
    if (opts.slackSays === true) {
      await learned(channel);
      return true;
    }
    const known = await d.store.channelSharing(channel);
    const fresh = known?.checkedAt != null && known.checkedAt >= staleBefore();
    if (known && fresh) return known.shared;
    if ((unaskable.get(channel) ?? 0) <= d.clock()) {
      try {
        return await ask(channel);
      } catch (error) {
        // Not askable (no channels:read or im:read, a DM the app is not in, Slack down): said
        // once, and not asked again for a while (a flood would ask, and warn, on every card).
        unaskable.set(channel, d.clock() + UNASKABLE_MS);
        d.logger.warn(
          { err: error, channel, known: known?.shared ?? null },
          'could not tell whether a conversation is shared',
        );
      }
    }
    if (known) return known.shared;
    if (opts.slackSays === false) return false;
    return opts.unknown === 'withhold';
  }
  /** Recorded once however many requests show it at once (the event, and the preview it asks for). */
  function learned(channel: string): Promise<void> {
    if (!mayBeShared(channel) || d.allowsExternal(channel)) return Promise.resolve();
    const pending = learning.get(channel);
    if (pending) return pending;
    const run = (async () => {
      const known = await d.store.channelSharing(channel);
      if (known?.shared === true) return;
      d.logger.warn(
        { channel },
        'Slack shows a channel shared with another organisation that was not known as such',
      );
      await changed(channel, true);
    })().finally(() => learning.delete(channel));
    learning.set(channel, run);
    return run;
  }
  /** Asks Slack again about this workspace's channels whose verdict is older than the re-check age. */
  async function recheck(): Promise<number> {
    const before = staleBefore();
    const stale = await d.store.staleChannels(d.teamId, before, RECHECK_BATCH);
    let asked = 0;
    for (const channel of stale) {
      // Claimed as if checked a little before the age runs out: a failed ask is due again soon.
      const claimedAs = d.clock() - d.maxAgeMs + RECHECK_RETRY_MS;
      if (!(await d.store.claimRecheck(channel, before, claimedAs))) continue;
      asked++;
      await ask(channel).catch((error: unknown) =>
        d.logger.warn({ err: error, channel }, 'could not ask Slack again whether a channel is shared'),
      );
    }
    return asked;
  }
  return {
    redacts,
    changed,
    learned,
    async sweep() {
      await recheck();
      await d.sweepCards();
    },
    shared,
  };
}

/**
 * The metadata a message in a shared channel may carry: only Warden's own opaque ids, which find
 * its post again after a crash (a card's outbox id, a digest's job id); never a finding, a state
 * or who acted (README "Slack Connect").
 */
const OPAQUE: Record<string, string> = { warden_alert: 'outbox_id', warden_digest: 'digest_id' };

export function opaqueMetadata(m: MessageMetadata | undefined): MessageMetadata | undefined {
  const key = m ? OPAQUE[m.event_type] : undefined;
  const value = key ? m?.event_payload[key] : undefined;
  return m && key && typeof value === 'string'
    ? { event_type: m.event_type, event_payload: { [key]: value } }
    : undefined;
}

/** A chat that posts the pointer instead of the details (and no revealing metadata) where the guard says so. */
export function connectSafeChat(chat: ChatPort, guard: ConnectGuard, internal: string | undefined): ChatPort {
  const pointer = renderPointer(internal);
  return {
    async post(m) {
      if (!(await guard.redacts(m.channel))) return chat.post(m);
      return chat.post({
        channel: m.channel,
        threadTs: m.threadTs,
        ...pointer,
        metadata: opaqueMetadata(m.metadata),
      });
    },
    async update(m) {
      if (!(await guard.redacts(m.channel))) return chat.update(m);
      const metadata = opaqueMetadata(m.metadata);
      return chat.update({ channel: m.channel, ts: m.ts, ...pointer, ...(metadata ? { metadata } : {}) });
    },
    ephemeral: (m) => chat.ephemeral(m),
  };
}
