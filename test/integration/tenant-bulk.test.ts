import type { SandboxTenant } from '@warden/simulators';
import { SEED_IDS } from '@warden/simulators';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFindingsPort } from '../../src/adapters/findings-port.js';
import { type BulkChange, isBulkChangeApplied } from '../../src/domain/bulk-change.js';
import { isApiError } from '../../src/errors.js';
import type { Finding } from '../../src/model/finding.js';
import type { FindingsPort } from '../../src/ports/tenant.js';
import type { TenantClient } from '../../src/tenant/client.js';
import { waitFor } from '../helpers/harness.js';
import { clientFor, startSandbox } from '../helpers/tenant.js';

/** The tenant's bulk state operation, through Warden's findings port, against the simulated tenant. */

let sandbox: SandboxTenant;
let client: TenantClient;
let port: FindingsPort;

beforeEach(async () => {
  sandbox = await startSandbox({ deliberate: false });
  client = clientFor(sandbox, 'static');
  port = createFindingsPort(client);
});
afterEach(async () => {
  await client.close();
  await sandbox.close();
});

async function readBack(ids: string[]): Promise<Map<string, Finding>> {
  const found = new Map<string, Finding>();
  for await (const f of port.search({ refs: ids.map((id) => ({ id })) })) found.set(f.id, f);
  return found;
}

const stateOf = (id: string) => sandbox.findings.get(id, Date.now())?.state;
const week = () => new Date(Math.floor(Date.now() / 1000) * 1000 + 7 * 86_400_000);

describe('bulk state changes', () => {
  it('answer an id at once, apply later, and refuse only the findings whose state does not allow it', async () => {
    const change: BulkChange = { kind: 'snooze', reason: 'scanner noise', until: week() };
    const ids = ['FND_SA_UNOWNED', 'FND_NHI_UNOWNED', 'FND_RESOLVED'];
    const { bulkActionId } = await port.bulk(ids, change);
    expect(bulkActionId).toMatch(/^BULK_/);
    // asynchronous: nothing has moved yet
    expect(stateOf('FND_SA_UNOWNED')).toBe('FINDING_STATE_OPEN');
    await waitFor(() => sandbox.bulk.all.get(bulkActionId)?.done, 5_000, 'the bulk change');
    const after = await readBack(ids);
    const applied = ids.filter((id) => {
      const f = after.get(id);
      return f !== undefined && isBulkChangeApplied(f, change);
    });
    expect(applied).toEqual(['FND_SA_UNOWNED', 'FND_NHI_UNOWNED']);
    expect(sandbox.bulk.all.get(bulkActionId)?.refused).toEqual([
      { findingId: 'FND_RESOLVED', message: 'cannot snooze a finding in state FINDING_STATE_RESOLVED' },
    ]);
    const body = JSON.parse(sandbox.requests.find((r) => r.path.endsWith('/bulk/state'))?.body ?? '{}');
    expect(body).toEqual({
      refs: ids.map((id) => ({ id })),
      snooze: { reason: 'scanner noise', snoozeUntil: change.until.toISOString() },
    });
  });

  it('assign an owner: the finding names one owner, as the owner oneof allows', async () => {
    const change: BulkChange = { kind: 'assignOwner', identityUserId: SEED_IDS.users.bob };
    const { bulkActionId } = await port.bulk(['FND_SA_UNOWNED'], change);
    await waitFor(() => sandbox.bulk.all.get(bulkActionId)?.done, 5_000, 'the assignment');
    const f = (await readBack(['FND_SA_UNOWNED'])).get('FND_SA_UNOWNED');
    expect(f?.assignedOwner).toEqual({ identityUserId: SEED_IDS.users.bob });
    expect(f && isBulkChangeApplied(f, change)).toBe(true);
  });

  it('a request the tenant cannot take is refused whole, with its reason, and nothing changes', async () => {
    const failure = await port.bulk(['FND_SA_UNOWNED'], { kind: 'suppress', reason: '  ' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isApiError(failure) && failure.message).toMatch(/suppress.reason is required/);
    expect(sandbox.bulk.all.size).toBe(0);
    expect(stateOf('FND_SA_UNOWNED')).toBe('FINDING_STATE_OPEN');
  });

  it('the simulated tenant takes refs or a search, not both, and exactly one action', async () => {
    const post = async (body: unknown) => {
      const res = await request(`${sandbox.url}/api/v1/findings/bulk/state`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sandbox.credentials.staticToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return { status: res.statusCode, body: (await res.body.json()) as Record<string, unknown> };
    };
    const refs = [{ id: 'FND_SA_UNOWNED' }];
    expect((await post({ refs, searchRequest: {}, reopen: {} })).status).toBe(400);
    expect((await post({ refs, reopen: {}, suppress: { reason: 'x' } })).status).toBe(400);
    expect((await post({ refs: ['FND_SA_UNOWNED'], reopen: {} })).status).toBe(400);
    expect(
      (await post({ refs, assignOwner: { owner: { identityUserId: 'IU_A', userSetId: 'US' } } })).status,
    ).toBe(400);
    const bySearch = await post({
      searchRequest: { states: ['FINDING_STATE_SNOOZED'] },
      reopen: {},
    });
    expect(bySearch.status).toBe(200);
    const id = String(bySearch.body.bulkActionId);
    await waitFor(() => sandbox.bulk.all.get(id)?.done, 5_000, 'the reopen');
    expect(sandbox.bulk.all.get(id)?.applied).toContain('FND_SNOOZED');
    expect(stateOf('FND_SNOOZED')).toBe('FINDING_STATE_OPEN');
  });
});
