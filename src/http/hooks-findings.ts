import { createHash } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { z } from 'zod';
import { isApiError } from '../errors.js';
import { FindingDispatchSchema, jsonDepth, MAX_JSON_DEPTH, SignedAlertSchema } from '../intake/payloads.js';
import { verifySignedPost } from '../intake/verify-signed-post.js';
import type { TenantWebhookVerifier } from '../intake/verify-tenant-webhook.js';
import type { Logger } from '../logger.js';
import type { Finding } from '../model/finding.js';
import type { ReplayMemory } from '../ports/store.js';
import type { FindingsPort } from '../ports/tenant.js';
import type { Secret } from '../secret.js';
import { acceptAlert, type IncomingAlert, type IntakeDeps } from '../usecases/findings/accept-alert.js';

export interface HooksDeps extends IntakeDeps {
  /** Reads a dispatched finding the payload left out (`finding: null`). */
  findings: Pick<FindingsPort, 'get'>;
  /** Verifies tenant webhooks; undefined when WARDEN_PUBLIC_URL is not set (they are refused). */
  verifyTenantWebhook: TenantWebhookVerifier | undefined;
  webhookSecret: Secret | undefined;
  /** Tenant webhook token ids (jti) already taken, kept for the token's lifetime. */
  replays: ReplayMemory;
}

export const MAX_ALERT_BODY = 1024 * 1024;
/**
 * Seconds a sender is asked to wait after a 503 (the store or the tenant's keys unavailable):
 * long enough not to hammer a database coming back, short enough that alerts are not late.
 */
export const RETRY_AFTER_S = 10;

function issues(error: z.ZodError) {
  return error.issues.slice(0, 20).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

function parseJson(raw: Buffer): { ok: true; value: unknown } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ok: false, error: 'body is not JSON' };
  }
  // Refused before anything walks it: a store or renderer would overflow its stack (RangeError).
  if (jsonDepth(value) > MAX_JSON_DEPTH)
    return { ok: false, error: `body is nested deeper than ${MAX_JSON_DEPTH} levels` };
  return { ok: true, value };
}

/** What a delivery turned out to be: an alert to store, or the answer that refuses it. */
type Refusal = { ok: false; status: number; body: Record<string, unknown> };
type Reading = { ok: true; alert: IncomingAlert } | Refusal;

const refuse = (status: number, body: Record<string, unknown>): Refusal => ({ ok: false, status, body });

/** The tenant's finding-dispatch webhook: a JWT bound to this URL and this exact body. */
async function readTenantWebhook(deps: HooksDeps, req: Request, raw: Buffer, log: Logger): Promise<Reading> {
  if (!deps.verifyTenantWebhook) {
    log.warn('tenant webhook refused: WARDEN_PUBLIC_URL is not set, so its URL binding cannot be checked');
    return refuse(401, { error: 'tenant webhooks need WARDEN_PUBLIC_URL to be set on Warden' });
  }
  const verdict = await deps.verifyTenantWebhook(req.get('authorization') ?? '', raw);
  if (!verdict.ok) {
    log.warn({ reason: verdict.reason }, 'tenant webhook refused');
    // Keys that cannot be fetched say nothing about the token: 503, so the tenant delivers again.
    if (verdict.unavailable) return refuse(503, { error: `webhook not verified: ${verdict.reason}` });
    return refuse(401, { error: `webhook signature refused: ${verdict.reason}` });
  }
  const json = parseJson(raw);
  const parsed = json.ok ? FindingDispatchSchema.safeParse(json.value) : undefined;
  if (!parsed?.success) {
    log.warn('tenant webhook with an invalid body');
    return refuse(400, {
      error: json.ok ? 'not a finding dispatch' : json.error,
      issues: parsed ? issues(parsed.error) : [],
    });
  }
  const p = parsed.data.payload;
  const found = p.finding
    ? { ok: true as const, finding: p.finding }
    : await readFinding(deps, p.findingId, log);
  if (!found.ok) return found;
  const { finding } = found;
  // dispatchId is inside the signed body. The Webhook-Id header names the webhook, not the
  // delivery (it equals the envelope's webhookId) and is not signed, so without a dispatchId the
  // key is the signed body itself: a captured token replayed with other headers is the same alert.
  const key = p.dispatchId || `body-${createHash('sha256').update(raw).digest('hex')}`;
  if (
    verdict.jti &&
    !(await deps.replays.rememberOnce(`jwt:${verdict.jti}`, verdict.expiresAt, deps.clock()))
  )
    log.warn({ key }, 'tenant webhook token used again; answered as a repeat');
  return { ok: true, alert: { source: 'webhook', idempotencyKey: `webhook:${key}`, finding } };
}

/** A dispatch whose `finding` is null names it by findingId: the finding is read from the tenant. */
async function readFinding(
  deps: HooksDeps,
  findingId: string | null | undefined,
  log: Logger,
): Promise<{ ok: true; finding: Finding } | Refusal> {
  if (!findingId) return refuse(400, { error: 'the dispatch has neither a finding nor a findingId' });
  try {
    return { ok: true, finding: await deps.findings.get(findingId) };
  } catch (error) {
    const kind = isApiError(error) ? error.kind : undefined;
    log.warn({ findingId, kind }, 'the finding of a dispatch without one could not be read');
    return kind === 'not_found' || kind === 'invalid'
      ? refuse(400, { error: `the tenant has no finding ${findingId}` })
      : refuse(503, { error: 'Warden could not read the finding from the tenant; retry later' });
  }
}

/** Any other sender: an HMAC over the timestamp and the body (DESIGN.md). */
function readSignedPost(deps: HooksDeps, req: Request, raw: Buffer, log: Logger): Reading {
  if (!deps.webhookSecret)
    return refuse(401, { error: 'signed posts are not enabled (ALERTS_WEBHOOK_SECRET is not set)' });
  const signature = req.get('x-warden-signature');
  const verdict = verifySignedPost(
    deps.webhookSecret,
    req.get('x-warden-timestamp'),
    signature,
    raw,
    deps.clock(),
  );
  if (!verdict.ok) {
    log.warn({ reason: verdict.reason }, 'signed post refused');
    return refuse(401, { error: `signature refused: ${verdict.reason}` });
  }
  const json = parseJson(raw);
  const parsed = json.ok ? SignedAlertSchema.safeParse(json.value) : undefined;
  if (!parsed?.success) {
    return refuse(400, {
      error: json.ok ? 'invalid alert' : json.error,
      issues: parsed ? issues(parsed.error) : [],
    });
  }
  const key = createHash('sha256').update(raw).digest('hex');
  return {
    ok: true,
    alert: {
      source: 'signed',
      idempotencyKey: `signed:${key}`,
      finding: parsed.data.finding,
      channel: parsed.data.channel,
    },
  };
}

/**
 * POST /hooks/findings: the tenant's signed finding-dispatch webhook, or an HMAC-signed post from
 * any other sender. Once stored: 200 {id} to the tenant (no callback follows), 202 {id} to a
 * signed post; 401 bad or missing signature; 400 invalid body (with the issues); 413 over 1 MiB;
 * 503 when the store cannot take it (the sender should retry).
 */
export function findingsHook(deps: HooksDeps): express.Router {
  const router = express.Router();
  router.post(
    '/hooks/findings',
    express.raw({ type: () => true, limit: MAX_ALERT_BODY }),
    async (req: Request, res: Response) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const log = deps.logger.child({ route: '/hooks/findings' });
      // Senders retry a 503 (nothing was stored): Retry-After says when.
      const unavailable = (body: Record<string, unknown>) =>
        res.status(503).set('retry-after', String(RETRY_AFTER_S)).json(body);
      let reading: Reading;
      try {
        reading = req.get('authorization')?.startsWith('Bearer ')
          ? await readTenantWebhook(deps, req, raw, log)
          : req.get('x-warden-signature') !== undefined
            ? readSignedPost(deps, req, raw, log)
            : refuse(401, { error: 'missing signature: send a tenant webhook JWT or X-Warden-Signature' });
      } catch (error) {
        // The token's id could not be remembered: the store is unavailable.
        log.error({ err: error }, 'tenant webhook not taken: the store did not answer');
        unavailable({ error: 'Warden could not store the alert; retry later' });
        return;
      }
      if (!reading.ok) {
        if (reading.status === 503) unavailable(reading.body);
        else res.status(reading.status).json(reading.body);
        return;
      }
      try {
        const accepted = await acceptAlert(deps, reading.alert);
        // The tenant's envelope: a receiver that answers 202 must later POST its response to
        // callbackUrl (api-facts.md). Warden's answer is final once stored, so the tenant gets
        // 200; a signed post keeps its documented 202.
        const status = reading.alert.source === 'webhook' ? 200 : 202;
        res.status(status).json({ id: accepted.id, duplicate: accepted.duplicate });
      } catch (error) {
        log.error({ err: error }, 'alert could not be stored');
        unavailable({ error: 'Warden could not store the alert; retry later' });
      }
    },
  );
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const type = typeof error === 'object' && error !== null && 'type' in error ? error.type : undefined;
    if (type === 'entity.too.large') {
      res.status(413).json({ error: `body over ${MAX_ALERT_BODY} bytes` });
      return;
    }
    if (type === 'request.aborted' || type === 'request.size.invalid') {
      res.status(400).json({ error: 'body could not be read' });
      return;
    }
    next(error);
  });
  return router;
}
