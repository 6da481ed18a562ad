import { createHash, randomBytes } from 'node:crypto';
import { request } from 'undici';
import type { TenantAuth } from './auth.js';
import type { JsonFinding } from './seed-findings.js';

/** The finding-dispatch webhook a tenant routing rule sends (api-facts.md "How findings reach the outside"). */

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

export interface SentWebhook {
  status: number;
  body: string;
  dispatchId: string;
  sent: string;
  headers: Record<string, string>;
}

/** The id of the webhook the sandbox's routing rule dispatches to (one per tenant webhook). */
const WEBHOOK_ID = 'WH_SANDBOX';

export interface WebhookSender {
  /** The tenant's base URL (the callback URL is under it). */
  url: string;
  auth: TenantAuth;
  now: () => number;
  deliveries: WebhookDelivery[];
}

/** Sends a signed finding-dispatch webhook for `finding` to `targetUrl` and records the delivery. */
export async function sendFindingWebhook(
  from: WebhookSender,
  targetUrl: string,
  finding: JsonFinding,
  options: WebhookOptions = {},
): Promise<SentWebhook> {
  const dispatchId = options.dispatchId ?? `DSP_${randomBytes(8).toString('hex').toUpperCase()}`;
  const envelope = {
    version: 'v1',
    webhookId: WEBHOOK_ID,
    // Where a receiver that answers 202 must post its response later (api-facts.md).
    callbackUrl: `${from.url}/webhooks/v1/callbacks/${encodeURIComponent(dispatchId)}`,
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
  const jwt = await from.auth.signWebhook(targetUrl, signedBody, from.now(), options.claims);
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
  from.deliveries.push({
    dispatchId,
    status,
    outcome: status === 202 ? 'pending' : status >= 200 && status < 300 ? 'delivered' : 'failed',
  });
  return { status, body: await res.body.text(), dispatchId, sent: sentBody, headers };
}
