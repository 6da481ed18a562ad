import { createSandboxTenant, type SandboxOptions, type SandboxTenant } from '@warden/simulators';
import { createFindingsPort } from '../../src/adapters/findings-port.js';
import type { FindingAction } from '../../src/domain/actions.js';
import { ApiError } from '../../src/errors.js';
import { Secret } from '../../src/secret.js';
import { TenantClient, type TenantClientOptions } from '../../src/tenant/client.js';

export type AuthMode = 'plain' | 'assertion' | 'static';

/** Retry timings small enough for tests, same rules as production. */
export const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 2_000 } as const;

export function clientFor(
  sandbox: SandboxTenant,
  mode: AuthMode = 'plain',
  extra: Partial<TenantClientOptions> = {},
): TenantClient {
  const c = sandbox.credentials;
  const auth: TenantClientOptions['auth'] =
    mode === 'static'
      ? { kind: 'static', accessToken: new Secret(c.staticToken) }
      : mode === 'assertion'
        ? {
            kind: 'clientCredentials',
            clientId: c.assertionClientId,
            clientSecret: new Secret(c.assertionClientSecret),
          }
        : { kind: 'clientCredentials', clientId: c.clientId, clientSecret: new Secret(c.clientSecret) };
  return new TenantClient({
    baseUrl: sandbox.url,
    auth,
    requestTimeoutMs: 2_000,
    retry: FAST_RETRY,
    ...extra,
  });
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<SandboxTenant> {
  return createSandboxTenant(opts);
}

/** Requests the sandbox saw for a method and path pattern. */
export function seen(sandbox: SandboxTenant, method: string, path: RegExp) {
  return sandbox.requests.filter((r) => r.method === method && path.test(r.path));
}

/** The ApiError a promise rejects with (fails the test if it resolves or throws something else). */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

/** A sandbox tenant and a client of it with a static token (each test's own). */
export async function sandboxWithClient(): Promise<{ sandbox: SandboxTenant; client: TenantClient }> {
  const sandbox = await startSandbox();
  return { sandbox, client: clientFor(sandbox, 'static') };
}

/** The client, then its sandbox. */
export async function closeBoth(sandbox: SandboxTenant, client: TenantClient): Promise<void> {
  await client.close();
  await sandbox.close();
}

/** A state change as Warden's use cases make it: a domain action through the findings port. */
export const changeState = (c: TenantClient, id: string, action: FindingAction) =>
  createFindingsPort(c).change(id, action);

/** A week's snooze, to the second (the tenant keeps seconds). */
export const snooze = (): FindingAction => ({
  kind: 'snooze',
  reason: 'waiting on vendor',
  until: new Date(Math.floor(Date.now() / 1000) * 1000 + 7 * 86_400_000),
});
