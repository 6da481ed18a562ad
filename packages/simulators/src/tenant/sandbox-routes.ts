import { type Answer, grpcError, isObject } from './answer.js';
import type { SandboxClock } from './clock.js';
import { parseJson } from './http-body.js';

/**
 * Routes of the sandbox itself, not of the vendor's API (so not under `/api/`, and no token): a
 * demo or a test in another process moves the tenant's clock with them.
 *
 * `POST /_sandbox/clock` `{"advanceMs": n}` or `{"at": "<RFC 3339>"}` (`GET` reads it): `{"now": iso}`.
 */
export function answerSandbox(clock: SandboxClock, method: string, path: string, body: string): Answer {
  if (path !== '/_sandbox/clock') return grpcError(404, 5, `no route for ${method} ${path}`);
  const now = () => ({ status: 200, body: { now: new Date(clock.now()).toISOString() } });
  if (method === 'GET') return now();
  if (method !== 'POST') return grpcError(405, 12, 'method not allowed');
  const parsed = parseJson(body);
  const value = parsed.ok && isObject(parsed.value) ? parsed.value : undefined;
  if (!value) return grpcError(400, 3, 'body must be a JSON object');
  const { advanceMs, at } = value;
  if (typeof advanceMs === 'number' && Number.isFinite(advanceMs) && at === undefined) {
    clock.advance(advanceMs);
    return now();
  }
  const target = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  if (Number.isFinite(target) && advanceMs === undefined) {
    clock.set(target);
    return now();
  }
  return grpcError(400, 3, 'give either advanceMs (a number of ms) or at (an RFC 3339 time)');
}
