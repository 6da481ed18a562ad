import type { JsonFinding } from '@warden/simulators';
import { request } from 'undici';
import { expect } from 'vitest';
import { signedPostSignature } from '../../src/intake/verify-signed-post.js';

/** Sends a finding to Warden's signed-post intake as the harness's sender does; expects it stored (202). */
export async function sendSignedAlert(h: { base: string }, finding: JsonFinding): Promise<void> {
  const body = JSON.stringify({ finding });
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await request(`${h.base}/hooks/findings`, {
    method: 'POST',
    headers: {
      'x-warden-timestamp': ts,
      'x-warden-signature': signedPostSignature('test-alerts-webhook-secret', ts, body),
    },
    body,
  });
  expect(res.statusCode).toBe(202);
  await res.body.dump();
}
