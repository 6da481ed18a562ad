import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkBlocks, checkView } from './blocks-check.js';
import { SocketModeHub } from './socket.js';

/**
 * A local Slack: a real HTTP server on loopback that answers the Web API methods Warden uses,
 * records every call, keeps channels, threads, ephemeral messages and open modals, checks Block
 * Kit limits as Slack does, and can answer errors or 429 with Retry-After on demand. Tests and
 * the demo point SLACK_API_URL at `${url}/api/`.
 */

export interface SlackUser {
  id: string;
  name: string;
  tz: string;
  is_bot?: boolean;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  profile: { display_name: string; real_name: string; email?: string };
}

export interface SlackMessage {
  channel: string;
  ts: string;
  text: string;
  blocks: unknown[];
  thread_ts?: string;
  metadata?: unknown;
  edited?: boolean;
}

export interface EphemeralMessage {
  id: string;
  channel: string;
  user: string;
  text: string;
  blocks: unknown[];
  via: 'chat.postEphemeral' | 'response_url' | 'ack';
  /** Replaced through a response_url with replace_original. */
  replaced?: number;
  /** When it was posted (ms). */
  at: number;
}

export interface UploadedFile {
  id: string;
  filename: string;
  title: string;
  content: string;
  channel?: string;
  initialComment?: string;
}

export interface OpenView {
  id: string;
  hash: string;
  view: Record<string, unknown>;
  user?: string;
  trigger_id?: string;
  /** Closed by the person or by a submission Warden accepted. */
  closed?: boolean;
}

export interface RecordedCall {
  method: string;
  args: Record<string, unknown>;
  at: number;
}

export interface SlackFault {
  method: string;
  times?: number;
  /** Answer `{ok:false, error}` with HTTP 200, as Slack does. */
  error?: string;
  /** HTTP 429 with this Retry-After (seconds). */
  rateLimitSeconds?: number;
  /** HTTP status other than 200 (e.g. 503). */
  status?: number;
  /** Carry the call out, then drop the connection without an answer (a crash after Slack acted). */
  dropAfter?: boolean;
  /** Answer this much later. */
  latencyMs?: number;
}

export interface LocalSlack {
  url: string;
  apiUrl: string;
  botToken: string;
  /** The app's signing secret: the local Slack signs what it sends to the app with it. */
  signingSecret: string;
  /** The app-level token (xapp-…) Socket Mode connects with. */
  appToken: string;
  socket: SocketModeHub;
  teamId: string;
  botUserId: string;
  users: Map<string, SlackUser>;
  /** User group id -> member ids (usergroups.users.list). */
  usergroups: Map<string, string[]>;
  messages: SlackMessage[];
  ephemerals: EphemeralMessage[];
  views: Map<string, OpenView>;
  calls: RecordedCall[];
  fail(fault: SlackFault): void;
  clearFaults(): void;
  /** A trigger id Slack would put in a payload; valid for 3 s like Slack's. */
  issueTriggerId(): string;
  files: UploadedFile[];
  /**
   * The response_url Slack would put in a command or action payload; given an ephemeral
   * message id, it is the one of a button on that message (replace_original replaces it).
   */
  responseUrl(forEphemeral?: string): string;
  callsOf(method: string): RecordedCall[];
  /** A message deleted in Slack (by a person): later updates get message_not_found. */
  deleteMessage(channel: string, ts: string): void;
  /** Puts a message in a channel without an API call (seeding thousands of alerts for a benchmark). */
  seedMessage(channel: string, text: string): string;
  /** Extra HTTP routes (the demo page); a handler returns true when it answered. */
  route(handler: ExtraRoute): void;
  thread(channel: string, ts: string): SlackMessage[];
  close(): Promise<void>;
}

export type ExtraRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  raw: string,
) => Promise<boolean> | boolean;

export interface LocalSlackOptions {
  botToken?: string;
  teamId?: string;
  port?: number;
  /** How long a trigger id stays valid (Slack: 3 s). */
  triggerTtlMs?: number;
  /**
   * Also accept trigger ids minted elsewhere as `t.<epoch ms>.<anything>` (a load generator in
   * another process), still valid for triggerTtlMs from that time.
   */
  timestampedTriggers?: boolean;
}

/** A trigger id a separate process may mint for a local Slack with timestampedTriggers. */
export function mintTriggerId(now = Date.now()): string {
  return `t.${now}.${randomBytes(6).toString('hex')}`;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The Web API client sends form bodies with JSON-encoded nested values; JSON bodies also work. */
function parseArgs(contentType: string, raw: string): Record<string, unknown> {
  if (contentType.startsWith('application/json')) {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return isObject(parsed) ? parsed : {};
  }
  const args: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    if (/^[[{]/.test(v)) {
      try {
        args[k] = JSON.parse(v);
        continue;
      } catch {
        // plain text that starts with a bracket
      }
    }
    args[k] = v;
  }
  return args;
}

const DEFAULT_USERS: SlackUser[] = [
  {
    id: 'U0ALICE',
    name: 'alice',
    tz: 'Europe/Berlin',
    profile: { display_name: 'alice', real_name: 'Alice Adams', email: 'alice@acme.example' },
  },
  {
    id: 'U0BOB',
    name: 'bob',
    tz: 'America/New_York',
    profile: { display_name: 'bob', real_name: 'Bob Brown', email: 'bob@acme.example' },
  },
  {
    id: 'U0CAROL',
    name: 'carol',
    tz: 'Asia/Tokyo',
    profile: { display_name: 'carol', real_name: 'Carol Chen', email: 'carol@acme.example' },
  },
  {
    id: 'U0GUEST',
    name: 'guest',
    tz: 'UTC',
    is_restricted: true,
    profile: { display_name: 'guest', real_name: 'Gus Guest', email: 'gus@partner.example' },
  },
  {
    id: 'U0DAVE',
    name: 'dave',
    tz: 'Europe/London',
    profile: { display_name: 'dave', real_name: 'Dave Doe', email: 'dave@acme.example' },
  },
  {
    id: 'U0BOTTY',
    name: 'otherbot',
    tz: 'UTC',
    is_bot: true,
    profile: { display_name: 'otherbot', real_name: 'Other Bot' },
  },
];

export async function createLocalSlack(opts: LocalSlackOptions = {}): Promise<LocalSlack> {
  const botToken = opts.botToken ?? `xoxb-local-${randomBytes(8).toString('hex')}`;
  const teamId = opts.teamId ?? 'T0WARDEN';
  const triggerTtl = opts.triggerTtlMs ?? 3_000;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const appToken = `xapp-local-${randomBytes(8).toString('hex')}`;
  const signingSecret = `local-signing-${randomBytes(12).toString('hex')}`;
  const socket = new SocketModeHub(server, url);

  const users = new Map(DEFAULT_USERS.map((u) => [u.id, structuredClone(u)]));
  const usergroups = new Map<string, string[]>([
    ['S0SECENG', ['U0ALICE', 'U0BOB', 'U0CAROL']],
    ['S0SECLEADS', ['U0BOB', 'U0CAROL']],
  ]);
  const messages: SlackMessage[] = [];
  // channel:ts -> message, so lookups stay O(1) with thousands of alerts (benchmarks).
  const byTs = new Map<string, SlackMessage>();
  const ephemerals: EphemeralMessage[] = [];
  const views = new Map<string, OpenView>();
  const calls: RecordedCall[] = [];
  const extraRoutes: ExtraRoute[] = [];
  const triggers = new Map<string, number>();
  /** response_url path -> the ephemeral message it belongs to (if any). */
  const responseUrls = new Map<string, string | undefined>();
  const files: UploadedFile[] = [];
  const uploads = new Map<string, { filename: string; content?: string }>();
  let faults: (SlackFault & { remaining: number })[] = [];
  let clock = 1_763_800_000;
  let seq = 0;

  // Slack's ts format: seconds, a dot, six digits; unique per channel.
  const nextTs = () => {
    seq++;
    return `${clock + Math.floor(seq / 1_000_000)}.${String(seq % 1_000_000).padStart(6, '0')}`;
  };
  const fail = (error: string) => ({ ok: false, error });

  function method(name: string, args: Record<string, unknown>): Record<string, unknown> {
    const channel = typeof args.channel === 'string' ? args.channel : '';
    switch (name) {
      case 'auth.test':
        return {
          ok: true,
          url: 'https://acme.slack.example/',
          team: 'Acme',
          user: 'warden',
          team_id: teamId,
          user_id: 'U0WARDENBOT',
          bot_id: 'B0WARDEN',
        };
      case 'usergroups.users.list': {
        const members = usergroups.get(String(args.usergroup ?? ''));
        return members ? { ok: true, users: members } : fail('no_such_subteam');
      }
      case 'users.info': {
        const user = users.get(String(args.user));
        return user ? { ok: true, user: { ...user, team_id: teamId } } : fail('user_not_found');
      }
      case 'chat.postMessage': {
        if (!/^[CGD][A-Z0-9]+$/.test(channel)) return fail('channel_not_found');
        const bad = checkBlocks(args.blocks);
        if (bad) return { ...fail('invalid_blocks'), errors: [bad] };
        const thread = typeof args.thread_ts === 'string' ? args.thread_ts : undefined;
        if (thread && !byTs.has(`${channel}:${thread}`)) return fail('thread_not_found');
        const msg: SlackMessage = {
          channel,
          ts: nextTs(),
          text: String(args.text ?? ''),
          blocks: Array.isArray(args.blocks) ? args.blocks : [],
          ...(thread ? { thread_ts: thread } : {}),
          ...(args.metadata === undefined ? {} : { metadata: args.metadata }),
        };
        messages.push(msg);
        byTs.set(`${channel}:${msg.ts}`, msg);
        return { ok: true, channel, ts: msg.ts, message: { ...msg, type: 'message', bot_id: 'B0WARDEN' } };
      }
      case 'chat.update': {
        const msg = byTs.get(`${channel}:${String(args.ts)}`);
        if (!msg) return fail('message_not_found');
        const bad = checkBlocks(args.blocks);
        if (bad) return { ...fail('invalid_blocks'), errors: [bad] };
        msg.text = String(args.text ?? msg.text);
        if (Array.isArray(args.blocks)) msg.blocks = args.blocks;
        msg.edited = true;
        return { ok: true, channel, ts: msg.ts, text: msg.text };
      }
      case 'chat.postEphemeral': {
        if (!/^[CGD][A-Z0-9]+$/.test(channel)) return fail('channel_not_found');
        if (!users.has(String(args.user))) return fail('user_not_in_channel');
        const bad = checkBlocks(args.blocks);
        if (bad) return { ...fail('invalid_blocks'), errors: [bad] };
        ephemerals.push({
          id: `E${++seq}`,
          channel,
          user: String(args.user),
          text: String(args.text ?? ''),
          blocks: Array.isArray(args.blocks) ? args.blocks : [],
          via: 'chat.postEphemeral',
          at: Date.now(),
        });
        return { ok: true, message_ts: nextTs() };
      }
      case 'views.open':
      case 'views.push': {
        const trigger = String(args.trigger_id ?? '');
        const minted = opts.timestampedTriggers ? /^t\.(\d{13})\./.exec(trigger) : null;
        const issued = triggers.get(trigger) ?? (minted ? Number(minted[1]) : undefined);
        if (issued === undefined) return fail('invalid_trigger_id');
        if (Date.now() - issued > triggerTtl) return fail('expired_trigger_id');
        triggers.delete(trigger);
        const bad = checkView(args.view);
        if (bad || !isObject(args.view))
          return { ...fail('invalid_arguments'), response_metadata: { messages: [bad] } };
        const id = `V${randomBytes(5).toString('hex').toUpperCase()}`;
        const open: OpenView = {
          id,
          hash: `${Date.now()}.${randomBytes(4).toString('hex')}`,
          view: args.view,
          trigger_id: trigger,
        };
        views.set(id, open);
        return { ok: true, view: { ...args.view, id, hash: open.hash, team_id: teamId } };
      }
      case 'views.update': {
        const open = views.get(String(args.view_id ?? ''));
        if (!open) return fail('not_found');
        if (typeof args.hash === 'string' && args.hash !== open.hash) return fail('hash_conflict');
        const bad = checkView(args.view);
        if (bad || !isObject(args.view))
          return { ...fail('invalid_arguments'), response_metadata: { messages: [bad] } };
        open.view = args.view;
        open.hash = `${Date.now()}.${randomBytes(4).toString('hex')}`;
        return { ok: true, view: { ...args.view, id: open.id, hash: open.hash, team_id: teamId } };
      }
      case 'conversations.history': {
        const limit = Math.min(1_000, Number(args.limit ?? 100) || 100);
        const withMetadata = args.include_all_metadata === true || args.include_all_metadata === 'true';
        const list = messages
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
      }
      case 'conversations.open': {
        const user = String(args.users ?? '');
        if (!users.has(user)) return fail('user_not_found');
        return { ok: true, channel: { id: `D${user.slice(1)}` } };
      }
      case 'files.getUploadURLExternal': {
        const id = `F${randomBytes(5).toString('hex').toUpperCase()}`;
        uploads.set(id, { filename: String(args.filename ?? 'file') });
        return { ok: true, upload_url: `${url}/upload/${id}`, file_id: id };
      }
      case 'files.completeUploadExternal': {
        const list = Array.isArray(args.files) ? args.files : [];
        const done: UploadedFile[] = [];
        for (const f of list) {
          const id = isObject(f) ? String(f.id) : '';
          const upload = uploads.get(id);
          if (!upload || upload.content === undefined) return fail('file_not_found');
          const file: UploadedFile = {
            id,
            filename: upload.filename,
            title: isObject(f) && typeof f.title === 'string' ? f.title : upload.filename,
            content: upload.content,
            ...(typeof args.channel_id === 'string' ? { channel: args.channel_id } : {}),
            ...(typeof args.initial_comment === 'string' ? { initialComment: args.initial_comment } : {}),
          };
          files.push(file);
          done.push(file);
        }
        return { ok: true, files: done.map((f) => ({ id: f.id, name: f.filename, title: f.title })) };
      }
      default:
        return fail('unknown_method');
    }
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    for (const route of extraRoutes) if (await route(req, res, path, raw)) return;
    if (path.startsWith('/upload/')) {
      const upload = uploads.get(path.slice('/upload/'.length));
      if (!upload) return send(res, 404, { ok: false, error: 'no_such_upload' });
      upload.content = raw;
      calls.push({ method: 'upload', args: { bytes: raw.length }, at: Date.now() });
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('OK');
    }
    if (path.startsWith('/response/')) {
      if (!responseUrls.has(path)) return send(res, 404, { ok: false, error: 'no_such_response_url' });
      const body = parseArgs(String(req.headers['content-type'] ?? ''), raw);
      calls.push({ method: 'response_url', args: body, at: Date.now() });
      const blocks = Array.isArray(body.blocks) ? body.blocks : [];
      const bad = checkBlocks(body.blocks);
      if (bad) return send(res, 400, { ok: false, error: 'invalid_blocks', errors: [bad] });
      const owner = responseUrls.get(path);
      const target =
        owner && body.replace_original === true ? ephemerals.find((e) => e.id === owner) : undefined;
      if (target) {
        target.text = String(body.text ?? '');
        target.blocks = blocks;
        target.replaced = (target.replaced ?? 0) + 1;
      } else if (body.response_type === 'in_channel') {
        return send(res, 400, { ok: false, error: 'in_channel_not_supported_here' });
      } else {
        ephemerals.push({
          id: `E${++seq}`,
          channel: '',
          user: '',
          text: String(body.text ?? ''),
          blocks,
          via: 'response_url',
          at: Date.now(),
        });
      }
      return send(res, 200, { ok: true });
    }
    if (!path.startsWith('/api/')) return send(res, 404, { ok: false, error: 'not_found' });
    const name = path.slice('/api/'.length);
    let args: Record<string, unknown>;
    try {
      args = parseArgs(String(req.headers['content-type'] ?? ''), raw);
    } catch {
      return send(res, 200, fail('invalid_json'));
    }
    calls.push({ method: name, args, at: Date.now() });
    const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? args.token;
    if (name === 'apps.connections.open') {
      return send(
        res,
        200,
        token === appToken ? { ok: true, url: socket.connectionUrl() } : fail('invalid_auth'),
      );
    }
    if (token !== botToken) return send(res, 200, fail('invalid_auth'));
    const fault = faults.find((f) => f.method === name && f.remaining > 0);
    if (fault) {
      fault.remaining--;
      if (fault.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
      if (fault.dropAfter) {
        method(name, args);
        req.socket.destroy();
        return;
      }
      if (fault.rateLimitSeconds !== undefined) {
        return send(res, 429, fail('ratelimited'), { 'retry-after': String(fault.rateLimitSeconds) });
      }
      if (fault.status !== undefined) return send(res, fault.status, fail('internal_error'));
      if (fault.error !== undefined) return send(res, 200, fail(fault.error));
    }
    return send(res, 200, method(name, args));
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { ok: false, error: `local_slack_error: ${String(error)}` });
    });
  });

  return {
    url,
    apiUrl: `${url}/api/`,
    botToken,
    signingSecret,
    appToken,
    socket,
    teamId,
    botUserId: 'U0WARDENBOT',
    users,
    usergroups,
    messages,
    ephemerals,
    views,
    calls,
    fail(fault) {
      faults.push({ ...fault, remaining: fault.times ?? 1 });
    },
    clearFaults() {
      faults = [];
    },
    issueTriggerId() {
      const id = `${++seq}.${clock}.${randomBytes(6).toString('hex')}`;
      triggers.set(id, Date.now());
      clock++;
      return id;
    },
    files,
    responseUrl(forEphemeral) {
      const path = `/response/${randomBytes(8).toString('hex')}`;
      responseUrls.set(path, forEphemeral);
      return `${url}${path}`;
    },
    route(handler) {
      extraRoutes.push(handler);
    },
    seedMessage(channel, text) {
      const msg: SlackMessage = { channel, ts: nextTs(), text, blocks: [] };
      messages.push(msg);
      byTs.set(`${channel}:${msg.ts}`, msg);
      return msg.ts;
    },
    deleteMessage(channel, ts) {
      const msg = byTs.get(`${channel}:${ts}`);
      if (!msg) return;
      byTs.delete(`${channel}:${ts}`);
      messages.splice(messages.indexOf(msg), 1);
    },
    callsOf(name) {
      return calls.filter((c) => c.method === name);
    },
    thread(channel, ts) {
      return messages.filter((m) => m.channel === channel && m.thread_ts === ts);
    },
    close() {
      socket.close();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
