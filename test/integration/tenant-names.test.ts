import { type SandboxTenant, SEED_IDS, seedKsuid } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { createNamesPort } from '../../src/adapters/names-port.js';
import type { TenantClient } from '../../src/tenant/client.js';
import { seedFinding } from '../helpers/seed-finding.js';
import { capturedLogger } from '../helpers/setup.js';
import { clientFor, seen, startSandbox } from '../helpers/tenant.js';

/**
 * The names of a finding's target and app, read from the simulated tenant (its ids are opaque
 * KSUIDs): every kind of target named, a flood's reads shared, and a name that cannot be read
 * left out (the card then shows the id) without an error.
 */

let tenant: SandboxTenant | undefined;
let client: TenantClient | undefined;
afterEach(async () => {
  await client?.close();
  await tenant?.close();
  client = undefined;
  tenant = undefined;
});

const seed = seedFinding;

async function start() {
  tenant = await startSandbox({ deliberate: false });
  client = clientFor(tenant);
  const { logger, logs } = capturedLogger();
  let now = 1_800_000_000_000;
  const clock = { now: () => now, advance: (ms: number) => (now += ms) };
  return { t: tenant, names: createNamesPort(client, { now: clock.now, logger }), logs, clock };
}

describe('names of a finding’s target and app, from the tenant', () => {
  it('names an account, a resource, an identity and each one’s app as the tenant does', async () => {
    const { names } = await start();
    expect(await names.targetNames(seed('FND_SA_UNOWNED'))).toEqual({ app: 'GitHub', target: 'deploy-bot' });
    expect(await names.targetNames(seed('FND_SNOOZED'))).toEqual({ app: 'AWS', target: 'etl' });
    expect(await names.targetNames(seed('FND_NHI_UNOWNED'))).toEqual({ app: 'AWS', target: 'ci-runner' });
    expect(await names.targetNames(seed('FND_UNUSED_SECRET'))).toEqual({
      app: 'Azure',
      target: 'reporting-app',
    });
    expect(await names.targetNames(seed('FND_DEACTIVATED_OWNER'))).toMatchObject({ target: 'Bob Brown' });
    expect(await names.targetNames(seed('FND_SYNC_FAILING'))).toEqual({ app: 'Salesforce' });
  });

  it('a flood of 600 alerts over 20 apps reads each app once and names the accounts in a few searches', async () => {
    const { t, names } = await start();
    const apps = Array.from({ length: 20 }, (_, i) => seedKsuid(`flood-app:${i}`));
    for (const [i, id] of apps.entries()) t.apps.apps.set(id, { id, displayName: `App ${i}` });
    const flood = Array.from({ length: 600 }, (_, i) => {
      const appId = apps[i % 20] ?? '';
      const id = seedKsuid(`flood-account:${i}`);
      t.apps.appUsers.set(id, { id, appId, displayName: `svc-${i}`, username: `svc-${i}` });
      return {
        ...seed('FND_SA_UNOWNED'),
        id: `FND_FLOOD_${i}`,
        appId,
        appUserTarget: { appId, appUserId: id },
      };
    });
    const before = t.requests.length;
    const shown = await Promise.all(flood.map((f) => names.targetNames(f)));
    expect(shown[0]).toEqual({ app: 'App 0', target: 'svc-0' });
    expect(shown[599]).toEqual({ app: 'App 19', target: 'svc-599' });
    const reads = t.requests.slice(before);
    const appReads = reads.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/apps/'));
    expect(appReads).toHaveLength(20);
    expect(reads.filter((r) => r.path === '/api/v1/search/app_users').length).toBeLessThanOrEqual(6);
    // Asked again: from the cache, no read at all.
    await Promise.all(flood.slice(0, 50).map((f) => names.targetNames(f)));
    expect(t.requests.length).toBe(before + reads.length);
  });

  it('leaves out a name that cannot be read: an unknown id, the tenant failing; no error', async () => {
    const { t, names, logs, clock } = await start();
    const unknown = { ...seed('FND_SA_UNOWNED'), appId: 'x', appUserTarget: { appId: 'x', appUserId: 'y' } };
    expect(await names.targetNames(unknown)).toEqual({});
    t.faults.add({ method: 'GET', path: `/api/v1/apps/${SEED_IDS.apps.okta}`, status: 503, times: 100 });
    expect(await names.targetNames(seed('FND_CONNECTOR_ANOMALY_OFF'))).toEqual({});
    expect(logs.join('\n')).toMatch(/name not read: shown by id/);
    // Read again once the failure has been kept its short while.
    t.faults.clear();
    clock.advance(11_000);
    expect(await names.targetNames(seed('FND_CONNECTOR_ANOMALY_OFF'))).toEqual({ app: 'Okta' });
    expect(seen(t, 'GET', /^\/api\/v1\/users\//)).toHaveLength(0);
  });
});
