import { afterEach, describe, expect, it } from 'vitest';
import { backends } from '../helpers/stores.js';

/**
 * The claim on a finding's card in a channel (migration 0130, ports/card-claims.ts) on both
 * stores: one holder at a time even when many ask at once, a retried claim knows its own row, a
 * release lets go of its own claim only, and a claim whose holder died runs out with its lease.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each(backends())('card claims on $name', (backend) => {
  it('one holder among many at once; its own retry is taken; a release frees only its own; a dead claim runs out', async () => {
    const db = await backend.fresh();
    const [one, two] = [await db.open(), await db.open()];
    cleanups.push(
      () => db.cleanup(),
      () => one.close(),
      () => two.close(),
    );
    const now = 1_800_000_000_000;
    const claim = (holder: string, at = now) =>
      (holder.endsWith('b') ? two : one).claimCard(
        { findingId: 'FND_A', channel: 'C0SECOPS', holder, until: at + 60_000 },
        at,
      );
    // ten posters at once, on two connections (two replicas): one takes it
    const holders = Array.from({ length: 10 }, (_, i) => `h${i}${i % 2 ? 'b' : 'a'}`);
    const taken = await Promise.all(holders.map((h) => claim(h)));
    expect(taken.filter(Boolean)).toHaveLength(1);
    const winner = holders[taken.indexOf(true)] ?? '';
    // the winner asking again (its answer was lost) still holds it; another pair is free
    expect(await claim(winner)).toBe(true);
    expect(
      await one.claimCard({ findingId: 'FND_A', channel: 'C0OTHER', holder: 'x', until: now + 1 }, now),
    ).toBe(true);
    // a release by someone else changes nothing; the holder's own frees it
    const loser = holders.find((h) => h !== winner) ?? '';
    await two.releaseCard('FND_A', 'C0SECOPS', loser);
    expect(await claim(loser)).toBe(false);
    await one.releaseCard('FND_A', 'C0SECOPS', winner);
    expect(await claim(loser)).toBe(true);
    // the holder dies without letting go: taken again once its lease has run out, not before
    expect(await claim('late', now + 59_999)).toBe(false);
    expect(await claim('late', now + 60_000)).toBe(true);
    // the retention sweep deletes claims past their lease (C0OTHER's), and only those
    expect(await one.purge('expired', now + 1, 100)).toBe(1);
    const other = { findingId: 'FND_A', channel: 'C0OTHER', holder: 'y', until: now + 60_000 };
    expect(await one.claimCard(other, now)).toBe(true);
    expect(await claim('later', now + 60_001)).toBe(false);
  });
});
