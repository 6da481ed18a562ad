import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  blockActionBody,
  postSigned,
  type SlackActor,
  slashCommandBody,
  viewSubmissionBody,
} from '../slack/requests.js';
import type { LocalSlack } from '../slack/server.js';
import type { OpenView } from '../slack/types.js';
import { isObject } from '../slack/workspace.js';
import { DEMO_CHANNEL, isSwitchable } from './page-view.js';
import { CHOICES } from './page-view-actions.js';
import { isOrgPerson, workspaceActor } from './page-workspaces.js';

/**
 * What a person does in the demo page, delivered to Warden as Slack delivers it: a button press
 * (block_actions), a form submission (view_submission, whose answer decides what the modal does),
 * closing a modal, a slash command (whose answer in the ack is shown to that person only). The
 * local Slack signs each request with the app's signing secret.
 */

export interface PageContext {
  slack: LocalSlack;
  /** Warden's request URL (`/slack/events`). */
  eventsUrl: string;
  /** The request URL of the Warden installed by OAuth in the organisation's workspaces. */
  orgEventsUrl?: string;
  /** The slash command Warden is configured with (SLACK_COMMAND). */
  command: string;
}

export type Answer = { status: number; body: unknown };

const userId = z.string().refine(isSwitchable, 'not a person of the demo');
const channelId = z.string().regex(/^[CD][A-Z0-9]{2,40}$/);

export const ClickSchema = z.object({
  user: userId,
  channel: channelId,
  actionId: z.string().max(255),
  value: z.string().max(2_000).optional(),
  blockId: z.string().max(255).optional(),
  messageTs: z.string().max(40).optional(),
  ephemeralId: z.string().max(40).optional(),
  /** `button` unless a menu, an overflow or boxes was used (then what was chosen). */
  type: z.string().max(40).optional(),
  ...CHOICES,
});
export const SubmitSchema = z.object({
  user: userId,
  viewId: z.string().max(40),
  values: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export const CloseSchema = z.object({ user: userId, viewId: z.string().max(40) });
export const CommandSchema = z.object({ user: userId, channel: channelId, text: z.string().max(4_000) });

function actor(ctx: PageContext, user: string, channelId = DEMO_CHANNEL.id): SlackActor {
  const person = ctx.slack.users.get(user);
  return workspaceActor(user, person?.name ?? user, channelId);
}

/** The request URL of the Warden serving the person's workspace: the demo's own, or the one installed in the organisation. */
export const eventsUrlFor = (ctx: PageContext, user: string) =>
  isOrgPerson(user) && ctx.orgEventsUrl ? ctx.orgEventsUrl : ctx.eventsUrl;

const send = (ctx: PageContext, user: string, body: string) =>
  postSigned(eventsUrlFor(ctx, user), body, ctx.slack.signingSecret);

function parseJson(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

export async function click(ctx: PageContext, c: z.output<typeof ClickSchema>): Promise<Answer> {
  const ws = ctx.slack.workspace;
  const ephemeral = c.ephemeralId ? ws.ephemerals.find((e) => e.id === c.ephemeralId) : undefined;
  if (c.ephemeralId && ephemeral?.user !== c.user) return { status: 404, body: { error: 'no such message' } };
  if (!ephemeral && !ws.message(c.channel, c.messageTs ?? ''))
    return { status: 404, body: { error: 'no such message' } };
  const who = actor(ctx, c.user, c.channel);
  const {
    user: _u,
    channel: _c,
    actionId: _a,
    value: _v,
    blockId: _b,
    messageTs: _m,
    ephemeralId: _e,
    type,
    ...chosen
  } = c;
  const answer = await send(
    ctx,
    c.user,
    blockActionBody(who, {
      actionId: c.actionId,
      value: c.value ?? '',
      ...(c.blockId ? { blockId: c.blockId } : {}),
      messageTs: ephemeral?.ts ?? c.messageTs ?? '',
      ...(ephemeral ? { ephemeral: true } : {}),
      ...(type && type !== 'button' ? { choice: { type, ...chosen } } : {}),
      triggerId: ctx.slack.issueTriggerId(c.user),
      responseUrl: ctx.slack.responseUrl(ephemeral?.id, { user: c.user, channel: c.channel }),
    }),
  );
  return answer.status === 200
    ? { status: 200, body: { ok: true } }
    : { status: 200, body: { error: `Warden answered HTTP ${answer.status}` } };
}

/** Slack closes the submitted view unless the app answers errors, update, push or clear. */
function applySubmitAnswer(ctx: PageContext, open: OpenView, user: string, parsed: Record<string, unknown>) {
  const ws = ctx.slack.workspace;
  const view = isObject(parsed.view) ? parsed.view : undefined;
  const hash = () => `${Date.now()}.${randomBytes(3).toString('hex')}`;
  switch (parsed.response_action) {
    case 'errors':
      return;
    case 'update':
      if (!view) return;
      open.view = view;
      open.hash = hash();
      ws.changed({ kind: 'view', view: open });
      return;
    case 'push': {
      if (!view) return;
      const pushed: OpenView = {
        id: `V${randomBytes(5).toString('hex').toUpperCase()}`,
        hash: hash(),
        view,
        user,
      };
      ws.views.set(pushed.id, pushed);
      ws.changed({ kind: 'view', view: pushed });
      return;
    }
    case 'clear':
      for (const v of ws.views.values()) if (v.user === user && !v.closed) closeView(ctx, v);
      return;
    default:
      closeView(ctx, open);
  }
}

export function closeView(ctx: PageContext, view: OpenView): void {
  view.closed = true;
  ctx.slack.workspace.changed({ kind: 'view', view });
}

export async function submit(ctx: PageContext, s: z.output<typeof SubmitSchema>): Promise<Answer> {
  const open = ctx.slack.views.get(s.viewId);
  if (!open || open.closed || open.user !== s.user) return { status: 404, body: { error: 'no such view' } };
  const answer = await send(
    ctx,
    s.user,
    viewSubmissionBody(actor(ctx, s.user), {
      viewId: open.id,
      callbackId: String(open.view.callback_id ?? ''),
      privateMetadata: String(open.view.private_metadata ?? ''),
      values: s.values,
      triggerId: ctx.slack.issueTriggerId(s.user),
    }),
  );
  if (answer.status !== 200)
    return { status: 200, body: { error: `Warden answered HTTP ${answer.status}; the form stays open.` } };
  const parsed = answer.body ? parseJson(answer.body) : {};
  applySubmitAnswer(ctx, open, s.user, parsed);
  return { status: 200, body: parsed };
}

export function close(ctx: PageContext, c: z.output<typeof CloseSchema>): Answer {
  const open = ctx.slack.views.get(c.viewId);
  if (open && open.user === c.user && !open.closed) closeView(ctx, open);
  return { status: 200, body: { ok: true } };
}

/** `/warden …` as Slack sends it; anything else is answered with what the box accepts. */
export async function command(ctx: PageContext, c: z.output<typeof CommandSchema>): Promise<Answer> {
  const text = c.text.trim();
  const match = new RegExp(`^${ctx.command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\s+|$)`).exec(text);
  if (!match)
    return {
      status: 400,
      body: { error: `This box takes ${ctx.command} commands, e.g. ${ctx.command} help.` },
    };
  const slack = ctx.slack;
  const answer = await send(
    ctx,
    c.user,
    slashCommandBody(actor(ctx, c.user, c.channel), {
      command: ctx.command,
      text: text.slice(match[0].length),
      triggerId: slack.issueTriggerId(c.user),
      responseUrl: slack.responseUrl(undefined, { user: c.user, channel: c.channel }),
    }),
  );
  if (answer.status !== 200)
    return { status: 200, body: { error: `${ctx.command} failed: Warden answered HTTP ${answer.status}.` } };
  // An answer in the ack is shown to the person only (response_type ephemeral, the default).
  const reply = answer.body ? parseJson(answer.body) : {};
  if (typeof reply.text === 'string' || Array.isArray(reply.blocks)) {
    slack.workspace.addEphemeral({
      id: slack.workspace.nextId('A'),
      channel: c.channel,
      user: c.user,
      text: typeof reply.text === 'string' ? reply.text : '',
      blocks: Array.isArray(reply.blocks) ? reply.blocks : [],
      via: 'ack',
      at: Date.now(),
      ts: slack.workspace.nextTs(),
    });
  }
  return { status: 200, body: { ok: true } };
}
