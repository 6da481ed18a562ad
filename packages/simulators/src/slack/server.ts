import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { conversationInfo, conversationMembers, extSharedChannel } from './conversations.js';
import { appHomeOpened, deliverEvent, type EventTarget } from './events-api.js';
import { WorkflowFunctions } from './functions.js';
import { shareMessage } from './links.js';
import type { LocalSlack } from './local-slack.js';
import { METHODS } from './methods/index.js';
import { authTestOf, LocalOrg, ORG_PEOPLE, orgEventBody, orgUser } from './org.js';
import { RateLimiter } from './rate-limiter.js';
import { type EventCallback, eventCallbackBody } from './requests.js';
import { answerResponseUrl, sendJson } from './response-url.js';
import { shortcutTriggers } from './shortcuts.js';
import { SocketModeHub } from './socket.js';
import type {
  EventDelivery,
  EventRetryOptions,
  ExtraRoute,
  LocalSlackOptions,
  RecordedCall,
  ResponseAudience,
  SlackFault,
  SlackMessage,
} from './types.js';
import { uploadedBytes } from './upload.js';
import { parseArgs } from './web-api-args.js';
import { fail, Workspace } from './workspace.js';

export type { EventTarget } from './events-api.js';
export { SLACK_EVENT_RETRIES } from './events-api.js';
export type { LocalSlack } from './local-slack.js';
export type * from './types.js';

/**
 * A local Slack: a real HTTP server on loopback that answers the Web API methods Warden uses
 * (methods/), records every call, keeps channels, threads, ephemeral messages and open modals
 * (workspace.ts), checks Block Kit limits as Slack does, and can answer errors or 429 with
 * Retry-After on demand. Tests and the demo point SLACK_API_URL at `${url}/api/`.
 */

export { mintTriggerId } from './requests.js';

export async function createLocalSlack(opts: LocalSlackOptions = {}): Promise<LocalSlack> {
  const botToken = opts.botToken ?? `xoxb-local-${randomBytes(8).toString('hex')}`;
  const teamId = opts.teamId ?? 'T0WARDEN';
  const server: Server = createServer();
  // A port already taken rejects (EADDRINUSE) rather than crashing the process.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const appToken = `xapp-local-${randomBytes(8).toString('hex')}`;
  const signingSecret = `local-signing-${randomBytes(12).toString('hex')}`;
  const socket = new SocketModeHub(server, url);
  const ws = new Workspace(teamId, url, opts.triggerTtlMs ?? 3_000, opts.timestampedTriggers === true);
  const calls: RecordedCall[] = [];
  const extraRoutes: ExtraRoute[] = [];
  /** response_url path -> the ephemeral message it belongs to (if any) and whom it answers. */
  const responseUrls = new Map<string, { ephemeral?: string | undefined; audience?: ResponseAudience }>();
  let faults: (SlackFault & { remaining: number })[] = [];
  const now = opts.now ?? Date.now;
  const rateLimits = new RateLimiter(opts.rateLimits === true, now);
  const org = new LocalOrg(now);
  // The organisation's people (users in several teams), beside the default workspace's.
  for (const person of ORG_PEOPLE) ws.users.set(person.id, orgUser(person));
  const events: EventDelivery[] = [];
  /** Aborted on close: event retries still waiting are dropped. */
  const closing = new AbortController();

  const functions = new WorkflowFunctions('A0WARDEN');

  /** Delivers one event callback to the app as Slack does, recorded in `events`. */
  function deliverTo(payload: EventCallback, target: EventTarget, retry?: EventRetryOptions) {
    const delivery: EventDelivery = {
      eventId: payload.event_id,
      type: payload.event.type,
      target: target === 'socket' ? 'socket' : target.url,
      payload: { ...payload },
      attempts: [],
      delivered: false,
      retries: 0,
    };
    events.push(delivery);
    const transport = { signingSecret, socket, signal: closing.signal, now };
    return deliverEvent(transport, payload, target, delivery, { ...opts.events, ...retry });
  }

  const method = (name: string, args: Record<string, unknown>) =>
    METHODS[name]?.(ws, args) ?? fail('unknown_method');

  const send = sendJson;
  const respond = (res: ServerResponse, path: string, body: Record<string, unknown>) =>
    answerResponseUrl(res, body, { ws, calls, now, ...responseUrls.get(path) });

  /** The next fault set for this call (one use of it taken), if any. */
  const botTokenOfRun = (token: unknown, args: Record<string, unknown>) =>
    functions.isBotTokenOfRun(
      token,
      args,
      botToken,
      (t, team) => !('error' in org.check(t, { team_id: team })),
    );

  function takeFault(name: string, args: Record<string, unknown>) {
    const fault = faults.find(
      (f) => f.method === name && f.remaining > 0 && (f.channel === undefined || f.channel === args.channel),
    );
    if (fault) fault.remaining--;
    return fault;
  }

  async function api(req: IncomingMessage, res: ServerResponse, name: string, raw: string) {
    let args: Record<string, unknown>;
    try {
      args = parseArgs(String(req.headers['content-type'] ?? ''), raw);
    } catch {
      return send(res, 200, fail('invalid_json'));
    }
    const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? args.token;
    calls.push({ method: name, args, at: now(), token: typeof token === 'string' ? token : undefined });
    if (name === 'apps.connections.open') {
      return send(
        res,
        200,
        token === appToken ? { ok: true, url: socket.connectionUrl() } : fail('invalid_auth'),
      );
    }
    if (name === 'oauth.v2.access') {
      // A code exchange or a refresh may be made to fail (an error, or a 5xx) like any method.
      const fault = takeFault(name, args);
      if (fault?.status !== undefined) return send(res, fault.status, fail('internal_error'));
      return send(res, 200, fault?.error !== undefined ? fail(fault.error) : org.access(args));
    }
    // A run's own token ends only that run; the bot token of the run's workspace any of its runs.
    const byRun = functions.runOfToken(String(token ?? ''));
    if ((byRun || botTokenOfRun(token, args)) && /^functions\.complete(Success|Error)$/.test(name))
      return send(res, 200, functions.complete(name.endsWith('Success') ? 'success' : 'error', args, byRun));
    // The default workspace's token, or one an install issued (its workspace: per-workspace limits).
    const scope = token === botToken ? { teamId: undefined } : org.check(String(token ?? ''), args);
    if ('error' in scope) return send(res, 200, fail(scope.error));
    const issued = org.tokens.get(String(token ?? ''));
    if (name === 'auth.test' && issued) return send(res, 200, authTestOf(issued));
    if (name === 'conversations.info') {
      const contextTeam = org.channelTeams.get(String(args.channel ?? '')) ?? teamId;
      return send(res, 200, conversationInfo(ws, args, { teamId: contextTeam }));
    }
    if (name === 'conversations.members') return send(res, 200, conversationMembers(ws, args));
    const fault = takeFault(name, args);
    if (fault) {
      if (fault.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
      if (fault.lateAnswerMs) {
        const answer = method(name, args);
        await new Promise((r) => setTimeout(r, fault.lateAnswerMs));
        return send(res, 200, answer);
      }
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
    const retryAfter = rateLimits.check(name, args, scope.teamId ?? '');
    if (retryAfter !== undefined)
      return send(res, 429, fail('ratelimited'), { 'retry-after': String(retryAfter) });
    return send(res, 200, method(name, args));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const raw = body.toString('utf8');
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    for (const route of extraRoutes) if (await route(req, res, path, raw)) return;
    if (path.startsWith('/upload/')) {
      const upload = ws.uploads.get(path.slice('/upload/'.length));
      if (!upload) return send(res, 404, { ok: false, error: 'no_such_upload' });
      const bytes = await uploadedBytes(String(req.headers['content-type'] ?? ''), body).catch(
        () => undefined,
      );
      if (!bytes) return send(res, 400, { ok: false, error: 'invalid_upload' });
      upload.bytes = bytes;
      calls.push({ method: 'upload', args: { bytes: bytes.length }, at: now() });
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('OK');
    }
    if (path.startsWith('/response/')) {
      if (!responseUrls.has(path)) return send(res, 404, { ok: false, error: 'no_such_response_url' });
      return respond(res, path, parseArgs(String(req.headers['content-type'] ?? ''), raw));
    }
    if (path === '/oauth/v2/authorize') {
      const answer = org.authorize(new URL(req.url ?? '/', url).searchParams);
      if (answer.location) {
        res.writeHead(302, { location: answer.location });
        return res.end();
      }
      return send(res, answer.status, { ok: false, error: answer.error });
    }
    if (!path.startsWith('/api/')) return send(res, 404, { ok: false, error: 'not_found' });
    return api(req, res, path.slice('/api/'.length), raw);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { ok: false, error: `local_slack_error: ${String(error)}` });
    });
  });

  const local: LocalSlack = {
    url,
    apiUrl: `${url}/api/`,
    botToken,
    signingSecret,
    appToken,
    socket,
    teamId,
    botUserId: 'U0WARDENBOT',
    workspace: ws,
    users: ws.users,
    usergroups: ws.usergroups,
    messages: ws.messages,
    ephemerals: ws.ephemerals,
    views: ws.views,
    files: ws.files,
    calls,
    rateLimits,
    fail(fault) {
      faults.push({ ...fault, remaining: fault.times ?? 1 });
    },
    clearFaults() {
      faults = [];
    },
    issueTriggerId: (user) => ws.issueTrigger(user),
    responseUrl(forEphemeral, audience) {
      const path = `/response/${randomBytes(8).toString('hex')}`;
      responseUrls.set(path, { ephemeral: forEphemeral, ...(audience ? { audience } : {}) });
      return `${url}${path}`;
    },
    route(handler) {
      extraRoutes.push(handler);
    },
    ...shortcutTriggers(ws, signingSecret, (audience) => local.responseUrl(undefined, audience)),
    seedMessage(channel, text) {
      const msg: SlackMessage = { channel, ts: ws.nextTs(), text, blocks: [] };
      ws.addMessage(msg);
      return msg.ts;
    },
    deleteMessage: (channel, ts) => ws.removeMessage(channel, ts),
    callsOf: (name) => calls.filter((c) => c.method === name),
    thread: (channel, ts) => ws.messages.filter((m) => m.channel === channel && m.thread_ts === ts),
    archiveChannel: (id) => ws.archived.add(id),
    deleteUser: (id) => ws.deleteUser(id),
    hideEmail: (id) => ws.hideEmail(id),
    changeUser: (id, change) => ws.changeUser(id, change),
    shareExternally: (channel, shared) => {
      if (shared) ws.externallyShared.add(channel);
      else ws.externallyShared.delete(channel);
    },
    events,
    org,
    async shareLinks(actor, text, target, opts = {}) {
      const { message, event } = shareMessage(ws, actor, text, opts.composer === true);
      return { message, delivery: event ? await local.sendEvent(event, target) : undefined };
    },
    sendEvent(event, target, to = {}) {
      const { body } = orgEventBody(to.teamId === null ? null : (to.teamId ?? teamId), event, to);
      // The envelope says whether the event's conversation is shared with another organisation.
      body.is_ext_shared_channel = to.extShared ?? extSharedChannel(ws, event.channel);
      return deliverTo(body, target);
    },
    directMessage(a, b) {
      const id = `D${ws.nextId('M').toUpperCase()}${a.slice(1, 4)}${b.slice(1, 4)}`;
      ws.directMessages.set(id, [a, b]);
      return id;
    },
    openHome: (userId, target, retry) =>
      deliverTo(eventCallbackBody(teamId, appHomeOpened(ws, userId)), target, retry),
    functions,
    runStep(callbackId, inputs, target, o = {}) {
      const { run, event } = functions.start(callbackId, inputs, o);
      if (o.to) run.teamId = o.to.teamId;
      const body = o.to ? orgEventBody(o.to.teamId, event, o.to).body : eventCallbackBody(teamId, event);
      return { run, delivery: deliverTo(body, target, o.retry) };
    },
    close() {
      closing.abort();
      socket.close();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return local;
}
