import { afterEach, describe, expect, it } from 'vitest';
import { createReviewLinks } from '../../src/adapters/review-links.js';
import { Secret } from '../../src/secret.js';
import { TokenCipher } from '../../src/slack/token-cipher.js';
import { backends } from '../helpers/stores.js';

/**
 * Access reviews' tables (migration 0160) on both stores: links sealed and bound to their row
 * (a key rotation seals them again when read), review jobs once per key with claims one holder
 * at a time (a lapsed lease is taken back), trackers kept per workspace and campaign.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const OLD = new Secret('c3'.repeat(32));
const NEW = new Secret('d4'.repeat(32));

describe.each(backends())('access reviews on $name', (backend) => {
  it('links sealed to their row and resealed after a rotation; jobs once per key, claimed once; trackers', async () => {
    const db = await backend.fresh();
    const store = await db.open();
    cleanups.push(
      () => db.cleanup(),
      () => store.close(),
    );
    const credential = {
      personalClientId: 'PC_1',
      clientId: 'alice@t/pcc',
      clientSecret: new Secret('secret-token:x'),
    };
    const link = {
      team: 'T0WARDEN',
      slackUserId: 'U0ALICE',
      identityUserId: 'IU_ALICE',
      personalClientId: 'PC_1',
      name: 'Created by Warden for @alice',
      createdAt: 1,
    };
    await createReviewLinks(store, new TokenCipher(OLD)).save(link, credential);
    const row = await store.reviewLink('T0WARDEN', 'U0ALICE');
    expect(row?.sealed).not.toContain('secret-token');
    // A rotation: read with the new key (the old one as previous), sealed again with the new one.
    const rotated = createReviewLinks(store, new TokenCipher(NEW, OLD));
    const read = await rotated.credential(link);
    expect(read?.clientSecret.reveal()).toBe('secret-token:x');
    const again = await store.reviewLink('T0WARDEN', 'U0ALICE');
    expect(again?.keyId).not.toBe(row?.keyId);
    expect((await createReviewLinks(store, new TokenCipher(NEW)).credential(link))?.clientId).toBe(
      'alice@t/pcc',
    );
    // Copied onto another person's row, it does not open.
    if (!again) throw new Error('no row');
    await store.saveReviewLink({ ...again, slackUserId: 'U0BOB' });
    await expect(rotated.credential({ ...link, slackUserId: 'U0BOB' })).rejects.toThrow();
    expect(await store.deleteReviewLink('T0WARDEN', 'U0BOB')).toBe(true);
    expect(await store.deleteReviewLink('T0WARDEN', 'U0BOB')).toBe(false);

    const job = {
      key: 'assigned:T0WARDEN:U0ALICE:AR_1',
      kind: 'assigned' as const,
      team: 'T0WARDEN',
      dueAt: 100,
      payload: { a: 1 },
    };
    expect(await store.scheduleReviewJob(job, 50)).toBe(true);
    expect(await store.scheduleReviewJob(job, 60)).toBe(false);
    const [first, second] = await Promise.all([
      store.claimReviewJobs('one', 10, 200, 1_000),
      store.claimReviewJobs('two', 10, 200, 1_000),
    ]);
    expect([...(first ?? []), ...(second ?? [])].map((j) => j.key)).toEqual([job.key]);
    const claimed = [...(first ?? []), ...(second ?? [])][0];
    expect(claimed).toMatchObject({ team: 'T0WARDEN', payload: { a: 1 }, attempts: 1 });
    // Its holder died: after the lease another takes it back.
    expect(await store.claimReviewJobs('three', 10, 900, 1_000)).toEqual([]);
    const taken = await store.claimReviewJobs('three', 10, 1_300, 1_000);
    expect(taken.map((j) => j.attempts)).toEqual([2]);
    await store.finishReviewJob(taken[0]?.id ?? '', 'done', 'sent', 1_400);
    expect(await store.claimReviewJobs('four', 10, 5_000, 1_000)).toEqual([]);
    expect(await store.scheduleReviewJob(job, 6_000)).toBe(false);

    await store.saveReviewTracker({
      team: 'T0WARDEN',
      campaignId: 'AR_1',
      channel: 'C0REVIEWS',
      ts: '1.1',
      hash: 'h',
      updatedAt: 10,
      closed: false,
    });
    expect((await store.openReviewTrackers('T0WARDEN')).map((t) => t.campaignId)).toEqual(['AR_1']);
    const tracker = await store.reviewTracker('T0WARDEN', 'AR_1');
    if (!tracker) throw new Error('no tracker');
    await store.saveReviewTracker({ ...tracker, closed: true });
    expect(await store.openReviewTrackers('T0WARDEN')).toEqual([]);
  });
});
