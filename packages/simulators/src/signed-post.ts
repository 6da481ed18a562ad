import { createHmac } from 'node:crypto';

/**
 * The headers of an HMAC-signed alert post as Warden's contract defines them (DESIGN.md):
 * `X-Warden-Timestamp: <unix seconds>` and
 * `X-Warden-Signature: v1=<hex HMAC-SHA256(secret, "v1:" + timestamp + ":" + raw body)>`.
 */
export function signedPostHeaders(secret: string, body: string, nowMs = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1_000));
  const mac = createHmac('sha256', secret).update(`v1:${timestamp}:`).update(body).digest('hex');
  return { 'x-warden-timestamp': timestamp, 'x-warden-signature': `v1=${mac}` };
}
