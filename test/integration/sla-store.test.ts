import { afterEach, describe, expect, it } from 'vitest';
import type { SlaClockRow } from '../../src/ports/sla.js';
import { backends } from '../helpers/stores.js';

/**
 * SLA clocks in the store (migration 0140) on both stores: a row written and read back exactly,
 * due rows claimed by one taker until their lease ends, the sweep's write-back refused when the
 * clock moved meanwhile (the row is then due again), overdue counts by severity.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const T = 1_795_000_000_000;
const row = (findingId: string, o: Partial<SlaClockRow> = {}): SlaClockRow => ({
  findingId,
  team: 'T0ACME',
  severity: 'FINDING_SEVERITY_CRITICAL',
  findingType: 'FINDING_TYPE_DECOY_CREDENTIAL_USED',
  state: 'FINDING_STATE_SNOOZED',
  createdAt: T,
  changedAt: T + 1,
  ackedAt: T + 2,
  ackSpent: 2,
  pausedMs: 5,
  frozenSince: T + 3,
  frozenWhy: 'snoozed',
  shown: 'a line',
  nextAt: T + 10,
  overdue: false,
  ...o,
});

describe.each(backends())('SLA clocks on $name', (backend) => {
  it('keep a row exactly; one taker per due row; the sweep writes back only an unmoved clock', async () => {
    const db = await backend.fresh();
    const store = await db.open();
    cleanups.push(
      () => db.cleanup(),
      () => store.close(),
    );
    await store.putSlaClock(row('F1'), T);
    const { updatedAt: _u, ...read } = (await store.slaClock('F1')) ?? {};
    expect(read).toEqual(row('F1'));
    await store.putSlaClock(
      row('F2', {
        nextAt: T + 1_000,
        overdue: true,
        ackedAt: null,
        ackSpent: null,
        frozenSince: null,
        frozenWhy: null,
      }),
      T,
    );

    const first = await store.claimDueSlaClocks(T + 20, 60_000, 10);
    expect(first.map((r) => r.findingId)).toEqual(['F1']);
    expect(await store.claimDueSlaClocks(T + 30, 60_000, 10)).toEqual([]);

    // written by another while claimed: the sweep's write-back does not undo it, and it is due again
    await store.putSlaClock(row('F1', { state: 'FINDING_STATE_RESOLVED', frozenWhy: 'closed' }), T + 40);
    await store.sweptSlaClock(
      'F1',
      { shown: 'old', nextAt: T + 99_999, overdue: false },
      first[0]?.updatedAt ?? 0,
      T + 50,
    );
    const moved = await store.slaClock('F1');
    expect(moved).toMatchObject({ state: 'FINDING_STATE_RESOLVED', shown: 'a line', nextAt: T + 50 });
    // unmoved: the write-back takes
    const again = await store.claimDueSlaClocks(T + 60, 60_000, 10);
    await store.sweptSlaClock(
      'F1',
      { shown: 'new', nextAt: null, overdue: true },
      again[0]?.updatedAt ?? 0,
      T + 70,
    );
    expect(await store.slaClock('F1')).toMatchObject({ shown: 'new', nextAt: null, overdue: true });

    expect(await store.overdueBySeverity()).toEqual(new Map([['FINDING_SEVERITY_CRITICAL', 2]]));
    expect((await store.overdueSlaClocks(10, 'T0ACME')).map((r) => r.findingId).sort()).toEqual(['F1', 'F2']);
    expect(await store.overdueSlaClocks(10, 'T0OTHER')).toEqual([]);
  });
});
