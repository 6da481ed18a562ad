import { request } from 'undici';
import type { SandboxTenant } from '../src/index.js';

/** One API call to a sandbox tenant over HTTP, with its static token (tests only). */
export async function call(
  sandbox: SandboxTenant,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await request(`${sandbox.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${sandbox.credentials.staticToken}`,
      'content-type': 'application/json',
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

/** The `list` of a search answer, as records. */
export const listOf = (json: Record<string, unknown>): Record<string, unknown>[] =>
  Array.isArray(json.list) ? (json.list as Record<string, unknown>[]) : [];
