import { randomBytes, randomUUID } from 'node:crypto';
import type { SlackActor } from './actor.js';
import { checkBlocks } from './blocks-check.js';
import type { SlackMessage } from './types.js';
import { fail, isObject, type MethodAnswer, type Workspace } from './workspace.js';

/**
 * App unfurls (docs.slack.dev "Unfurling links in messages", "chat.unfurl", "link_shared"): a
 * person posts a message with links; for each link whose host is one of the app's
 * `unfurl_domains` Slack sends link_shared (channel, user, message_ts, unfurl_id, source,
 * links[{domain, url}]); the app answers with chat.unfurl, by channel + ts or unfurl_id + source,
 * each preview keyed by a URL of that message. Previews live on the message (`unfurls`). A link
 * typed in the composer, before sending, comes with channel `COMPOSER`, `source: composer` and
 * the unfurl id as `message_ts` (docs.slack.dev "link_shared"); its preview is on the draft.
 */

/** The links Slack finds in a message's text: `<url>` / `<url|label>` and bare https addresses. */
export function linksIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/<(https?:\/\/[^|>\s]+)(?:\|[^>]*)?>|(https?:\/\/[^\s<>]+)/g)) {
    const url = m[1] ?? m[2];
    if (url) found.add(url);
  }
  return [...found];
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
};
/** A domain of unfurl_domains covers itself and its subdomains. */
const covered = (host: string, domains: ReadonlySet<string>) =>
  [...domains].find((d) => host === d || host.endsWith(`.${d}`));

/**
 * Posts `text` as `actor` in the channel (or, `composer`, only types it: a draft nobody else
 * sees, not posted); the link_shared event for it, if any link is the app's.
 */
export function shareMessage(
  ws: Workspace,
  actor: SlackActor,
  text: string,
  composer = false,
): { message: SlackMessage; event?: Record<string, unknown> & { type: string } } {
  const message: SlackMessage = {
    channel: actor.channelId,
    ts: composer ? '' : ws.nextTs(),
    text,
    blocks: [],
    user: actor.userId,
  };
  if (!composer) ws.addMessage(message);
  const links = linksIn(text).flatMap((url) => {
    const host = hostOf(url);
    const domain = host ? covered(host, ws.unfurlDomains) : undefined;
    return domain ? [{ domain, url }] : [];
  });
  if (links.length === 0) return { message };
  const source = composer ? 'composer' : 'conversations_history';
  const unfurlId = composer
    ? `${actor.userId}-${randomUUID()}-${randomBytes(16).toString('hex')}`
    : `${actor.channelId}.${message.ts}.${ws.nextId('L')}`;
  ws.unfurlIds.set(`${source}:${unfurlId}`, message);
  message.shared_links = links.map((l) => l.url);
  return {
    message,
    event: {
      type: 'link_shared',
      channel: composer ? 'COMPOSER' : actor.channelId,
      // A DM between two people: the app is not in it (it is sent link_shared all the same).
      is_bot_user_member: !ws.directMessages.has(actor.channelId),
      user: actor.userId,
      message_ts: composer ? unfurlId : message.ts,
      unfurl_id: unfurlId,
      source,
      links,
      event_ts: composer ? ws.nextTs() : message.ts,
    },
  };
}

/** chat.unfurl, with Slack's errors. */
export function chatUnfurl(ws: Workspace, args: Record<string, unknown>): MethodAnswer {
  const byId = typeof args.unfurl_id === 'string' && typeof args.source === 'string';
  const byTs = typeof args.channel === 'string' && typeof args.ts === 'string';
  if (!byId && !byTs) return fail('invalid_arguments');
  const message = byId
    ? ws.unfurlIds.get(`${String(args.source)}:${String(args.unfurl_id)}`)
    : ws.message(String(args.channel), String(args.ts));
  if (!message) return fail(byId ? 'cannot_find_message' : 'cannot_find_channel');
  const unfurls = args.unfurls;
  if (unfurls === undefined) return fail('missing_unfurls');
  if (!isObject(unfurls) || Object.keys(unfurls).length === 0) return fail('invalid_unfurls_format');
  for (const [url, preview] of Object.entries(unfurls)) {
    if (!message.shared_links?.includes(url)) return fail('cannot_unfurl_url');
    if (!isObject(preview) || !Array.isArray(preview.blocks)) return fail('invalid_unfurls_format');
    const bad = checkBlocks(preview.blocks);
    if (bad) return { ...fail('invalid_unfurls_format'), errors: [bad] };
  }
  message.unfurls = { ...message.unfurls, ...unfurls };
  // A draft in the composer is its author's alone: no one is told of a change.
  if (message.ts) ws.changed({ kind: 'message', message });
  return { ok: true };
}
