import { createHash } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { z } from 'zod';
import { FindingDispatchSchema, SignedAlertSchema } from '../intake/payloads.js';
import { verifySignedPost } from '../intake/verify-signed-post.js';
import type { TenantWebhookVerifier } from '../intake/verify-tenant-webhook.js';
import type { Secret } from '../secret.js';
import { acceptAlert, type IncomingAlert, type IntakeDeps } from '../usecases/accept-alert.js';

export interface HooksDeps extends IntakeDeps {
  /** Verifies tenant webhooks; undefined when WARDEN_PUBLIC_URL is not set (they are refused). */
  verifyTenantWebhook: TenantWebhookVerifier | undefined;
  webhookSecret: Secret | undefined;
}

export const MAX_ALERT_BODY = 1024 * 1024;

function issues(error: z.ZodError) {
  return error.issues.slice(0, 20).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

function parseJson(raw: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

/**
 * POST /hooks/findings: the tenant's signed finding-dispatch webhook, or an HMAC-signed post from
 * any other sender. 202 {id} once stored; 401 bad or missing signature; 400 invalid body (with
 * the issues); 413 over 1 MiB; 503 when the store cannot take it (the sender should retry).
 */
export function findingsHook(deps: HooksDeps): express.Router {
  const router = express.Router();
  router.post(
    '/hooks/findings',
    express.raw({ type: () => true, limit: MAX_ALERT_BODY }),
    async (req: Request, res: Response) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const authorization = req.get('authorization');
      const signature = req.get('x-warden-signature');
      const log = deps.logger.child({ route: '/hooks/findings' });
      let alert: IncomingAlert;

      if (authorization?.startsWith('Bearer ')) {
        if (!deps.verifyTenantWebhook) {
          log.warn(
            'tenant webhook refused: WARDEN_PUBLIC_URL is not set, so its URL binding cannot be checked',
          );
          res.status(401).json({ error: 'tenant webhooks need WARDEN_PUBLIC_URL to be set on Warden' });
          return;
        }
        const verdict = await deps.verifyTenantWebhook(authorization, raw);
        if (!verdict.ok) {
          log.warn({ reason: verdict.reason }, 'tenant webhook refused');
          res.status(401).json({ error: `webhook signature refused: ${verdict.reason}` });
          return;
        }
        const json = parseJson(raw);
        const parsed = json.ok ? FindingDispatchSchema.safeParse(json.value) : undefined;
        if (!parsed?.success) {
          log.warn('tenant webhook with an invalid body');
          res.status(400).json({
            error: json.ok ? 'not a finding dispatch' : 'body is not JSON',
            issues: parsed ? issues(parsed.error) : [],
          });
          return;
        }
        const p = parsed.data.payload;
        // dispatchId is inside the signed body; the Webhook-Id header is not covered by the signature.
        const key = p.dispatchId || req.get('webhook-id') || createHash('sha256').update(raw).digest('hex');
        alert = { source: 'webhook', idempotencyKey: `webhook:${key}`, finding: p.finding };
      } else if (signature !== undefined) {
        if (!deps.webhookSecret) {
          res.status(401).json({ error: 'signed posts are not enabled (ALERTS_WEBHOOK_SECRET is not set)' });
          return;
        }
        const verdict = verifySignedPost(
          deps.webhookSecret,
          req.get('x-warden-timestamp'),
          signature,
          raw,
          deps.clock(),
        );
        if (!verdict.ok) {
          log.warn({ reason: verdict.reason }, 'signed post refused');
          res.status(401).json({ error: `signature refused: ${verdict.reason}` });
          return;
        }
        const json = parseJson(raw);
        const parsed = json.ok ? SignedAlertSchema.safeParse(json.value) : undefined;
        if (!parsed?.success) {
          res.status(400).json({
            error: json.ok ? 'invalid alert' : 'body is not JSON',
            issues: parsed ? issues(parsed.error) : [],
          });
          return;
        }
        const key = createHash('sha256').update(raw).digest('hex');
        alert = {
          source: 'signed',
          idempotencyKey: `signed:${key}`,
          finding: parsed.data.finding,
          channel: parsed.data.channel,
        };
      } else {
        res.status(401).json({ error: 'missing signature: send a tenant webhook JWT or X-Warden-Signature' });
        return;
      }

      try {
        const accepted = await acceptAlert(deps, alert);
        res.status(202).json({ id: accepted.id, duplicate: accepted.duplicate });
      } catch (error) {
        log.error({ err: error }, 'alert could not be stored');
        res.status(503).json({ error: 'Warden could not store the alert; retry later' });
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
