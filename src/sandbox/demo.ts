import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { z } from 'zod';
import { createWarden, type Warden } from '../app.js';
import { loadConfig } from '../config.js';
import { signedPostSignature } from '../intake/verify-signed-post.js';
import { createLogger } from '../logger.js';
import { createSandboxTenant, type SandboxTenant } from './server.js';
import { createLocalSlack, type LocalSlack } from './slack.js';
import { blockActionBody, postSigned, slashCommandBody, viewSubmissionBody } from './slack-requests.js';

/**
 * `npm run demo`: the sandbox tenant, the local Slack with a web page that shows a channel, and
 * Warden wired to both, with a few alerts already posted. The page sends clicks, form
 * submissions and slash commands through the local Slack, which signs them as Slack does.
 */

const ME = { userId: 'U0ALICE', userName: 'alice', teamId: 'T0WARDEN', channelId: 'C0SECOPS' };
const PAGE = new URL('./demo-page/', import.meta.url);
const ASSETS: Record<string, [string, string]> = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/demo/app.js': ['app.js', 'text/javascript; charset=utf-8'],
  '/demo/app.css': ['app.css', 'text/css; charset=utf-8'],
};
const DEMO_FINDINGS = ['FND_CRED_EXPOSED', 'FND_SA_UNOWNED', 'FND_DECOY_USED', 'FND_SNOOZED', 'FND_HOSTILE'];

export interface Demo {
  url: string;
  warden: Warden;
  slack: LocalSlack;
  tenant: SandboxTenant;
  close(): Promise<void>;
}

/** A free loopback port, so Warden's public URL is known before it listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

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

export async function startDemo(opts: { port?: number; logLevel?: string } = {}): Promise<Demo> {
  const tenant = await createSandboxTenant();
  const slack = await createLocalSlack({ port: opts.port ?? 0 });
  const signingSecret = `demo-${randomBytes(12).toString('hex')}`;
  const alertsSecret = `demo-alerts-${randomBytes(12).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'warden-demo-'));
  const wardenPort = await freePort();
  const wardenUrl = `http://127.0.0.1:${wardenPort}`;
  const config = loadConfig({
    WARDEN_PUBLIC_URL: wardenUrl,
    SLACK_BOT_TOKEN: slack.botToken,
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_TEAM_ID: ME.teamId,
    SLACK_API_URL: slack.apiUrl,
    TENANT_BASE_URL: tenant.url,
    TENANT_CLIENT_ID: tenant.credentials.clientId,
    TENANT_CLIENT_SECRET: tenant.credentials.clientSecret,
    WARDEN_DATA_DIR: dataDir,
    ALERTS_WEBHOOK_SECRET: alertsSecret,
    ALERTS_CHANNEL: ME.channelId,
    LOG_LEVEL: opts.logLevel ?? 'warn',
  });
  const warden = await createWarden({
    config,
    logger: createLogger(config.logLevel),
    worker: { idleMs: 100 },
  });
  await warden.start(wardenPort);
  const events = `${wardenUrl}/slack/events`;

  const sendSigned = async (body: string) => {
    const answer = await postSigned(events, body, signingSecret);
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

  // A few alerts through the real intake, stored then delivered by the worker: two as the
  // tenant's signed finding-dispatch webhooks, the rest as HMAC-signed posts.
  for (const [i, id] of DEMO_FINDINGS.entries()) {
    const finding = tenant.findings.get(id, Date.now());
    if (!finding) continue;
    if (i < 2) {
      await tenant.sendFindingWebhook(`${wardenUrl}/hooks/findings`, finding);
      continue;
    }
    const body = JSON.stringify({ finding });
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await request(`${wardenUrl}/hooks/findings`, {
      method: 'POST',
      headers: {
        'x-warden-timestamp': ts,
        'x-warden-signature': signedPostSignature(alertsSecret, ts, body),
      },
      body,
    });
    await res.body.dump();
  }
  const started = Date.now();
  while (
    slack.messages.filter((m) => !m.thread_ts).length < DEMO_FINDINGS.length &&
    Date.now() - started < 10_000
  ) {
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    url: slack.url,
    warden,
    slack,
    tenant,
    async close() {
      await warden.stop(2_000);
      await slack.close();
      await tenant.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
