import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AccessReviews } from './access-reviews.js';
import { AccessTasks } from './access-tasks.js';
import { type Answer, grpcError, isObject } from './answer.js';
import { TenantApps } from './apps.js';
import { FindingAudit } from './audit.js';
import { type SandboxCredentials, TenantAuth, type TokenOptions } from './auth.js';
import { BulkOperations } from './bulk-state.js';
import { createClock, type SandboxClock } from './clock.js';
import { DeviceFlow } from './device-flow.js';
import { devicePage, stepUpPage } from './device-page.js';
import { Faults } from './faults.js';
import { TenantFindings } from './findings.js';
import { parseJson, readBody } from './http-body.js';
import { PersonalClients } from './personal-clients.js';
import { answerApi } from './routes/index.js';
import type { AnswerOptions, TenantState } from './routes/types.js';
import { answerSandbox } from './sandbox-routes.js';
import { type JsonCampaign, seedCampaigns } from './seed-campaigns.js';
import { type JsonFinding, seedFindings } from './seed-findings.js';
import { SEED_TASKS } from './seed-reviews.js';
import { StepUpTransactions } from './step-up-transactions.js';
import { TenantTasks } from './tasks.js';
import { TenantUsers } from './users.js';
import {
  type SentWebhook,
  sendFindingWebhook,
  type WebhookDelivery,
  type WebhookOptions,
} from './webhook.js';

export type { SandboxClock } from './clock.js';
export type { JsonUser } from './seed-users.js';
export type { WebhookDelivery, WebhookOptions } from './webhook.js';

/**
 * A stateful simulated tenant: a real HTTP server on loopback that follows spec/tenant-api.md and
 * api-facts.md (not our client): token endpoint with both grant forms and OAuth errors, JWKS,
 * findings get/search/state with the likely transition table, campaigns, and fault injection.
 * Tests and the demo reach it over HTTP like the real tenant.
 */

export interface SandboxOptions {
  host?: string;
  port?: number;
  token?: Partial<TokenOptions>;
  /** The base clock; `tenant.clock` runs from it (tests move either to expire snoozes and tokens). */
  now?: () => number;
  /**
   * Seed the deliberately unfaithful fixtures too (seed-deliberate.ts: a newer tenant, hostile
   * text, a oneof broken). Default true; the contract test starts a faithful tenant with false.
   */
  deliberate?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** The raw request target as it arrived (still percent-encoded). */
  rawPath: string;
  path: string;
  authorized: boolean;
  body: string;
  /** When it arrived (ms since the epoch). */
  at: number;
  /** The answer's status and body, once sent (none when the connection was dropped). */
  status?: number;
  answer?: string;
}

export interface SandboxTenant {
  url: string;
  credentials: SandboxCredentials;
  findings: TenantFindings;
  /** The identity users (GET /api/v1/users/{id}, POST /api/v1/search/users): put, get, remove. */
  users: TenantUsers;
  /** Every change made to a finding (POST /api/v1/search/finding_audits); `findings.audit` too. */
  audit: FindingAudit;
  /**
   * The tenant's time: `SandboxOptions.now` (or the real clock) plus an offset `advance` and `set`
   * move. Lapses, token lifetimes and audit times read it. Also `POST /_sandbox/clock`.
   */
  clock: SandboxClock;
  campaigns: Map<string, JsonCampaign>;
  faults: Faults;
  auth: TenantAuth;
  tokenOptions: TokenOptions;
  requests: RecordedRequest[];
  /** Where the schema allows more than one answer, which one this tenant gives. */
  answers: AnswerOptions;
  /** Every finding-dispatch delivery, oldest first. */
  deliveries: WebhookDelivery[];
  /** Every bulk state change, by its bulk action id: what it reached and what it refused. */
  bulk: BulkOperations;
  /** Access review campaigns, the apps and entitlements they review, their reports. */
  reviews: AccessReviews;
  /** Certify tasks, their actions and audit trail (`tasks.audit`: who acted, with which client). */
  tasks: TenantTasks;
  /** The device authorization flow (RFC 8628): `approve(userCode, userId)`, `deny(userCode)`. */
  deviceFlow: DeviceFlow;
  /** Personal client credentials people made (`cone login`'s, Warden's for them). */
  personalClients: PersonalClients;
  /** Step-up transactions at the tenant: `verify(id)` is the person completing the provider's sign-in. */
  stepUps: StepUpTransactions;
  /** Apps, their accounts, entitlements and grants (GET /api/v1/apps/{id}, search app_users and grants). */
  apps: TenantApps;
  /** Revoke and offboarding tasks (POST /api/v1/task/…, GET /api/v1/tasks/{id}): `advance`, `finish`. */
  accessTasks: AccessTasks;
  /** Sends a signed finding-dispatch webhook (api-facts.md) for `finding` to `targetUrl`. */
  sendFindingWebhook(targetUrl: string, finding: JsonFinding, opts?: WebhookOptions): Promise<SentWebhook>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function createSandboxTenant(opts: SandboxOptions = {}): Promise<SandboxTenant> {
  const clock = createClock(opts.now ?? Date.now);
  const now = clock.now;
  const host = opts.host ?? '127.0.0.1';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  const auth = await TenantAuth.create(`${host}:${port}`);
  const deliberate = opts.deliberate !== false;
  const users = new TenantUsers();
  const answers: AnswerOptions = {
    stateChangeWithoutFinding: false,
    bulkDelayMs: 100,
    extendInPlace: true,
    taskApprovalStep: true,
  };
  // An audit event names its actor by id and, when the tenant knows them, by email.
  const audit = new FindingAudit((id) => users.emailOf(id));
  const findings = new TenantFindings(seedFindings({ deliberate }), {
    now,
    audit,
    extendInPlace: () => answers.extendInPlace,
  });
  const campaigns = new Map(Object.entries(seedCampaigns({ deliberate })));
  const faults = new Faults();
  const tokenOptions: TokenOptions = { ttlSeconds: 3600, ...opts.token };
  const requests: RecordedRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  const bulk = new BulkOperations(findings, now, () => answers.bulkDelayMs);
  const reviews = new AccessReviews(url, now());
  const tasks = new TenantTasks(reviews, users, SEED_TASKS, now());
  const deviceFlow = new DeviceFlow(auth.credentials.deviceClientId, url);
  const personalClients = new PersonalClients(`${host}:${port}`, users);
  const stepUps = new StepUpTransactions(url);
  auth.device = deviceFlow;
  auth.personal = personalClients;

  const apps = new TenantApps();
  const accessTasks = new AccessTasks({
    now,
    apps,
    users,
    approvalStep: () => answers.taskApprovalStep,
    autoAdvanceMs: () => answers.taskAutoAdvanceMs,
  });
  const state: TenantState = {
    findings,
    users,
    campaigns,
    now,
    answers,
    bulk,
    reviews,
    tasks,
    personalClients,
    stepUps,
    url,
    apps,
    accessTasks,
  };

  async function route(method: string, path: string, req: IncomingMessage, body: string): Promise<Answer> {
    if (method === 'POST' && path === '/auth/v1/token') {
      return auth.issueToken(String(req.headers['content-type'] ?? ''), body, now(), tokenOptions);
    }
    if (method === 'GET' && path === '/auth/v1/jwks') return auth.jwks();
    if (method === 'POST' && path === '/auth/v1/device_authorization')
      return deviceFlow.authorize(String(req.headers['content-type'] ?? ''), body, now());
    const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
    if (path === '/device') return devicePage(deviceFlow, users, method, query, body);
    const stepUp = /^\/step-up\/([^/]+)$/.exec(path);
    if (stepUp) return stepUpPage(stepUps, method, decodeURIComponent(stepUp[1] ?? ''), now());
    const report = /^\/_reports\/([^/]+)$/.exec(path);
    if (method === 'GET' && report) return reviews.download(report[1] ?? '', query.get('token') ?? '', now());
    const callback = /^\/webhooks\/v1\/callbacks\/([^/]+)$/.exec(path);
    if (method === 'POST' && callback) return answerCallback(decodeURIComponent(callback[1] ?? ''));
    if (path.startsWith('/_sandbox/')) return answerSandbox(clock, method, path, body);
    if (!path.startsWith('/api/v1/')) return grpcError(404, 5, `no route for ${method} ${path}`);
    const who = auth.principalOf(req.headers.authorization, now());
    if (!who) return grpcError(401, 16, 'unauthenticated');
    const parsed = parseJson(body);
    if (!parsed.ok) return grpcError(400, 3, 'request body is not valid JSON');
    if (!isObject(parsed.value)) return grpcError(400, 3, 'request body must be a JSON object');
    return answerApi(state, method, path, parsed.value, who);
  }

  /** A receiver that answered 202 posts its response here later: the delivery is then done. */
  function answerCallback(dispatchId: string): Answer {
    const delivery = deliveries.find((d) => d.dispatchId === dispatchId && d.outcome === 'pending');
    if (!delivery) return grpcError(404, 5, `no pending delivery ${dispatchId}`);
    delivery.outcome = 'delivered';
    return { status: 200, body: {} };
  }

  function send(
    res: ServerResponse,
    answer: Answer,
    headers: Record<string, string> = {},
    record?: RecordedRequest,
  ): void {
    const raw = answer.contentType !== undefined && typeof answer.body === 'string';
    const text = raw ? String(answer.body) : JSON.stringify(answer.body);
    if (record) Object.assign(record, { status: answer.status, answer: text });
    res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json', ...headers });
    res.end(text);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const rawPath = req.url ?? '/';
      const [pathOnly = '/'] = rawPath.split('?', 1);
      const method = req.method ?? 'GET';
      const body = await readBody(req);
      const record: RecordedRequest = {
        method,
        rawPath,
        path: pathOnly,
        authorized: auth.isAuthorized(req.headers.authorization, now()),
        body: body ?? '',
        at: Date.now(),
      };
      requests.push(record);
      if (body === undefined) return send(res, grpcError(413, 8, 'request body too large'), {}, record);
      const fault = faults.take(method, decodeURIComponent(pathOnly));
      if (fault?.latencyMs) await sleep(fault.latencyMs);
      const failNow = fault && (fault.drop || fault.status !== undefined);
      let answer: Answer | undefined;
      if (!failNow || fault.after) answer = await route(method, pathOnly, req, body);
      if (failNow) {
        if (fault.drop) {
          req.socket.destroy();
          return;
        }
        const status = fault.status ?? 500;
        return send(
          res,
          { status, body: fault.body ?? { code: status === 429 ? 8 : 14, message: `injected ${status}` } },
          fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
          record,
        );
      }
      if (answer) send(res, answer, {}, record);
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, grpcError(500, 13, `sandbox error: ${String(error)}`));
    });
  });

  return {
    url,
    credentials: auth.credentials,
    findings,
    users,
    audit,
    clock,
    campaigns,
    faults,
    auth,
    tokenOptions,
    requests,
    answers,
    deliveries,
    bulk,
    reviews,
    tasks,
    deviceFlow,
    personalClients,
    stepUps,
    apps,
    accessTasks,
    sendFindingWebhook: (targetUrl, finding, options) =>
      sendFindingWebhook({ url, auth, now, deliveries }, targetUrl, finding, options),
    close() {
      bulk.close();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
