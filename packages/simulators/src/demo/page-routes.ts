import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { blockActionBody, postSigned, slashCommandBody, viewSubmissionBody } from '../slack/requests.js';
import type { LocalSlack } from '../slack/server.js';

/**
 * The demo page's routes on the local Slack: its files, the state it renders, and the clicks,
 * submissions and commands it sends, which the local Slack signs and delivers to Warden as Slack
 * would.
 */

export const ME = { userId: 'U0ALICE', userName: 'alice', teamId: 'T0WARDEN', channelId: 'C0SECOPS' };
const PAGE = new URL('./page/', import.meta.url);
const ASSETS: Record<string, [string, string]> = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/demo/app.js': ['app.js', 'text/javascript; charset=utf-8'],
  '/demo/app.css': ['app.css', 'text/css; charset=utf-8'],
};

function json(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
  return true;
}

const ClickSchema = z.object({
  actionId: z.string().max(255),
  value: z.string().max(2_000).optional(),
  blockId: z.string().max(255).optional(),
  messageTs: z.string().max(40).optional(),
  ephemeralId: z.string().max(40).optional(),
});
const SubmitSchema = z.object({
  viewId: z.string().max(40),
  values: z.record(z.string(), z.record(z.string(), z.unknown())),
});
const CommandSchema = z.object({ text: z.string().max(4_000) });
const CloseSchema = z.object({ viewId: z.string().max(40) });

export function routeDemoPage(slack: LocalSlack, wardenUrl: string): void {
  const events = `${wardenUrl}/slack/events`;
  const sendSigned = async (body: string) => {
    const answer = await postSigned(events, body, slack.signingSecret);
    return answer.body;
  };

  slack.route(async (req: IncomingMessage, res: ServerResponse, path: string, raw: string) => {
    const asset = ASSETS[path];
    if (req.method === 'GET' && asset) {
      res.writeHead(200, { 'content-type': asset[1], 'cache-control': 'no-store' });
      res.end(readFileSync(new URL(asset[0], PAGE)));
      return true;
    }
    if (req.method === 'GET' && path === '/demo/state') {
      const users = Object.fromEntries(
        [...slack.users.values()].map((u) => [u.id, u.profile.display_name || u.name]),
      );
      const view = [...slack.views.values()].reverse().find((v) => !v.closed);
      return json(res, 200, {
        me: ME.userId,
        users,
        messages: slack.messages.filter((m) => m.channel === ME.channelId).map((m) => ({ ...m, bot: true })),
        ephemerals: slack.ephemerals.filter((e) => e.user === ME.userId || e.user === '' || e.via === 'ack'),
        view: view ? { id: view.id, hash: view.hash, view: view.view } : null,
      });
    }
    if (req.method !== 'POST' || !path.startsWith('/demo/')) return false;
    let input: unknown;
    try {
      input = JSON.parse(raw || '{}');
    } catch {
      return json(res, 400, { error: 'not JSON' });
    }
    if (path === '/demo/click') {
      const click = ClickSchema.safeParse(input);
      if (!click.success) return json(res, 400, { error: 'bad click' });
      const c = click.data;
      const body = blockActionBody(ME, {
        actionId: c.actionId,
        value: c.value ?? '',
        ...(c.blockId ? { blockId: c.blockId } : {}),
        messageTs: c.messageTs ?? '',
        triggerId: slack.issueTriggerId(),
        responseUrl: slack.responseUrl(c.ephemeralId),
      });
      await sendSigned(body);
      return json(res, 200, { ok: true });
    }
    if (path === '/demo/submit') {
      const submit = SubmitSchema.safeParse(input);
      const open = submit.success ? slack.views.get(submit.data.viewId) : undefined;
      if (!submit.success || !open) return json(res, 400, { error: 'no such view' });
      const answer = await sendSigned(
        viewSubmissionBody(ME, {
          viewId: open.id,
          callbackId: String(open.view.callback_id ?? ''),
          privateMetadata: String(open.view.private_metadata ?? ''),
          values: submit.data.values,
          triggerId: slack.issueTriggerId(),
        }),
      );
      const parsed = answer
        ? (JSON.parse(answer) as { response_action?: string; view?: Record<string, unknown> })
        : {};
      if (!parsed.response_action) open.closed = true;
      else if (parsed.response_action === 'update' && parsed.view) {
        open.view = parsed.view;
        open.hash = `${Date.now()}.${randomBytes(3).toString('hex')}`;
      }
      return json(res, 200, parsed);
    }
    if (path === '/demo/close') {
      const close = CloseSchema.safeParse(input);
      const open = close.success ? slack.views.get(close.data.viewId) : undefined;
      if (open) open.closed = true;
      return json(res, 200, { ok: true });
    }
    if (path === '/demo/command') {
      const command = CommandSchema.safeParse(input);
      if (!command.success) return json(res, 400, { error: 'bad command' });
      const text = command.data.text.replace(/^\/warden\s*/, '');
      const answer = await sendSigned(
        slashCommandBody(ME, { text, triggerId: slack.issueTriggerId(), responseUrl: slack.responseUrl() }),
      );
      // An answer in the ack is shown to the person only, as Slack shows it.
      if (answer) {
        const reply = JSON.parse(answer) as { text?: string };
        slack.ephemerals.push({
          id: `A${Date.now()}`,
          channel: ME.channelId,
          user: ME.userId,
          text: reply.text ?? '',
          blocks: [],
          via: 'ack',
          at: Date.now(),
        });
      }
      return json(res, 200, { ok: true });
    }
    return json(res, 404, { error: 'unknown demo route' });
  });
}
