import { describe, expect, it } from 'vitest';
import { changeManyFindings } from '../../src/usecases/shared/change-many-findings.js';
import { CHANGE_PORTS, lanePerTest } from '../helpers/lane.js';

const lane = lanePerTest();
const PORTS = [...CHANGE_PORTS, 'timers'] as const;
const audience = { channel: 'C0SECOPS', user: 'U0ALICE' };

/** A roll-up's summary to report in, and the groups whose summaries were marked changed. */
async function setUp() {
  const l = await lane();
  const summaryTs = await l.ports.chat.post({ channel: 'C0SECOPS', text: 'Roll-up: 3 findings' });
  const marked: string[] = [];
  const rollups = { ...l.ports.rollups, markChanged: async (id: string) => void marked.push(id) };
  const p = { ...l.pick(...PORTS), rollups };
  const input = {
    actorId: 'U0ALICE',
    audience,
    report: { channel: 'C0SECOPS', threadTs: summaryTs },
    groupId: 'RU_TEST',
    ref: 'ref-bulk',
  };
  return { l, p, input, summaryTs, marked };
}

describe('changeManyFindings (through its ports)', () => {
  it('changes what the tenant allows, names what it refused, replaces known cards, tells the thread once', async () => {
    const { l, p, input, summaryTs, marked } = await setUp();
    const card = await l.card('FND_SA_UNOWNED');
    const until = new Date(Date.now() + 7 * 86_400_000);
    const outcome = await changeManyFindings(p, {
      ...input,
      findingIds: ['FND_SA_UNOWNED', 'FND_NHI_UNOWNED', 'FND_RESOLVED'],
      change: { kind: 'snooze', reason: 'scanner noise', until },
    });
    expect(outcome).toMatchObject({
      changed: expect.arrayContaining(['FND_SA_UNOWNED', 'FND_NHI_UNOWNED']),
      unchanged: ['FND_RESOLVED'],
      busy: [],
      failed: false,
    });
    expect(l.tenant.findings.get('FND_NHI_UNOWNED', Date.now())?.state).toBe('FINDING_STATE_SNOOZED');
    // one bulk request, not three state changes
    expect(l.tenant.requests.filter((r) => r.path.endsWith('/state')).map((r) => r.path)).toEqual([
      '/api/v1/findings/bulk/state',
    ]);
    expect(l.slack.messages.find((m) => m.ts === card.ts)?.edited).toBe(true);
    const thread = l.slack.thread('C0SECOPS', summaryTs).map((m) => m.text);
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatch(/^<@U0ALICE> snoozed 2 of 3 findings until <!date\^\d+\^.*: scanner noise/);
    expect(thread[0]).toMatch(/did not change 1 finding .*`FND_RESOLVED`/);
    // the card's own thread is not flooded: the roll-up tells it
    expect(l.slack.thread(card.channel, card.ts)).toHaveLength(0);
    expect(marked).toEqual(['RU_TEST']);
    const [entry] = await l.store.auditLog({ findingId: 'FND_RESOLVED', limit: 1 });
    expect(entry).toMatchObject({ action: 'snooze', outcome: 'refused' });
    const [ok] = await l.store.auditLog({ findingId: 'FND_SA_UNOWNED', limit: 1 });
    expect(ok).toMatchObject({ action: 'snooze', outcome: 'ok', user_id: 'U0ALICE' });
    // the reason the tenant records says who acted in Slack
    expect(l.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.snoozeReason).toMatch(/scanner noise/);
    expect(String(l.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.snoozeReason)).not.toBe(
      'scanner noise',
    );
  });

  it('leaves findings with a change in flight alone and says so', async () => {
    const { l, p, input, summaryTs } = await setUp();
    await l.ports.inflight.claim('FND_SNOOZED');
    const outcome = await changeManyFindings(p, {
      ...input,
      findingIds: ['FND_SNOOZED', 'FND_RISK_ACCEPTED'],
      change: { kind: 'reopen' },
    });
    expect(outcome).toMatchObject({ changed: ['FND_RISK_ACCEPTED'], busy: ['FND_SNOOZED'] });
    expect(l.tenant.findings.get('FND_SNOOZED', Date.now())?.state).toBe('FINDING_STATE_SNOOZED');
    const [line] = l.slack.thread('C0SECOPS', summaryTs).map((m) => m.text);
    expect(line).toMatch(/reopened 1 of 2 findings/);
    expect(line).toMatch(/already in progress: `FND_SNOOZED`/);
  });

  it('a request the tenant refuses whole: the person is told, the thread is not, nothing changes', async () => {
    const { l, p, input, summaryTs } = await setUp();
    l.tenant.faults.add({ method: 'POST', path: '/api/v1/findings/bulk/state', status: 400 });
    const outcome = await changeManyFindings(p, {
      ...input,
      findingIds: ['FND_SA_UNOWNED'],
      change: { kind: 'suppress', reason: 'test accounts' },
    });
    expect(outcome).toMatchObject({ changed: [], unchanged: ['FND_SA_UNOWNED'], failed: true });
    expect(l.slack.thread('C0SECOPS', summaryTs)).toHaveLength(0);
    expect(l.slack.ephemerals.at(-1)?.text).toMatch(/ref-bulk/);
    expect(l.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.state).toBe('FINDING_STATE_OPEN');
    // nothing stays claimed
    expect(await l.ports.inflight.claim('FND_SA_UNOWNED')).toBe(true);
  });
});

describe('a bulk change a restart interrupted', () => {
  it('is settled once, its roll-up marked for an update, and the person told to look there', async () => {
    const { l, p, marked } = await setUp();
    const old = Date.now() - 60 * 60_000;
    const attempt = await l.store.appendAudit({
      at: old,
      team_id: 'T0WARDEN',
      user_id: 'U0ALICE',
      channel: 'C0SECOPS',
      finding_id: 'RU_TEST',
      action: 'bulk.snooze',
      params: { group: 'RU_TEST', findings: 12 },
      outcome: 'attempt',
      error: null,
    });
    const { reconcileAttempts } = await import('../../src/usecases/findings/reconcile-attempts.js');
    expect(await reconcileAttempts(p)).toBe(1);
    expect(await reconcileAttempts(p)).toBe(0);
    const [entry] = await l.store.auditLog({ findingId: 'RU_TEST', limit: 1 });
    expect(entry).toMatchObject({ id: attempt, outcome: 'failed' });
    expect(marked).toEqual(['RU_TEST']);
    expect(l.slack.ephemerals.at(-1)?.text).toMatch(/restarted during your snooze of roll-up `RU_TEST`/);
  });
});
