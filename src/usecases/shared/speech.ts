import { DEFAULT_LOCALE, type Locale } from '../../i18n/locale.js';
import { speaking } from '../../i18n/speak.js';
import type { Ports } from '../../ports/index.js';

/**
 * Whose language a message is rendered in (issue 37 item 7). A channel's messages speak the
 * language its routing rule names, whoever caused them (a card shown by `/warden show` follows the
 * channel, not the person who asked); what one person reads (an ephemeral, a modal, their DM, Home)
 * speaks theirs, from Slack (`users.info` `locale`, cached with the rest of the person).
 */
/** What the channel's language is read from: the settings' map of routing rules' languages. */
export interface ChannelLanguages {
  settings: { channelLocales?: ReadonlyMap<string, Locale> | undefined };
}

export function channelLocale(p: ChannelLanguages, channel: string): Locale {
  return p.settings.channelLocales?.get(channel) ?? DEFAULT_LOCALE;
}

/** Renders for a channel: its rule's language. */
export function inChannel<T>(p: ChannelLanguages, channel: string, render: () => T): T {
  return speaking(channelLocale(p, channel), render);
}

/** Runs `work` speaking the person's language (English when Slack cannot tell). */
export async function asPerson<T>(
  p: Pick<Ports, 'people'>,
  userId: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  return speaking(userId ? await p.people.locale(userId) : DEFAULT_LOCALE, work);
}

/** A line for a channel's thread: a string said as it is, or words rendered in each channel's language. */
export type ThreadLine = string | (() => string);

export const lineIn = (p: ChannelLanguages, channel: string, line: ThreadLine): string =>
  typeof line === 'string' ? line : inChannel(p, channel, line);

/**
 * The person's language for what must be said within Slack's 3 s (an ack, a loading modal on a
 * trigger that dies): theirs if Slack tells it within `ms` (it is cached after the first time),
 * else English for this once. Slack being slow must never cost the person their answer.
 */
export async function localeSoon(
  p: Pick<Ports, 'people' | 'timers'>,
  userId: string | undefined,
  ms = 300,
): Promise<Locale> {
  if (!userId) return DEFAULT_LOCALE;
  let cancel = () => {};
  const late = new Promise<Locale>((resolve) => {
    cancel = p.timers.after(ms, () => resolve(DEFAULT_LOCALE));
  });
  try {
    return await Promise.race([p.people.locale(userId), late]);
  } finally {
    cancel();
  }
}

/** Runs `work` in the person's language as `localeSoon` finds it. */
export async function asPersonSoon<T>(
  p: Pick<Ports, 'people' | 'timers'>,
  userId: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  return speaking(await localeSoon(p, userId), work);
}
