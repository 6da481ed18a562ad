import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Secret } from '../secret.js';

/** Signed posts older or newer than this are refused: a captured request cannot be replayed later. */
export const SIGNED_POST_TOLERANCE_S = 300;

export function signedPostSignature(secret: string, timestamp: string, rawBody: Buffer | string): string {
  const mac = createHmac('sha256', secret);
  mac.update(`v1:${timestamp}:`);
  mac.update(rawBody);
  return `v1=${mac.digest('hex')}`;
}

/**
 * The HMAC-signed form of POST /hooks/findings (DESIGN.md): `X-Warden-Timestamp` (unix seconds)
 * and `X-Warden-Signature: v1=<hex HMAC-SHA256(secret, "v1:" + timestamp + ":" + raw body)>`.
 */
export function verifySignedPost(
  secret: Secret,
  timestamp: string | undefined,
  signature: string | undefined,
  rawBody: Buffer,
  nowMs: number,
): { ok: true } | { ok: false; reason: string } {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp))
    return { ok: false, reason: 'missing or malformed X-Warden-Timestamp' };
  if (Math.abs(nowMs / 1_000 - Number(timestamp)) > SIGNED_POST_TOLERANCE_S) {
    return { ok: false, reason: 'timestamp more than 300 s away' };
  }
  if (!signature || !/^v1=[0-9a-f]{64}$/.test(signature))
    return { ok: false, reason: 'missing or malformed X-Warden-Signature' };
  const expected = Buffer.from(signedPostSignature(secret.reveal(), timestamp, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { ok: true }
    : { ok: false, reason: 'bad signature' };
}
