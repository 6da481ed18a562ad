import { afterEach, describe, expect, it } from 'vitest';
import { backends } from '../helpers/stores.js';

/**
 * Slack Connect's store (migration 0125) on both stores: a verdict's age and the one-replica
 * claim of its re-check; a channel's card sweep requested, claimed with a lease, advanced card by
 * card, restarted by the other direction (its old holder then loses it), and finished.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each(backends())('Slack Connect store on $name', (backend) => {
  async function open() {
    const db = await backend.fresh();
    const store = await db.open();
    cleanups.push(
      () => db.cleanup(),
      () => store.close(),
    );
    return store;
  }

  it('keeps when Slack was asked, lists stale verdicts, and lets one caller claim a re-check', async () => {
    const store = await open();
    await store.setChannelShared('C0OLD', 'T0ACME', false, 1_000);
    await store.setChannelShared('C0NEW', 'T0ACME', false, 9_000);
    await store.setChannelShared('C0ELSE', 'T0OTHER', false, 1_000);
    expect(await store.channelSharing('C0OLD')).toEqual({ shared: false, checkedAt: 1_000 });
    expect(await store.staleChannels('T0ACME', 5_000, 10)).toEqual(['C0OLD']);
    expect(await store.claimRecheck('C0OLD', 5_000, 6_000)).toBe(true);
    expect(await store.claimRecheck('C0OLD', 5_000, 6_000)).toBe(false);
    expect(await store.staleChannels('T0ACME', 5_000, 10)).toEqual([]);
    // Told again, the same verdict: only when it was said moves.
    expect(await store.setChannelShared('C0OLD', 'T0ACME', false, 7_000)).toBe(false);
    expect(await store.channelSharing('C0OLD')).toEqual({ shared: false, checkedAt: 7_000 });
    expect(await store.setChannelShared('C0OLD', 'T0ACME', true, 8_000)).toBe(true);
  });

  it('requests, claims, advances and finishes a channel’s sweep; the other direction starts it again', async () => {
    const store = await open();
    for (const [i, findingId] of ['FND_A', 'FND_B', 'FND_C'].entries())
      await store.upsertMessage(
        {
          findingId,
          channel: 'C0SHARED',
          ts: `1763800000.00000${i}`,
          lastState: null,
          lastRecurrence: null,
          lastHash: 'h',
        },
        1_000,
      );
    await store.requestSweep('C0SHARED', 'T0ACME', true, 1_000);
    expect(await store.claimSweep('T0OTHER', 'r1', 1_000, 60_000)).toBeUndefined();
    const sweep = await store.claimSweep('T0ACME', 'r1', 1_000, 60_000);
    expect(sweep).toEqual({ channel: 'C0SHARED', teamId: 'T0ACME', shared: true, afterTs: '' });
    // Held: another replica gets nothing until the lease runs out.
    expect(await store.claimSweep('T0ACME', 'r2', 2_000, 60_000)).toBeUndefined();
    const cards = await store.cardsIn('C0SHARED', '', 2);
    expect(cards.map((c) => c.findingId)).toEqual(['FND_A', 'FND_B']);
    const at = { ...(sweep ?? { channel: '', teamId: '', shared: true }), afterTs: cards[1]?.ts ?? '' };
    expect(await store.advanceSweep(at, 'r1', 3_000, 60_000)).toBe(true);
    expect((await store.cardsIn('C0SHARED', at.afterTs, 10)).map((c) => c.findingId)).toEqual(['FND_C']);
    // Unshared meanwhile: the holder of "shared" loses it; the sweep starts again the other way.
    await store.requestSweep('C0SHARED', 'T0ACME', false, 4_000);
    expect(await store.advanceSweep(at, 'r1', 5_000, 60_000)).toBe(false);
    const back = await store.claimSweep('T0ACME', 'r2', 5_000, 60_000);
    expect(back).toEqual({ channel: 'C0SHARED', teamId: 'T0ACME', shared: false, afterTs: '' });
    if (back) await store.finishSweep(back, 'r2');
    expect(await store.claimSweep('T0ACME', 'r2', 6_000, 60_000)).toBeUndefined();
  });
});
