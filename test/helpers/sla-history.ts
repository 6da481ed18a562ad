/**
 * A seeded five-week history of findings in the simulated tenant, its audit trail read over HTTP
 * page by page as any client would, and the SLA figures recomputed from the definitions (README
 * "SLA clocks") independently of Warden's code: what test/e2e/sla-report.test.ts compares ±0.
 */
import { SEED_IDS } from '@warden/simulators';
import { request } from 'undici';
import type { Harness } from './harness.js';

export const H = 3_600_000;
export const D = 24 * H;
export const YAML = `sla:
  pauseWhile: [snoozed]
  severities:
    critical: { acknowledge: 2h, close: 3d }
    high: { acknowledge: 8h, close: 7d }
`;
const TARGET: Record<string, { ack: number; close: number }> = {
  FINDING_SEVERITY_CRITICAL: { ack: 2 * H, close: 3 * D },
  FINDING_SEVERITY_HIGH: { ack: 8 * H, close: 7 * D },
};
const BASES = ['FND_SA_UNOWNED', 'FND_UNUSED_SECRET', 'FND_NHI_UNOWNED'];
const PEOPLE = [SEED_IDS.users.alice, SEED_IDS.users.bob, SEED_IDS.users.carol];

/** A deterministic pseudo-random sequence (the same history every run). */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** 80 findings over the last 40 days, each with a life: acknowledged, snoozed, closed… or not. */
export function seedHistory(h: Harness, now: number): string[] {
  const r = rng(38);
  const ids: string[] = [];
  for (let i = 0; i < 80; i++) {
    const base = h.tenant.findings.get(BASES[i % BASES.length] ?? '');
    if (!base) throw new Error('no base');
    const id = `FND_HIST_${String(i).padStart(3, '0')}`;
    const created = now - Math.floor(r() * 40 * D);
    h.tenant.findings.put({
      ...structuredClone(base),
      id,
      state: 'FINDING_STATE_OPEN',
      severity: i % 3 === 0 ? 'FINDING_SEVERITY_CRITICAL' : 'FINDING_SEVERITY_HIGH',
      createdAt: new Date(created).toISOString(),
    });
    ids.push(id);
    let t = created;
    const person = PEOPLE[i % PEOPLE.length] ?? SEED_IDS.users.alice;
    const step = (ms: number) => {
      t += ms;
      return t < now - 60_000;
    };
    if (r() < 0.3 && step(r() * 12 * H))
      h.tenant.findings.assignOwner(id, { identityUserId: person }, person, t);
    if (r() < 0.4 && step(r() * 24 * H)) {
      const until = t + Math.floor((1 + r() * 3) * D);
      h.tenant.findings.changeState(
        id,
        { snooze: { reason: 'vendor', snoozeUntil: new Date(until).toISOString() } },
        person,
        t,
      );
      t = until;
    }
    if (r() < 0.7 && step(r() * 10 * D)) {
      const how = r() < 0.5 ? { suppress: { reason: 'noise' } } : { resolve: { reason: 'fixed' } };
      // some closures by an automation (no actor): they close without acknowledging
      h.tenant.findings.changeState(id, how, r() < 0.2 ? '' : person, t);
    }
  }
  return ids;
}

interface Event {
  findingId: string;
  eventType: string;
  createdAt: string;
  actorPrincipalId?: string;
  stateAtEvent?: string;
  severityAtEvent?: string;
}

/** Every audit event, read over HTTP page by page as any client would. */
export async function auditTrail(h: Harness, until: number): Promise<Event[]> {
  const out: Event[] = [];
  let token = '';
  for (;;) {
    const res = await request(`${h.tenant.url}/api/v1/search/finding_audits`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${h.tenant.credentials.staticToken}`,
      },
      body: JSON.stringify({ until: new Date(until).toISOString(), pageSize: 100, pageToken: token }),
    });
    const page = (await res.body.json()) as { list: Event[]; nextPageToken: string };
    out.push(...page.list);
    token = page.nextPageToken;
    if (!token) return out;
  }
}

const CLOSED = new Set(['FINDING_STATE_RESOLVED', 'FINDING_STATE_SUPPRESSED']);
const ACTING = new Set(
  [
    'STATE_CHANGED',
    'SNOOZED',
    'RISK_ACCEPTED',
    'SUPPRESSED',
    'UNSUPPRESSED',
    'RESOLVED',
    'REOPENED',
    'OWNER_CHANGED',
    'TASK_CREATED',
  ].map((t) => `FINDING_AUDIT_EVENT_TYPE_${t}`),
);

/** The figures from the definitions (README "SLA clocks"), independently of Warden's code. */
export function recompute(events: Event[], from: number, to: number) {
  const byFinding = new Map<string, Event[]>();
  for (const e of events) byFinding.set(e.findingId, [...(byFinding.get(e.findingId) ?? []), e]);
  let acks = 0;
  let ackMs = 0;
  let closures = 0;
  let closeMs = 0;
  let within = 0;
  let fromSlack = 0;
  for (const list of byFinding.values()) {
    list.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
    const created = list.find((e) => e.eventType === 'FINDING_AUDIT_EVENT_TYPE_CREATED');
    if (!created) continue;
    const c = Date.parse(created.createdAt);
    const severity = created.severityAtEvent ?? '';
    let acked: number | undefined;
    let state = 'FINDING_STATE_OPEN';
    let since = c; // when the clock last started running
    let spent = 0;
    const running = (s: string) => s !== 'FINDING_STATE_SNOOZED' && !CLOSED.has(s);
    for (const e of list) {
      const t = Date.parse(e.createdAt);
      if (e === created) continue;
      if (acked === undefined && e.actorPrincipalId && ACTING.has(e.eventType)) {
        acked = t;
        if (t >= from && t < to) {
          acks++;
          ackMs += t - c;
        }
      }
      const next = e.stateAtEvent ?? state;
      if (running(state) && !running(next)) spent += t - since;
      if (!running(state) && running(next)) since = t;
      if (!CLOSED.has(state) && CLOSED.has(next) && t >= from && t < to) {
        closures++;
        closeMs += t - c;
        if (spent <= (TARGET[severity]?.close ?? 0)) within++;
        if (e.actorPrincipalId === 'IU_WARDEN_SERVICE') fromSlack++;
      }
      state = next;
    }
  }
  return { acks, ackMs, closures, closeMs, within, fromSlack };
}
