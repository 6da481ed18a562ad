import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxTenant, type SandboxTenant } from '../src/index.js';
import { call, listOf } from './tenant-http.js';

/**
 * Paging of the tenant's two long searches (search/finding_audits, findings/search): a page goes
 * on from where the last stopped instead of walking everything again (the SLA bench reads 500,000
 * events), and the answers stay what a client paging them expects: every match once, in order,
 * filters kept, a token of other filters refused.
 */
const T = Date.parse('2026-11-22T12:00:00Z');
const H = 3_600_000;
let sandbox: SandboxTenant;
beforeEach(async () => {
  sandbox = await createSandboxTenant({ now: () => T, deliberate: false });
});
afterEach(() => sandbox.close());

async function walk(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let pageToken = '';
  for (let pages = 0; pages < 100; pages++) {
    const res = await call(sandbox, 'POST', path, { ...body, pageSize: 10, pageToken });
    expect(res.status).toBe(200);
    const list = listOf(res.json);
    expect(list.length).toBeLessThanOrEqual(10);
    out.push(...list);
    pageToken = String(res.json.nextPageToken ?? '');
    if (!pageToken) return out;
  }
  throw new Error('paging did not end');
}

describe('search/finding_audits pages', () => {
  it('every matching event once, oldest first, an event recorded at an earlier time in its place', async () => {
    const seed = sandbox.findings.get('FND_SA_UNOWNED');
    if (!seed) throw new Error('seed missing');
    // 30 findings created over the last 30 hours, added newest first (out of time order)
    for (let i = 29; i >= 0; i--)
      sandbox.findings.put({ ...seed, id: `FND_P_${i}`, createdAt: new Date(T - (i + 1) * H).toISOString() });
    const all = await walk('/api/v1/search/finding_audits', {});
    const times = all.map((e) => Date.parse(String(e.createdAt)));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(all.map((e) => e.eventId)).size).toBe(all.length);
    expect(all.filter((e) => String(e.findingId).startsWith('FND_P_'))).toHaveLength(30);

    // a window and a type: exactly the events inside it, across pages
    const since = new Date(T - 20 * H).toISOString();
    const until = new Date(T - 5 * H).toISOString();
    const windowed = await walk('/api/v1/search/finding_audits', {
      since,
      until,
      eventTypes: ['FINDING_AUDIT_EVENT_TYPE_CREATED'],
    });
    expect(windowed.map((e) => e.findingId)).toEqual(Array.from({ length: 15 }, (_, k) => `FND_P_${19 - k}`));
  });

  it('refuses a page token made for other filters, and one it never made', async () => {
    const first = await call(sandbox, 'POST', '/api/v1/search/finding_audits', { pageSize: 10 });
    const token = String(first.json.nextPageToken);
    expect(token).not.toBe('');
    for (const body of [
      { pageSize: 10, pageToken: token, findingId: 'FND_SA_UNOWNED' },
      { pageSize: 10, pageToken: 'not-a-token' },
    ])
      expect(await call(sandbox, 'POST', '/api/v1/search/finding_audits', body)).toMatchObject({
        status: 400,
        json: { code: 3 },
      });
  });
});

describe('findings/search pages', () => {
  it('every match once, in the tenant’s order, a filter kept across pages; a foreign token refused', async () => {
    const seed = sandbox.findings.get('FND_SA_UNOWNED');
    if (!seed) throw new Error('seed missing');
    for (let i = 0; i < 25; i++)
      sandbox.findings.put({
        ...seed,
        id: `FND_Q_${i}`,
        severity: i % 2 ? 'FINDING_SEVERITY_LOW' : 'FINDING_SEVERITY_CRITICAL',
      });
    const all = await walk('/api/v1/findings/search', {});
    expect(all.map((f) => f.id)).toEqual(sandbox.findings.all().map((f) => f.id));
    const critical = await walk('/api/v1/findings/search', { severities: ['FINDING_SEVERITY_CRITICAL'] });
    expect(critical.map((f) => f.id)).toEqual(
      sandbox.findings
        .all()
        .filter((f) => f.severity === 'FINDING_SEVERITY_CRITICAL')
        .map((f) => f.id),
    );
    expect(critical.filter((f) => String(f.id).startsWith('FND_Q_'))).toHaveLength(13);
    const first = await call(sandbox, 'POST', '/api/v1/findings/search', { pageSize: 10 });
    expect(
      await call(sandbox, 'POST', '/api/v1/findings/search', {
        pageSize: 10,
        pageToken: first.json.nextPageToken,
        severities: ['FINDING_SEVERITY_LOW'],
      }),
    ).toMatchObject({ status: 400, json: { code: 3 } });
  });
});
