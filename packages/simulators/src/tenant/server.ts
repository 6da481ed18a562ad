import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { type SandboxCredentials, TenantAuth, type TokenOptions } from './auth.js';
import { BulkOperations } from './bulk-state.js';
import { Faults } from './faults.js';
import { type Answer, grpcError, TenantFindings } from './findings.js';
import { isObject } from './paging.js';
import { answerApi } from './routes/index.js';
import type { AnswerOptions, TenantState } from './routes/types.js';
import { type JsonCampaign, seedCampaigns } from './seed-campaigns.js';
import { type JsonFinding, seedFindings } from './seed-findings.js';

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
  /** The sandbox's clock; tests move it to expire snoozes and tokens. */
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

/** A finding-dispatch delivery and what became of it (api-facts.md: the callback rule). */
export interface WebhookDelivery {
  dispatchId: string;
  status: number;
  /**
   * `delivered` on a success other than 202; `pending` on 202, until the receiver posts its
   * response to the callbackUrl; `failed` otherwise.
   */
  outcome: 'delivered' | 'pending' | 'failed';
}

export interface WebhookOptions {
  claims?: Record<string, unknown>;
  dispatchId?: string;
  tamperBody?: (body: string) => string;
  /** Send `"finding": null` in the payload (the schema allows it); the receiver reads it back. */
  withoutFinding?: boolean;
}

export interface SandboxTenant {
  url: string;
  credentials: SandboxCredentials;
  findings: TenantFindings;
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
  /** Sends a signed finding-dispatch webhook (api-facts.md) for `finding` to `targetUrl`. */
  sendFindingWebhook(
    targetUrl: string,
    finding: JsonFinding,
    opts?: WebhookOptions,
  ): Promise<{
    status: number;
    body: string;
    dispatchId: string;
    sent: string;
    headers: Record<string, string>;
  }>;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;
/** The id of the webhook the sandbox's routing rule dispatches to (one per tenant webhook). */
const WEBHOOK_ID = 'WH_SANDBOX';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export async function createSandboxTenant(opts: SandboxOptions = {}): Promise<SandboxTenant> {
  const now = opts.now ?? Date.now;
  const host = opts.host ?? '127.0.0.1';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  const auth = await TenantAuth.create(`${host}:${port}`);
  const deliberate = opts.deliberate !== false;
  const findings = new TenantFindings(seedFindings({ deliberate }));
  const campaigns = new Map(Object.entries(seedCampaigns({ deliberate })));
  const faults = new Faults();
  const tokenOptions: TokenOptions = { ttlSeconds: 3600, ...opts.token };
  const requests: RecordedRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  const answers: AnswerOptions = { stateChangeWithoutFinding: false, bulkDelayMs: 100 };
  const bulk = new BulkOperations(findings, now, () => answers.bulkDelayMs);

  const state: TenantState = { findings, campaigns, now, answers, bulk };

  async function route(method: string, path: string, req: IncomingMessage, body: string): Promise<Answer> {
    if (method === 'POST' && path === '/auth/v1/token') {
      return auth.issueToken(String(req.headers['content-type'] ?? ''), body, now(), tokenOptions);
    }
    if (method === 'GET' && path === '/auth/v1/jwks') return auth.jwks();
    const callback = /^\/webhooks\/v1\/callbacks\/([^/]+)$/.exec(path);
    if (method === 'POST' && callback) return answerCallback(decodeURIComponent(callback[1] ?? ''));
    if (!path.startsWith('/api/v1/')) return grpcError(404, 5, `no route for ${method} ${path}`);
    if (!auth.isAuthorized(req.headers.authorization, now())) return grpcError(401, 16, 'unauthenticated');
    const parsed = parseJson(body);
    if (!parsed.ok) return grpcError(400, 3, 'request body is not valid JSON');
    if (!isObject(parsed.value)) return grpcError(400, 3, 'request body must be a JSON object');
    return answerApi(state, method, path, parsed.value);
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
    const text = JSON.stringify(answer.body);
    if (record) Object.assign(record, { status: answer.status, answer: text });
    res.writeHead(answer.status, { 'content-type': 'application/json', ...headers });
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
    campaigns,
    faults,
    auth,
    tokenOptions,
    requests,
    answers,
    deliveries,
    bulk,
    async sendFindingWebhook(targetUrl, finding, options = {}) {
      const dispatchId = options.dispatchId ?? `DSP_${randomBytes(8).toString('hex').toUpperCase()}`;
      const envelope = {
        version: 'v1',
        webhookId: WEBHOOK_ID,
        // Where a receiver that answers 202 must post its response later (api-facts.md).
        callbackUrl: `${url}/webhooks/v1/callbacks/${encodeURIComponent(dispatchId)}`,
        event: 'c1.webhooks.v1.PayloadFindingDispatch',
        payload: {
          '@type': 'type.googleapis.com/c1.webhooks.v1.PayloadFindingDispatch',
          dispatchId,
          findingId: finding.id,
          ruleId: 'RUL_SANDBOX',
          // A string field: proto3 writes "" (or leaves it out) when no template is set.
          payloadTemplate: '',
          finding: options.withoutFinding ? null : finding,
        },
      };
      const signedBody = JSON.stringify(envelope);
      const jwt = await auth.signWebhook(targetUrl, signedBody, now(), options.claims);
      const sentBody = options.tamperBody ? options.tamperBody(signedBody) : signedBody;
      const digest = createHash('sha256').update(sentBody).digest('base64');
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${jwt}`,
        // The envelope's webhookId, as api-facts.md says the header carries it.
        'webhook-id': envelope.webhookId,
        'webhook-event': envelope.event,
        'webhook-version': 'v1',
        'webhook-callback-url': envelope.callbackUrl,
        'content-digest': `sha-256=:${digest}:`,
      };
      const res = await request(targetUrl, { method: 'POST', headers, body: sentBody });
      const status = res.statusCode;
      deliveries.push({
        dispatchId,
        status,
        outcome: status === 202 ? 'pending' : status >= 200 && status < 300 ? 'delivered' : 'failed',
      });
      return { status, body: await res.body.text(), dispatchId, sent: sentBody, headers };
    },
    close() {
      bulk.close();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
