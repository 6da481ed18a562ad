import { afterEach, describe, expect, it } from 'vitest';
import type { NewJob } from '../../src/ports/lifecycle.js';
import type { Store } from '../../src/ports/store.js';
import { backends } from '../helpers/stores.js';

const job = (key: string, over: Partial<NewJob> = {}): NewJob => ({
  kind: 'end',
  key,
  dueAt: 1_000,
  subject: 'FND_1',
  payload: { action: 'snooze', endsAt: 1_000 },
  ...over,
});

/** The lifecycle's schedule (store/queries/lifecycle.ts) on SQLite and PostgreSQL alike. */
describe.each(backends())('the lifecycle schedule on $name', (backend) => {
  const opened: Store[] = [];
  let cleanup: (() => Promise<void>) | undefined;
  async function pair(): Promise<[Store, Store]> {
    const fresh = await backend.fresh();
    cleanup = fresh.cleanup;
    const a = await fresh.open();
    const b = await fresh.open();
    opened.push(a, b);
    return [a, b];
  }
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
    await cleanup?.();
  });

  it('schedules a job once per key; a repeat only fills in who made it', async () => {
    const [a, b] = await pair();
    // the tenant's webhook came first (nobody known), then Warden's own change
    expect(await a.scheduleJob(job('end:FND_1:snooze:1'), 0)).toBe(true);
    expect(
      await b.scheduleJob(job('end:FND_1:snooze:1', { madeBy: 'U0ALICE', approvedBy: 'U0BOB' }), 0),
    ).toBe(false);
    expect(await a.scheduleJob(job('end:FND_1:snooze:1', { madeBy: 'U0EVE' }), 0)).toBe(false);
    const [only] = await a.pendingJobs('end', 10_000);
    expect(only).toMatchObject({ madeBy: 'U0ALICE', approvedBy: 'U0BOB', status: 'pending', attempts: 0 });
    expect(await a.pendingJobs('end', 10_000, { person: 'U0BOB' })).toHaveLength(1);
    expect(await a.pendingJobs('end', 10_000, { person: 'U0CAROL' })).toHaveLength(0);
    // a finding's ends, whoever made them (Home: the end that still holds)
    expect(await a.pendingJobs('end', 10_000, { subject: 'FND_1' })).toHaveLength(1);
    expect(await a.pendingJobs('end', 10_000, { subject: 'FND_2' })).toHaveLength(0);
    expect(await a.pendingJobs('end', 999)).toHaveLength(0);
  });

  it('hands each due job to one holder; a holder that dies leaves it to another after its lease', async () => {
    const [a, b] = await pair();
    for (let i = 0; i < 6; i++) await a.scheduleJob(job(`end:FND_${i}`, { dueAt: 1_000 + i }), 0);
    await a.scheduleJob(job('end:later', { dueAt: 9_000 }), 0);
    const [x, y] = await Promise.all([
      a.claimDueJobs('a', 4, 2_000, 60_000),
      b.claimDueJobs('b', 4, 2_000, 60_000),
    ]);
    const ids = [...(x ?? []), ...(y ?? [])].map((j) => j.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(await a.claimDueJobs('a', 10, 3_000, 60_000)).toHaveLength(0);
    // the lease ran out: taken back, attempts counted
    const again = await b.claimDueJobs('b', 10, 70_000, 60_000);
    expect(again.map((j) => j.attempts)).toEqual([2, 2, 2, 2, 2, 2, 1]);
  });

  it('keeps the steps a job has done, its retries and its outcome', async () => {
    const [a] = await pair();
    await a.scheduleJob(job('remind:FND_1', { kind: 'remind' }), 0);
    const [claimed] = await a.claimDueJobs('a', 1, 2_000, 60_000);
    if (!claimed) throw new Error('not claimed');
    await a.recordJobStep(claimed.id, 'dm:U0ALICE', 'sent', 2_000);
    await a.recordJobStep(claimed.id, 'dm:U0FRANK', 'user_disabled', 2_000);
    await a.retryJob(claimed.id, 5_000, 'thread reply failed: 503', 2_000);
    expect(await a.claimDueJobs('a', 1, 4_000, 60_000)).toHaveLength(0);
    const [retried] = await a.claimDueJobs('a', 1, 5_000, 60_000);
    expect(retried?.progress).toEqual({ 'dm:U0ALICE': 'sent', 'dm:U0FRANK': 'user_disabled' });
    await a.finishJob(claimed.id, 'done', 'sent; 1 undelivered', 6_000, 1);
    expect(await a.getJob(claimed.id)).toMatchObject({
      status: 'done',
      undelivered: 1,
      outcome: 'sent; 1 undelivered',
    });
    expect(await a.lifecycleStats(0)).toEqual({ pending: 0, failed: 0, undelivered: 1 });
    expect(await a.lifecycleStats(7_000)).toEqual({ pending: 0, failed: 0, undelivered: 0 });
  });

  it('finds the last finished digest of a channel, and who opened the Home tab', async () => {
    const [a] = await pair();
    for (const [date, dueAt] of [
      ['2026-11-23', 1_000],
      ['2026-11-24', 2_000],
    ] as const) {
      await a.scheduleJob({ kind: 'digest', key: `digest:C1:${date}`, dueAt, subject: 'C1', payload: {} }, 0);
    }
    for (const j of await a.claimDueJobs('a', 5, 3_000, 60_000))
      await a.finishJob(j.id, 'done', 'posted', 3_000);
    expect((await a.lastFinished('digest', 'C1'))?.key).toBe('digest:C1:2026-11-24');
    expect(await a.lastFinished('digest', 'C2')).toBeUndefined();
    await a.markHomeOpened('U0ALICE', 1);
    await a.markHomeOpened('U0BOB', 2);
    await a.markHomeOpened('U0ALICE', 3);
    expect(await a.homeOpenedBy(['U0ALICE', 'U0CAROL'])).toEqual(['U0ALICE']);
    expect(await a.homeViewers(10)).toEqual(['U0ALICE', 'U0BOB']);
    // Several workspaces: one person's Home is kept per workspace, apart from the one workspace's.
    await a.markHomeOpened('W0DANA', 4, 'T0BRAVO');
    expect(await a.homeOpenedBy(['W0DANA'], 'T0BRAVO')).toEqual(['W0DANA']);
    expect(await a.homeOpenedBy(['W0DANA'], 'T0ALPHA')).toEqual([]);
    expect(await a.homeOpenedBy(['W0DANA'])).toEqual([]);
    await a.markHomeOpened('W0DANA', 5, 'T0ALPHA');
    expect(await a.homeViewers(10, 'T0ALPHA')).toEqual(['W0DANA']);
    expect(await a.homeViewers(10, 'T0BRAVO')).toEqual(['W0DANA']);
  });
});
