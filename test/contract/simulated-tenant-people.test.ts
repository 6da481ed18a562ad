import { createSandboxTenant, type SandboxTenant, SEED_IDS } from '@warden/simulators';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ContractIssue, createContract } from '../helpers/contract.js';
import { jsonNames } from '../helpers/contract-proto.js';

/**
 * The contract test of the simulated tenant's people and history operations: identity users
 * (UserService.Get, UserSearch.Search) and the findings' audit trail (FindingAuditService.Search),
 * called over HTTP with a token from the tenant's own token endpoint. Every request and every
 * answer is checked against the vendor's OpenAPI description with the proto3 JSON rules on top,
 * as a faithful tenant must answer (test/helpers/contract.ts).
 */

const contract = createContract();
const DAY = 86_400_000;
let tenant: SandboxTenant;
let token: string;

/** A token from the tenant's own token endpoint (plain client secret), as a client gets one. */
async function newToken(): Promise<string> {
  const res = await request(`${tenant.url}/auth/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: tenant.credentials.clientId,
      client_secret: tenant.credentials.clientSecret,
    }).toString(),
  });
  return ((await res.body.json()) as { access_token: string }).access_token;
}

beforeEach(async () => {
  tenant = await createSandboxTenant({ deliberate: false });
  tenant.answers.bulkDelayMs = 0;
  token = await newToken();
});
afterEach(() => tenant.close());

async function call(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) {
  const res = await request(`${tenant.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await res.body.json()) as Record<string, unknown>;
  expect(res.statusCode, `${method} ${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

/** Every problem with the API requests the tenant received and its answers to them. */
function issues(): (ContractIssue & { request: string })[] {
  const found: (ContractIssue & { request: string })[] = [];
  for (const r of tenant.requests.filter((x) => x.path.startsWith('/api/'))) {
    const name = `${r.method} ${r.path}`;
    const op = contract.operationFor(r.method, r.path);
    if (!op) {
      found.push({ request: name, where: '(path)', message: 'not an operation of the vendor API' });
      continue;
    }
    if (op.request)
      for (const i of contract.check(op.request, jsonNames(r.body ? JSON.parse(r.body) : {}), 'faithful'))
        found.push({ request: `${name} (request)`, ...i });
    if (r.status === 200 && op.response && r.answer !== undefined)
      for (const i of contract.check(op.response, JSON.parse(r.answer), 'faithful'))
        found.push({ request: `${name} (answer)`, ...i });
  }
  return found;
}

const operations = () =>
  new Set(tenant.requests.flatMap((r) => contract.operationFor(r.method, r.path)?.id ?? []));

describe('contract: the simulated tenant’s users and finding audits', () => {
  it('answers users get and search as the vendor schema says, every seeded user included', async () => {
    for (const user of tenant.users.all()) await call('GET', `/api/v1/users/${encodeURIComponent(user.id)}`);
    await call('POST', '/api/v1/search/users', { email: 'hanna@acme.example' });
    await call('POST', '/api/v1/search/users', {
      ids: [SEED_IDS.users.alice, SEED_IDS.users.noEmail],
      query: 'a',
    });
    await call('POST', '/api/v1/search/users', {
      refs: [{ id: SEED_IDS.users.gus }],
      userStatuses: ['ENABLED'],
    });
    const first = await call('POST', '/api/v1/search/users', { pageSize: 10 });
    for (let i = 0; i < 12; i++) tenant.users.put({ id: `IU_EXTRA_${i}`, displayName: `Extra ${i}` });
    const page = await call('POST', '/api/v1/search/users', { query: 'extra', page_size: 10 });
    await call('POST', '/api/v1/search/users', {
      query: 'extra',
      page_size: 10,
      page_token: page.nextPageToken,
    });
    expect(Array.isArray(first.list)).toBe(true);
    expect(issues()).toEqual([]);
    expect([...operations()].sort()).toEqual([
      'c1.api.user.v1.UserSearch.Search',
      'c1.api.user.v1.UserService.Get',
    ]);
  });

  it('answers finding audit searches as the vendor schema says, for every kind of change the tenant audits', async () => {
    const until = (days: number) => new Date(tenant.clock.now() + days * DAY).toISOString();
    const state = (id: string, body: Record<string, unknown>) =>
      call('POST', `/api/v1/findings/${id}/state`, body);
    await state('FND_SA_UNOWNED', { snooze: { reason: 'waiting on the vendor', snoozeUntil: until(1) } });
    await state('FND_SA_UNOWNED', { snooze: { reason: 'longer', snoozeUntil: until(2) } });
    await state('FND_NHI_UNOWNED', { acceptRisk: { justification: 'kept on purpose', expiresAt: until(1) } });
    await state('FND_SIMILAR_USER', { suppress: { reason: 'test accounts' } });
    await state('FND_SIMILAR_USER', { unsuppress: {} });
    await state('FND_SA_MISCLASSIFIED', { resolve: {} });
    await state('FND_SA_MISCLASSIFIED', { reopen: {} });
    tenant.findings.changeState(
      'FND_CUSTOM',
      { suppress: { reason: 'from the console' } },
      SEED_IDS.users.bob,
    );
    for (const body of [
      {
        refs: [{ id: 'FND_CRED_EXPIRING' }, { id: 'FND_SHADOW_MCP' }],
        snooze: { reason: 'noise', snoozeUntil: until(7) },
      },
      {
        refs: [{ id: 'FND_CRED_EXPIRING' }],
        assignOwner: { owner: { identityUserId: SEED_IDS.users.alice } },
      },
    ]) {
      const { bulkActionId } = await call('POST', '/api/v1/findings/bulk/state', body);
      await expect.poll(() => tenant.bulk.all.get(String(bulkActionId))?.done).toBe(true);
    }
    await call('POST', '/api/v1/findings/FND_UNUSED_SECRET/task', {});
    tenant.clock.advance(3 * DAY);
    // The tenant's clock moved past the token's lifetime too.
    token = await newToken();

    const all = await call('POST', '/api/v1/search/finding_audits', { pageSize: 100 });
    const kinds = new Set(
      (all.list as { eventType: string }[]).map((e) => e.eventType.replace('FINDING_AUDIT_EVENT_TYPE_', '')),
    );
    expect([...kinds].sort()).toEqual(
      [
        'CREATED',
        'OWNER_CHANGED',
        'REOPENED',
        'RESOLVED',
        'RISK_ACCEPTANCE_EXPIRED',
        'RISK_ACCEPTED',
        'SNOOZED',
        'SNOOZE_EXPIRED',
        'SUPPRESSED',
        'TASK_CREATED',
        'UNSUPPRESSED',
      ].sort(),
    );
    await call('POST', '/api/v1/search/finding_audits', {
      findingId: 'FND_SA_UNOWNED',
      eventTypes: ['FINDING_AUDIT_EVENT_TYPE_SNOOZED', 'FINDING_AUDIT_EVENT_TYPE_SNOOZE_EXPIRED'],
    });
    await call('POST', '/api/v1/search/finding_audits', {
      actorPrincipalId: SEED_IDS.users.bob,
      since: until(-30),
    });
    await call('POST', '/api/v1/search/finding_audits', { until: until(0), page_size: 10 });
    const page = await call('POST', '/api/v1/search/finding_audits', { pageSize: 10 });
    await call('POST', '/api/v1/search/finding_audits', { pageSize: 10, pageToken: page.nextPageToken });
    expect(issues()).toEqual([]);
    expect(operations()).toContain('c1.api.finding.v1.FindingAuditService.Search');
  });
});
