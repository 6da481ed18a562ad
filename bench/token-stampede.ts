/**
 * `npm run bench`'s token stampede: 1,000 concurrent state changes with an expired token must make
 * exactly one token request.
 */
import { type SandboxTenant, seedFindings } from '@warden/simulators';
import { createFindingsPort } from '../src/adapters/findings-port.js';
import { Secret } from '../src/secret.js';
import { TenantClient } from '../src/tenant/client.js';

export async function tokenStampede(
  tenant: SandboxTenant,
): Promise<{ concurrentChanges: number; tokenRequests: number; failed: number }> {
  tenant.faults.clear();
  const client = new TenantClient({
    baseUrl: tenant.url,
    auth: {
      kind: 'clientCredentials',
      clientId: tenant.credentials.clientId,
      clientSecret: new Secret(tenant.credentials.clientSecret),
    },
  });
  await createFindingsPort(client)
    .change('FND_SUB_0', { kind: 'reopen' })
    .catch(() => undefined);
  tenant.auth.expireTokens();
  const before = tenant.auth.tokenRequests;
  const template = seedFindings()[0];
  const targets = Array.from({ length: 1_000 }, (_, i) => `FND_TOKEN_${i}`);
  for (const id of targets) if (template) tenant.findings.put({ ...template, id });
  const settled = await Promise.allSettled(
    targets.map((id) =>
      createFindingsPort(client).change(id, { kind: 'suppress', reason: 'token stampede' }),
    ),
  );
  const tokenRequests = tenant.auth.tokenRequests - before;
  await client.close();
  return {
    concurrentChanges: 1_000,
    tokenRequests,
    failed: settled.filter((s) => s.status === 'rejected').length,
  };
}
