import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import type { Store } from '../../src/ports/store.js';
import { startHarness, waitFor } from '../helpers/harness.js';
import { backends } from '../helpers/stores.js';

/**
 * Nothing is kept forever: a running Warden deletes, in small batches, sent alerts after 90 days,
 * failed ones and the audit log after a year, what the poller saw after a year, and replay
 * memory once expired; everything younger stays.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const DAY = 86_400_000;

async function alert(store: Store, key: string, at: number, end: 'sent' | 'failed') {
  const { id } = await store.enqueueAlert(
    {
      idempotencyKey: key,
      source: 'signed',
      findingId: key,
      finding: { id: key },
      channel: 'C1',
      status: 'pending',
    },
    at,
  );
  await store.claimDue('seed', 1, at, 60_000);
  if (end === 'sent')
    await store.markSent(
      id,
      { findingId: key, channel: 'C1', ts: `${at / 1000}.000100`, lastState: null, lastRecurrence: null },
      at,
    );
  else await store.markFailed(id, 'channel_not_found', at);
}

async function audit(store: Store, findingId: string, at: number) {
  await store.appendAudit({
    at,
    team_id: 'T0WARDEN',
    user_id: 'U0ALICE',
    channel: 'C1',
    finding_id: findingId,
    action: 'reopen',
    params: {},
    outcome: 'ok',
    error: null,
  });
}

describe.each(backends())('retention on $name', (backend) => {
  it('deletes what is past its retention in batches, keeps the rest', async () => {
    const db = await backend.fresh();
    const store = await db.open();
    cleanups.push(
      () => db.cleanup(),
      () => store.close(),
    );
    const now = Date.now();
    for (let i = 0; i < 25; i++) await alert(store, `OLD_SENT_${i}`, now - 100 * DAY, 'sent');
    await alert(store, 'NEW_SENT', now - 10 * DAY, 'sent');
    await alert(store, 'OLD_FAILED', now - 100 * DAY, 'failed');
    await alert(store, 'ANCIENT_FAILED', now - 400 * DAY, 'failed');
    await audit(store, 'OLD_AUDIT', now - 400 * DAY);
    await audit(store, 'NEW_AUDIT', now - 30 * DAY);
    await store.recordSeen('OLD_SEEN', { state: null, recurrence: null }, now - 400 * DAY);
    await store.recordSeen('NEW_SEEN', { state: null, recurrence: null }, now - DAY);
    await store.rememberOnce('slack:old', now - 1_000, now - 600_000);
    // a roll-up closed long ago and fully listed goes; one still listing, or recent, stays
    const listedOld = await store.addToRollup(
      'C1',
      'RU_OLD_MEMBER',
      { id: 'RU_OLD_MEMBER' },
      now - 100 * DAY,
      1_000,
    );
    await store.markListed(listedOld.groupId, ['RU_OLD_MEMBER'], '1.000100');
    const unlistedOld = await store.addToRollup(
      'C2',
      'RU_UNLISTED',
      { id: 'RU_UNLISTED' },
      now - 100 * DAY,
      1_000,
    );
    // a later arrival closes both (their window passed) and opens new, recent groups
    const recent = await store.addToRollup('C1', 'RU_NEW', { id: 'RU_NEW' }, now, 1_000);
    await store.addToRollup('C2', 'RU_NEW_2', { id: 'RU_NEW_2' }, now, 1_000);
    await store.rememberOnce('slack:new', now + 60_000, now);
    // notes attached to findings go with the audit log's age
    const attached = (id: string, at: number) => ({
      id,
      findingId: 'FND_NOTED',
      userId: 'U0ALICE',
      text: id,
      truncated: false,
      permalink: undefined,
      channel: 'C1',
      messageTs: `${at / 1000}.000100`,
      createdAt: at,
    });
    await store.addNote(attached('note_000000000000000001', now - 400 * DAY));
    await store.addNote(attached('note_000000000000000002', now - 30 * DAY));

    const h = await startHarness({ store, file: parseConfigFile('retention:\n  batchSize: 10\n', 't.yaml') });
    cleanups.push(() => h.close());
    await waitFor(
      async () => (await store.listOutbox({ limit: 100 })).length === 2,
      10_000,
      'old alerts deleted',
    );
    expect((await store.listOutbox({ limit: 100 })).map((r) => r.findingId).sort()).toEqual([
      'NEW_SENT',
      'OLD_FAILED',
    ]);
    // the sweep goes table by table: what it did is all known once it logs
    await waitFor(() => /retention: old rows deleted/.test(h.logs.join('')), 5_000, 'the sweep logged');
    expect((await store.auditLog({ limit: 10 })).map((e) => e.finding_id)).toEqual(['NEW_AUDIT']);
    expect([...(await store.seen(['OLD_SEEN', 'NEW_SEEN'])).keys()]).toEqual(['NEW_SEEN']);
    // an expired replay key is gone (it can be taken again); a live one is still remembered
    expect(await store.rememberOnce('slack:new', now + 60_000, Date.now())).toBe(false);
    expect(h.logs.join('')).toMatch(
      /"deleted":\{"sentAlerts":25,"failedAlerts":1,"audit":1,"seen":1,"expired":1,"rollups":1,"notes":1\}/,
    );
    expect((await store.notesFor('FND_NOTED', 10)).map((n) => n.id)).toEqual(['note_000000000000000002']);
    expect(await store.rollupGroup(listedOld.groupId)).toBeUndefined();
    expect(await store.rollupMembers(listedOld.groupId)).toEqual([]);
    expect(await store.rollupGroup(unlistedOld.groupId)).toBeDefined();
    expect(await store.rollupMembers(recent.groupId)).toEqual(['RU_NEW']);
  });
});
