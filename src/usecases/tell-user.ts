import { request } from 'undici';
import type { WardenDeps } from './deps.js';

/** Where to tell a person something only they should see. */
export interface Audience {
  channel: string;
  user: string;
  /** The payload's response_url: works even where the bot is not in the channel. */
  responseUrl?: string | undefined;
}

/**
 * An ephemeral message to one person. Tries `chat.postEphemeral`, then the payload's
 * response_url (only if it points at Slack: it comes from a request, so it is checked, never
 * followed blindly). Never throws: a message that cannot be delivered is logged.
 */
export async function tellUser(deps: WardenDeps, to: Audience, text: string): Promise<boolean> {
  try {
    await deps.slack.chat.postEphemeral({ channel: to.channel, user: to.user, text });
    return true;
  } catch (error) {
    deps.logger.warn(
      { err: error, channel: to.channel, user: to.user },
      'chat.postEphemeral failed; trying response_url',
    );
  }
  if (!to.responseUrl) return false;
  let origin: string;
  try {
    origin = new URL(to.responseUrl).origin;
  } catch {
    return false;
  }
  if (!deps.responseUrlOrigins.includes(origin)) {
    deps.logger.warn({ origin }, 'response_url does not point at Slack; not used');
    return false;
  }
  try {
    const res = await request(to.responseUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response_type: 'ephemeral', replace_original: false, text }),
      signal: AbortSignal.timeout(5_000),
    });
    await res.body.dump();
    return res.statusCode < 300;
  } catch (error) {
    deps.logger.error({ err: error, user: to.user }, 'could not tell the person by response_url either');
    return false;
  }
}
