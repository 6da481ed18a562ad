import type { SlackActor } from './actor.js';
import { postSigned, type SignedPostResult } from './requests.js';
import { globalShortcutBody, messageShortcutBody } from './shortcut-bodies.js';
import type { Workspace } from './workspace.js';

/**
 * A person using the app's shortcuts (docs.slack.dev "Shortcuts"): on a message stored in the
 * local Slack (its words and ts as Slack has them), or from the shortcuts menu. The payload is
 * signed with the app's signing secret and posted to its Request URL, with a fresh trigger_id
 * (3 s, theirs) and, for a message shortcut, a response_url.
 */
export interface ShortcutTriggers {
  /** Throws for a message the workspace does not hold (Slack offers no shortcut on it). */
  messageShortcut(url: string, actor: SlackActor, callbackId: string, ts: string): Promise<SignedPostResult>;
  globalShortcut(
    url: string,
    actor: Omit<SlackActor, 'channelId'>,
    callbackId: string,
  ): Promise<SignedPostResult>;
  /** A person's message in a channel (not the app's): what a message shortcut is used on. */
  postAsPerson(channel: string, user: string, text: string): string;
}

export function shortcutTriggers(
  ws: Workspace,
  signingSecret: string,
  responseUrl: (audience: { channel: string; user: string }) => string,
): ShortcutTriggers {
  const authors = new Map<string, string>();
  return {
    async messageShortcut(url, actor, callbackId, ts) {
      const msg = ws.message(actor.channelId, ts);
      if (!msg) throw new Error(`no message ${ts} in ${actor.channelId}`);
      const body = messageShortcutBody(actor, {
        callbackId,
        message: {
          ts: msg.ts,
          text: msg.text,
          blocks: msg.blocks,
          ...(msg.thread_ts ? { thread_ts: msg.thread_ts } : {}),
          ...(authors.has(`${msg.channel}:${msg.ts}`)
            ? { user: authors.get(`${msg.channel}:${msg.ts}`) }
            : {}),
        },
        triggerId: ws.issueTrigger(actor.userId),
        responseUrl: responseUrl({ channel: actor.channelId, user: actor.userId }),
      });
      return postSigned(url, body, signingSecret);
    },
    async globalShortcut(url, actor, callbackId) {
      const body = globalShortcutBody(actor, { callbackId, triggerId: ws.issueTrigger(actor.userId) });
      return postSigned(url, body, signingSecret);
    },
    postAsPerson(channel, user, text) {
      const ts = ws.nextTs();
      ws.addMessage({ channel, ts, text, blocks: [] });
      authors.set(`${channel}:${ts}`, user);
      return ts;
    },
  };
}
