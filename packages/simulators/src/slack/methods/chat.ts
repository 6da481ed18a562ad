import { checkMessage } from '../blocks-check.js';
import { chatUnfurl } from '../links.js';
import type { SlackMessage } from '../types.js';
import { dmChannelOf, fail, type MethodAnswer, type Workspace } from '../workspace.js';
import { WORKSPACE_URL } from './people.js';

const CHANNEL_ID = /^[CGD][A-Z0-9]+$/;
const channelOf = (args: Record<string, unknown>) => (typeof args.channel === 'string' ? args.channel : '');

/** chat.postMessage, chat.update, chat.postEphemeral, conversations.history and .open. */
// An archived channel takes no new message, edit or ephemeral message: `is_archived` (each method's page).
export const chatMethods: Record<string, (ws: Workspace, args: Record<string, unknown>) => MethodAnswer> = {
  'chat.postMessage': (ws, args) => {
    const channel = channelOf(args);
    if (!CHANNEL_ID.test(channel)) return fail('channel_not_found');
    if (ws.archived.has(channel)) return fail('is_archived');
    const bad = checkMessage(args);
    if (bad) return { ...fail(bad.error), errors: [bad.detail] };
    const thread = typeof args.thread_ts === 'string' ? args.thread_ts : undefined;
    if (thread && !ws.message(channel, thread)) return fail('thread_not_found');
    const msg: SlackMessage = {
      channel,
      ts: ws.nextTs(),
      text: String(args.text ?? ''),
      blocks: Array.isArray(args.blocks) ? args.blocks : [],
      ...(thread ? { thread_ts: thread } : {}),
      ...(args.metadata === undefined ? {} : { metadata: args.metadata }),
    };
    ws.addMessage(msg);
    return { ok: true, channel, ts: msg.ts, message: { ...msg, type: 'message', bot_id: 'B0WARDEN' } };
  },
  'chat.update': (ws, args) => {
    const channel = channelOf(args);
    const msg = ws.message(channel, String(args.ts));
    if (!msg) return fail('message_not_found');
    if (ws.archived.has(channel)) return fail('is_archived');
    const bad = checkMessage(args);
    if (bad) return { ...fail(bad.error), errors: [bad.detail] };
    msg.text = String(args.text ?? msg.text);
    if (Array.isArray(args.blocks)) msg.blocks = args.blocks;
    // chat.update's `metadata` replaces the message's; without it the metadata is left as it was.
    if (args.metadata !== undefined) msg.metadata = args.metadata;
    msg.edited = true;
    ws.changed({ kind: 'message', message: msg });
    return { ok: true, channel, ts: msg.ts, text: msg.text };
  },
  'chat.postEphemeral': (ws, args) => {
    const channel = channelOf(args);
    if (!CHANNEL_ID.test(channel)) return fail('channel_not_found');
    if (ws.archived.has(channel)) return fail('is_archived');
    if (!ws.users.has(String(args.user))) return fail('user_not_in_channel');
    const bad = checkMessage(args);
    if (bad) return { ...fail(bad.error), errors: [bad.detail] };
    const ts = ws.nextTs();
    ws.addEphemeral({
      id: ws.nextId('E'),
      channel,
      user: String(args.user),
      text: String(args.text ?? ''),
      blocks: Array.isArray(args.blocks) ? args.blocks : [],
      via: 'chat.postEphemeral',
      at: Date.now(),
      ts,
    });
    return { ok: true, message_ts: ts };
  },
  'chat.unfurl': chatUnfurl,
  'conversations.history': (ws, args) => {
    const channel = channelOf(args);
    const limit = Math.min(1_000, Number(args.limit ?? 100) || 100);
    const withMetadata = args.include_all_metadata === true || args.include_all_metadata === 'true';
    const list = ws.messages
      .filter((m) => m.channel === channel && !m.thread_ts)
      .slice(-limit)
      .reverse()
      .map((m) => ({
        type: 'message',
        ts: m.ts,
        text: m.text,
        ...(withMetadata && m.metadata ? { metadata: m.metadata } : {}),
      }));
    return { ok: true, messages: list, has_more: false };
  },
  // A message's permalink (chat.getPermalink's page): channel_not_found, message_not_found.
  'chat.getPermalink': (ws, args) => {
    const channel = channelOf(args);
    if (!CHANNEL_ID.test(channel)) return fail('channel_not_found');
    const msg = ws.message(channel, String(args.message_ts ?? ''));
    if (!msg) return fail('message_not_found');
    const base = `${WORKSPACE_URL}archives/${channel}/p${msg.ts.replace('.', '')}`;
    const thread = msg.thread_ts ? `?thread_ts=${msg.thread_ts}&cid=${channel}` : '';
    return { ok: true, channel, permalink: `${base}${thread}` };
  },
  // A DM with one person (conversations.open's page): not with a bot, not with a deactivated person.
  'conversations.open': (ws, args) => {
    const id = String(args.users ?? '');
    const user = ws.users.get(id);
    if (!user) return fail('user_not_found');
    if (user.is_bot === true) return fail('cannot_dm_bot');
    if (user.deleted === true) return fail('user_disabled');
    return { ok: true, channel: { id: dmChannelOf(id) } };
  },
};
