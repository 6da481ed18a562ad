import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxTenant, type SandboxTenant, SEED_IDS } from '../src/index.js';
import { call, listOf } from './tenant-http.js';

/**
 * The tenant's audit trail (POST /api/v1/search/finding_audits) records every change it makes,
 * with who made it; its clock can be moved so snoozes and acceptances end; and a snooze of a
 * snoozed finding extends it unless the tenant is told to refuse it.
 */

const T = Date.parse('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
let sandbox: SandboxTenant;
beforeEach(async () => {
  sandbox = await createSandboxTenant({ now: () => T, deliberate: false, token: { ttlSeconds: 600 } });
  sandbox.answers.bulkDelayMs = 0;
});
afterEach(() => sandbox.close());

const iso = (ms: number) => new Date(ms).toISOString();
const audits = async (body: Record<string, unknown>) => {
  const res = await call(sandbox, 'POST', '/api/v1/search/finding_audits', { pageSize: 100, ...body });
  expect(res.status).toBe(200);
  return listOf(res.json);
};
const types = (events: Record<string, unknown>[]) =>
  events.map((e) => String(e.eventType).replace('FINDING_AUDIT_EVENT_TYPE_', ''));
const state = (id: string, body: unknown) => call(sandbox, 'POST', `/api/v1/findings/${id}/state`, body);

describe('audit events', () => {
  it('starts with one CREATED event per seeded finding, at its createdAt, with no actor', async () => {
    const events = await audits({ eventTypes: ['FINDING_AUDIT_EVENT_TYPE_CREATED'] });
    expect(events.map((e) => e.findingId).sort()).toEqual(
      sandbox.findings
        .all()
        .map((f) => f.id)
        .sort(),
    );
    expect(events[0]).toEqual({
      eventId: expect.any(String),
      findingId: expect.any(String),
      eventType: 'FINDING_AUDIT_EVENT_TYPE_CREATED',
      createdAt: '2026-11-20T10:00:00Z',
      appId: expect.any(String),
      stateAtEvent: expect.stringMatching(/^FINDING_STATE_/),
      severityAtEvent: expect.stringMatching(/^FINDING_SEVERITY_/),
    });
  });

  it('records each state change by the API client, oldest first, and one by someone else', async () => {
    expect(
      (await state('FND_SA_UNOWNED', { snooze: { reason: 'r', snoozeUntil: iso(T + DAY) } })).status,
    ).toBe(200);
    sandbox.clock.advance(60_000);
    await state('FND_SA_UNOWNED', { reopen: {} });
    sandbox.clock.advance(60_000);
    await state('FND_SA_UNOWNED', { suppress: { reason: 'noise' } });
    await state('FND_SA_UNOWNED', { unsuppress: {} });
    await state('FND_SA_UNOWNED', { resolve: {} });
    // Someone outside Slack, in the tenant's own console.
    sandbox.findings.changeState('FND_SA_UNOWNED', { reopen: {} }, SEED_IDS.users.bob);
    await state('FND_SA_UNOWNED', { acceptRisk: { justification: 'kept', expiresAt: iso(T + 9 * DAY) } });
    const events = await audits({ findingId: 'FND_SA_UNOWNED' });
    expect(types(events)).toEqual([
      'CREATED',
      'SNOOZED',
      'REOPENED',
      'SUPPRESSED',
      'UNSUPPRESSED',
      'RESOLVED',
      'REOPENED',
      'RISK_ACCEPTED',
    ]);
    expect(events[1]).toMatchObject({
      actorPrincipalId: 'IU_WARDEN_SERVICE',
      stateAtEvent: 'FINDING_STATE_SNOOZED',
      severityAtEvent: 'FINDING_SEVERITY_HIGH',
      createdAt: '2026-11-22T12:00:00Z',
    });
    // The service principal is no user the tenant lists: no subject. Bob is, by his email.
    expect(events[1]).not.toHaveProperty('actorSubject');
    expect(events[6]).toMatchObject({
      actorPrincipalId: SEED_IDS.users.bob,
      actorSubject: 'bob@acme.example',
    });
    expect(events[2]?.createdAt).toBe('2026-11-22T12:01:00Z');
    expect(await audits({ findingId: 'FND_SA_UNOWNED', actorPrincipalId: SEED_IDS.users.bob })).toHaveLength(
      1,
    );
  });

  it('records bulk changes with their bulk operation id, owner changes and tasks', async () => {
    const bulk = await call(sandbox, 'POST', '/api/v1/findings/bulk/state', {
      refs: [{ id: 'FND_CUSTOM' }, { id: 'FND_RESOLVED' }],
      snooze: { reason: 'scanner noise', snoozeUntil: iso(T + 7 * DAY) },
    });
    const owner = await call(sandbox, 'POST', '/api/v1/findings/bulk/state', {
      refs: [{ id: 'FND_CUSTOM' }],
      assignOwner: { owner: { identityUserId: SEED_IDS.users.dave } },
    });
    const bulkId = String(bulk.json.bulkActionId);
    await expect.poll(() => sandbox.bulk.all.get(String(owner.json.bulkActionId))?.done).toBe(true);
    const task = await call(sandbox, 'POST', '/api/v1/findings/FND_CUSTOM/task', {});
    const events = (await audits({ findingId: 'FND_CUSTOM' })).slice(1);
    expect(events).toMatchObject([
      {
        eventType: 'FINDING_AUDIT_EVENT_TYPE_SNOOZED',
        bulkOperationId: bulkId,
        stateAtEvent: 'FINDING_STATE_SNOOZED',
      },
      { eventType: 'FINDING_AUDIT_EVENT_TYPE_OWNER_CHANGED', bulkOperationId: owner.json.bulkActionId },
      { eventType: 'FINDING_AUDIT_EVENT_TYPE_TASK_CREATED', ticketId: task.json.taskId },
    ]);
    expect(events[2]).not.toHaveProperty('bulkOperationId');
    // The refused finding has no event of the bulk change.
    expect(
      await audits({ findingId: 'FND_RESOLVED', eventTypes: ['FINDING_AUDIT_EVENT_TYPE_SNOOZED'] }),
    ).toEqual([]);
  });

  it('records a lapse once, dated at the end itself, when the clock passes it', async () => {
    await state('FND_SA_UNOWNED', { snooze: { reason: 'r', snoozeUntil: '2026-11-23T08:00:00Z' } });
    await state('FND_NHI_UNOWNED', { acceptRisk: { justification: 'j', expiresAt: '2026-11-24T08:00:00Z' } });
    expect(await audits({ eventTypes: ['FINDING_AUDIT_EVENT_TYPE_SNOOZE_EXPIRED'] })).toEqual([]);
    sandbox.clock.advance(3 * DAY);
    const lapses = await audits({
      eventTypes: [
        'FINDING_AUDIT_EVENT_TYPE_SNOOZE_EXPIRED',
        'FINDING_AUDIT_EVENT_TYPE_RISK_ACCEPTANCE_EXPIRED',
      ],
    });
    expect(lapses).toMatchObject([
      { findingId: 'FND_SA_UNOWNED', createdAt: '2026-11-23T08:00:00Z', stateAtEvent: 'FINDING_STATE_OPEN' },
      { findingId: 'FND_NHI_UNOWNED', createdAt: '2026-11-24T08:00:00Z', stateAtEvent: 'FINDING_STATE_OPEN' },
    ]);
    expect(lapses[0]).not.toHaveProperty('actorPrincipalId');
    await call(sandbox, 'GET', '/api/v1/findings/FND_SA_UNOWNED');
    expect(await audits({ eventTypes: ['FINDING_AUDIT_EVENT_TYPE_SNOOZE_EXPIRED'] })).toHaveLength(1);
  });

  it('records a finding a test adds, once', async () => {
    const seed = sandbox.findings.get('FND_CUSTOM');
    if (!seed) throw new Error('seed missing');
    sandbox.findings.put({ ...seed, id: 'FND_NEW', createdAt: '2026-11-22T11:00:00Z' });
    sandbox.findings.put({ ...seed, id: 'FND_NEW', description: 'changed' });
    expect(await audits({ findingId: 'FND_NEW' })).toMatchObject([
      { eventType: 'FINDING_AUDIT_EVENT_TYPE_CREATED', createdAt: '2026-11-22T11:00:00Z' },
    ]);
  });

  it('filters by time (since inclusive, until exclusive) and pages', async () => {
    sandbox.clock.advance(DAY);
    await state('FND_SA_UNOWNED', { suppress: { reason: 'x' } });
    const later = await audits({ since: '2026-11-23T12:00:00Z' });
    expect(types(later)).toEqual(['SUPPRESSED']);
    expect(
      await audits({ until: '2026-11-23T12:00:00Z', eventTypes: ['FINDING_AUDIT_EVENT_TYPE_SUPPRESSED'] }),
    ).toEqual([]);
    const first = await call(sandbox, 'POST', '/api/v1/search/finding_audits', { page_size: 10 });
    expect(listOf(first.json)).toHaveLength(10);
    const rest = await call(sandbox, 'POST', '/api/v1/search/finding_audits', {
      pageSize: 10,
      pageToken: first.json.nextPageToken,
    });
    expect(listOf(rest.json).length).toBeGreaterThan(0);
  });

  it('refuses malformed filters with a 400', async () => {
    for (const body of [
      { eventTypes: 'FINDING_AUDIT_EVENT_TYPE_CREATED' },
      { eventTypes: ['FINDING_AUDIT_EVENT_TYPE_NOPE'] },
      { since: 'yesterday' },
      { until: '2026-11-22' },
      { findingId: 7 },
    ]) {
      expect(
        await call(sandbox, 'POST', '/api/v1/search/finding_audits', body),
        JSON.stringify(body),
      ).toMatchObject({
        status: 400,
        json: { code: 3 },
      });
    }
  });
});

describe('the clock', () => {
  it('moves the tenant’s time for lapses and token lifetimes, also through POST /_sandbox/clock', async () => {
    await state('FND_SA_UNOWNED', { snooze: { reason: 'r', snoozeUntil: iso(T + DAY) } });
    expect(sandbox.clock.advance(2 * DAY)).toBe(T + 2 * DAY);
    expect(sandbox.findings.get('FND_SA_UNOWNED')?.state).toBe('FINDING_STATE_OPEN');
    const token = await request(`${sandbox.url}/auth/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: sandbox.credentials.clientId,
        client_secret: sandbox.credentials.clientSecret,
      }).toString(),
    });
    const { access_token } = (await token.body.json()) as { access_token: string };
    const get = () =>
      request(`${sandbox.url}/api/v1/findings/FND_CUSTOM`, {
        headers: { authorization: `Bearer ${access_token}` },
      }).then(async (r) => {
        await r.body.dump();
        return r.statusCode;
      });
    expect(await get()).toBe(200);
    const moved = await request(`${sandbox.url}/_sandbox/clock`, {
      method: 'POST',
      body: JSON.stringify({ advanceMs: 601_000 }),
    });
    expect(await moved.body.json()).toEqual({ now: iso(T + 2 * DAY + 601_000) });
    expect(await get()).toBe(401);
    const set = await request(`${sandbox.url}/_sandbox/clock`, {
      method: 'POST',
      body: JSON.stringify({ at: '2027-01-01T00:00:00Z' }),
    });
    expect(await set.body.json()).toEqual({ now: '2027-01-01T00:00:00.000Z' });
    expect(sandbox.clock.now()).toBe(Date.parse('2027-01-01T00:00:00Z'));
    const bad = await request(`${sandbox.url}/_sandbox/clock`, {
      method: 'POST',
      body: '{"advanceMs":"soon"}',
    });
    expect(bad.statusCode).toBe(400);
    await bad.body.dump();
  });
});

describe('extending in place', () => {
  it('a snooze of a snoozed finding sets the new end and reason; an acceptance the new expiry', async () => {
    const again = await state('FND_SNOOZED', {
      snooze: { reason: 'still waiting', snoozeUntil: iso(T + 30 * DAY) },
    });
    expect(again.json.finding).toMatchObject({
      state: 'FINDING_STATE_SNOOZED',
      snoozeReason: 'still waiting',
      snoozeUntil: iso(T + 30 * DAY),
    });
    const risk = await state('FND_RISK_ACCEPTED', {
      acceptRisk: { justification: 'renewed for a quarter', expiresAt: iso(T + 90 * DAY) },
    });
    expect(risk.json.finding).toMatchObject({
      riskAcceptanceJustification: 'renewed for a quarter',
      riskAcceptanceExpiresAt: iso(T + 90 * DAY),
    });
    expect(types(await audits({ findingId: 'FND_SNOOZED' }))).toEqual(['CREATED', 'SNOOZED']);
    // Only the same kind: a snoozed finding still cannot have its risk accepted without a reopen.
    expect(
      (await state('FND_SNOOZED', { acceptRisk: { justification: 'j', expiresAt: iso(T + DAY) } })).status,
    ).toBe(400);
  });

  it('with extendInPlace false, refuses them as any change the state does not allow, also in bulk', async () => {
    sandbox.answers.extendInPlace = false;
    expect(await state('FND_SNOOZED', { snooze: { reason: 'r', snoozeUntil: iso(T + DAY) } })).toMatchObject({
      status: 400,
      json: { code: 9, message: 'cannot snooze a finding in state FINDING_STATE_SNOOZED' },
    });
    const bulk = await call(sandbox, 'POST', '/api/v1/findings/bulk/state', {
      refs: [{ id: 'FND_RISK_ACCEPTED' }],
      acceptRisk: { justification: 'j', expiresAt: iso(T + DAY) },
    });
    const id = String(bulk.json.bulkActionId);
    await expect.poll(() => sandbox.bulk.all.get(id)?.done).toBe(true);
    expect(sandbox.bulk.all.get(id)?.refused).toEqual([
      {
        findingId: 'FND_RISK_ACCEPTED',
        message: 'cannot acceptRisk a finding in state FINDING_STATE_RISK_ACCEPTED',
      },
    ]);
    sandbox.answers.extendInPlace = true;
    const again = await call(sandbox, 'POST', '/api/v1/findings/bulk/state', {
      refs: [{ id: 'FND_RISK_ACCEPTED' }],
      acceptRisk: { justification: 'j', expiresAt: iso(T + DAY) },
    });
    const second = String(again.json.bulkActionId);
    await expect.poll(() => sandbox.bulk.all.get(second)?.done).toBe(true);
    expect(sandbox.bulk.all.get(second)?.applied).toEqual(['FND_RISK_ACCEPTED']);
  });
});
