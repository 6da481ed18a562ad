import { z } from 'zod';
import { type Answer, eventsUrlFor, type PageContext } from './page-actions.js';
import { isSwitchable } from './page-view.js';
import { channelInWorkspaceOf, workspaceActor } from './page-workspaces.js';

/**
 * The app's shortcuts in the demo page, delivered as Slack delivers them (the local Slack's
 * shortcut triggers: signed, a fresh trigger_id): a message shortcut from a message's "More
 * actions" menu, on that message or on one the person writes first, and the global shortcut from
 * the shortcuts menu. The page offers only what the app's manifest declares (manifest.yml).
 */

export const DEMO_SHORTCUTS = {
  attach: { callbackId: 'shortcut.attach_note', type: 'message', name: 'Attach to finding…' },
  report: { callbackId: 'shortcut.report_activity', type: 'message', name: 'Report identity activity' },
  find: { callbackId: 'shortcut.find_finding', type: 'global', name: 'Find a finding' },
} as const;

const CALLBACK_IDS = Object.values(DEMO_SHORTCUTS).map((s) => s.callbackId) as [string, ...string[]];
const isGlobal = (id: string) =>
  Object.values(DEMO_SHORTCUTS).some((s) => s.callbackId === id && s.type === 'global');

export const ShortcutSchema = z.object({
  user: z.string().refine((u) => isSwitchable(u), 'not a person of the demo'),
  callbackId: z.enum(CALLBACK_IDS),
  channel: z
    .string()
    .regex(/^[CD][A-Z0-9]{2,40}$/)
    .optional(),
  /** The message the shortcut is used on… */
  messageTs: z
    .string()
    .regex(/^\d{1,12}\.\d{1,8}$/)
    .optional(),
  /** …or the words of a message the person posts first (Slack's 40,000 characters at most). */
  text: z.string().min(1).max(40_000).optional(),
});

export async function shortcut(ctx: PageContext, s: z.output<typeof ShortcutSchema>): Promise<Answer> {
  const { slack } = ctx;
  const name = slack.users.get(s.user)?.name ?? s.user;
  const url = eventsUrlFor(ctx, s.user);
  const answered = (status: number): Answer =>
    status === 200
      ? { status: 200, body: { ok: true } }
      : { status: 200, body: { error: `Warden answered HTTP ${status}` } };
  if (isGlobal(s.callbackId)) {
    const { channelId: _none, ...actor } = workspaceActor(s.user, name, '');
    return answered((await slack.globalShortcut(url, actor, s.callbackId)).status);
  }
  if (!s.channel || !channelInWorkspaceOf(s.user, s.channel))
    return { status: 400, body: { error: 'a message shortcut needs a channel of your workspace' } };
  const ts = s.text !== undefined ? slack.postAsPerson(s.channel, s.user, s.text) : s.messageTs;
  if (!ts || !slack.workspace.message(s.channel, ts))
    return { status: 404, body: { error: 'no such message in that channel' } };
  const actor = workspaceActor(s.user, name, s.channel);
  return answered((await slack.messageShortcut(url, actor, s.callbackId, ts)).status);
}
