import { request } from 'undici';
import type { Logger } from '../logger.js';
import type { Audience, ChatPort, PrivateMessage, PrivatePort, SendOptions } from '../ports/slack.js';

export interface PrivateMessagesOptions {
  chat: ChatPort;
  /** The person's direct messages with Warden (conversations.open); without it, none are used. */
  openDm?: ((userId: string) => Promise<string>) | undefined;
  logger: Logger;
  /** Origins a payload's response_url may point at (Slack's, or the local Slack in tests). */
  responseUrlOrigins: readonly string[];
}

/**
 * Ephemeral messages to one person, by chat.postEphemeral and the payload's response_url, in
 * the order asked, each tried once (from the Home tab, where there is no conversation, a direct
 * message). A response_url comes from a request, so it is used only when
 * it points at Slack.
 */
export function createPrivateMessages(opts: PrivateMessagesOptions): PrivatePort {
  const { chat, logger } = opts;

  function usable(url: string | undefined): string | undefined {
    if (!url) return undefined;
    try {
      if (opts.responseUrlOrigins.includes(new URL(url).origin)) return url;
    } catch {
      // not a URL
    }
    logger.warn('response_url does not point at Slack; not used');
    return undefined;
  }

  async function viaResponseUrl(url: string, message: PrivateMessage, replace: boolean): Promise<boolean> {
    try {
      const res = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ response_type: 'ephemeral', replace_original: replace, ...message }),
        signal: AbortSignal.timeout(5_000),
      });
      const answer = await res.body.text();
      if (res.statusCode < 300) return true;
      logger.warn(
        { status: res.statusCode, answer: answer.slice(0, 200) },
        'response_url refused the message',
      );
    } catch (error) {
      logger.warn({ err: error }, 'response_url failed');
    }
    return false;
  }

  async function viaPostEphemeral(to: Audience, message: PrivateMessage): Promise<boolean> {
    try {
      await chat.ephemeral({ channel: to.channel, user: to.user, ...message });
      return true;
    } catch (error) {
      logger.warn({ err: error, channel: to.channel, user: to.user }, 'chat.postEphemeral failed');
      return false;
    }
  }

  async function viaDirectMessage(
    openDm: (userId: string) => Promise<string>,
    to: Audience,
    message: PrivateMessage,
  ): Promise<boolean> {
    try {
      await chat.post({ channel: await openDm(to.user), ...message });
      return true;
    } catch (error) {
      logger.error({ err: error, user: to.user }, 'could not tell the person in a direct message');
      return false;
    }
  }

  async function send(to: Audience, message: PrivateMessage, o: SendOptions = {}): Promise<boolean> {
    const url = usable(to.responseUrl);
    if (url && (o.replaceOriginal || o.responseUrlFirst)) {
      if (await viaResponseUrl(url, message, o.replaceOriginal === true)) return true;
      if (o.replaceOriginal) return false;
      return viaPostEphemeral(to, message);
    }
    // A click on the Home tab has no channel (its audience's channel is the person): an
    // ephemeral needs a conversation, so they are told in their direct messages with Warden.
    if (to.channel === to.user && opts.openDm) return viaDirectMessage(opts.openDm, to, message);
    if (await viaPostEphemeral(to, message)) return true;
    const delivered = url ? await viaResponseUrl(url, message, false) : false;
    if (!delivered) logger.error({ user: to.user, channel: to.channel }, 'could not tell the person');
    return delivered;
  }

  return { send, tell: (to, text) => send(to, { text }) };
}
