import type { KnownBlock } from '@slack/types';
import { request } from 'undici';
import type { WardenDeps } from './deps.js';

/** Where to tell a person something only they should see. */
export interface Audience {
  channel: string;
  user: string;
  /** The payload's response_url: works even where the bot is not in the channel. */
  responseUrl?: string | undefined;
}

export interface PrivateMessage {
  text: string;
  blocks?: KnownBlock[];
}

export interface SendOptions {
  /** Replace the ephemeral message the button was on (only a response_url can). */
  replaceOriginal?: boolean;
  /** Try the response_url before chat.postEphemeral (a command's own answer). */
  responseUrlFirst?: boolean;
}

/** A payload's response_url, only if it points at Slack: it comes from a request, so it is checked. */
function usableResponseUrl(deps: WardenDeps, url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    if (deps.responseUrlOrigins.includes(new URL(url).origin)) return url;
  } catch {
    // not a URL
  }
  deps.logger.warn('response_url does not point at Slack; not used');
  return undefined;
}

async function viaResponseUrl(
  deps: WardenDeps,
  url: string,
  message: PrivateMessage,
  replace: boolean,
): Promise<boolean> {
  try {
    const res = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response_type: 'ephemeral', replace_original: replace, ...message }),
      signal: AbortSignal.timeout(5_000),
    });
    const answer = await res.body.text();
    if (res.statusCode < 300) return true;
    deps.logger.warn(
      { status: res.statusCode, answer: answer.slice(0, 200) },
      'response_url refused the message',
    );
  } catch (error) {
    deps.logger.warn({ err: error }, 'response_url failed');
  }
  return false;
}

async function viaPostEphemeral(deps: WardenDeps, to: Audience, message: PrivateMessage): Promise<boolean> {
  try {
    await deps.slack.chat.postEphemeral({ channel: to.channel, user: to.user, ...message });
    return true;
  } catch (error) {
    deps.logger.warn({ err: error, channel: to.channel, user: to.user }, 'chat.postEphemeral failed');
    return false;
  }
}

/**
 * An ephemeral message to one person, by chat.postEphemeral and the payload's response_url, in
 * the order asked, each tried once. Never throws: a message that cannot be delivered is logged.
 */
export async function sendPrivately(
  deps: WardenDeps,
  to: Audience,
  message: PrivateMessage,
  opts: SendOptions = {},
): Promise<boolean> {
  const url = usableResponseUrl(deps, to.responseUrl);
  if (url && (opts.replaceOriginal || opts.responseUrlFirst)) {
    if (await viaResponseUrl(deps, url, message, opts.replaceOriginal === true)) return true;
    if (opts.replaceOriginal) return false;
    return viaPostEphemeral(deps, to, message);
  }
  if (await viaPostEphemeral(deps, to, message)) return true;
  const delivered = url ? await viaResponseUrl(deps, url, message, false) : false;
  if (!delivered) deps.logger.error({ user: to.user, channel: to.channel }, 'could not tell the person');
  return delivered;
}

/** A short ephemeral text: the usual way to report a problem to the person who acted. */
export function tellUser(deps: WardenDeps, to: Audience, text: string): Promise<boolean> {
  return sendPrivately(deps, to, { text });
}
