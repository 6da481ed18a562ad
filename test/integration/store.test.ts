import { afterEach, describe, expect, it } from 'vitest';
import type { NewAlert, Store } from '../../src/ports/store.js';
import { backends } from '../helpers/stores.js';

const alert = (key: string, findingId = 'FND_1', channel: string | null = 'C0SECOPS'): NewAlert => ({
  idempotencyKey: key,
  source: 'signed',
  findingId,
  finding: { id: findingId, state: 'FINDING_STATE_OPEN' },
  channel,
  status: 'pending',
});

describe.each(backends())('store on $name', (backend) => {
  const opened: Store[] = [];
  let cleanup: (() => Promise<void>) | undefined;
  async function open(): Promise<Store> {
    const fresh = await backend.fresh();
    cleanup = fresh.cleanup;
    const store = await fresh.open();
    opened.push(store);
    return store;
  }
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
    await cleanup?.();
  });

  it('migrates, and migrating again (even concurrently) does nothing', async () => {
    const fresh = await backend.fresh();
    cleanup = fresh.cleanup;
    const [a, b] = await Promise.all([fresh.open(), fresh.open()]);
    if (!a || !b) throw new Error('no store');
    opened.push(a, b);
    await a.migrate();
    await a.ping();
    expect(await b.outboxStats(0)).toMatchObject({ pending: 0, failed: 0 });
  });

  it('stores an alert once per idempotency key', async () => {
    const store = await open();
    const first = await store.enqueueAlert(alert('k1'), 1_000);
    const again = await store.enqueueAlert(alert('k1'), 2_000);
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ id: first.id, duplicate: true });
    const concurrent = await Promise.all(
      Array.from({ length: 20 }, () => store.enqueueAlert(alert('k2'), 3_000)),
    );
    expect(new Set(concurrent.map((c) => c.id)).size).toBe(1);
    expect(concurrent.filter((c) => !c.duplicate)).toHaveLength(1);
    expect((await store.outboxStats(3_000)).pending).toBe(2);
  });

  it('claims due rows once, leases them, and takes back an expired lease', async () => {
    const store = await open();
    await store.enqueueAlert(alert('a'), 1_000);
    await store.enqueueAlert(alert('b'), 1_001);
    const later = await store.enqueueAlert(alert('c'), 1_002);
    await store.reschedule(later.id, 50_000, 'not yet', 1_002);
    const claimed = await store.claimDue('w1', 10, 2_000, 30_000);
    expect(claimed.map((r) => r.idempotencyKey)).toEqual(['a', 'b']);
    expect(claimed.every((r) => r.attempts === 1 && r.status === 'sending')).toBe(true);
    expect(await store.claimDue('w2', 10, 3_000, 30_000)).toEqual([]);
    const retaken = await store.claimDue('w2', 10, 40_000, 30_000);
    expect(retaken.map((r) => r.idempotencyKey).sort()).toEqual(['a', 'b']);
    expect(retaken[0]?.attempts).toBe(2);
    const afterReschedule = await store.claimDue('w3', 10, 60_000, 30_000);
    expect(afterReschedule.map((r) => r.idempotencyKey)).toEqual(['c']);
  });

  it('two claimers at once never take the same row', async () => {
    const store = await open();
    for (let i = 0; i < 40; i++) await store.enqueueAlert(alert(`k${i}`, `F${i}`), 1_000 + i);
    const [x, y] = await Promise.all([
      store.claimDue('w1', 25, 5_000, 60_000),
      store.claimDue('w2', 25, 5_000, 60_000),
    ]);
    const ids = [...x, ...y].map((r) => r.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });

  it('marks a row sent and updates the message index in one step', async () => {
    const store = await open();
    const { id } = await store.enqueueAlert(alert('k'), 1_000);
    await store.claimDue('w', 1, 2_000, 60_000);
    await store.markSent(
      id,
      {
        findingId: 'FND_1',
        channel: 'C0SECOPS',
        ts: '1.000100',
        lastState: 'FINDING_STATE_OPEN',
        lastRecurrence: 1,
      },
      3_000,
    );
    await store.upsertMessage(
      {
        findingId: 'FND_1',
        channel: 'C0SECOPS',
        ts: '1.000100',
        lastState: 'FINDING_STATE_SNOOZED',
        lastRecurrence: 2,
      },
      4_000,
    );
    expect(await store.messagesFor('FND_1')).toEqual([
      {
        findingId: 'FND_1',
        channel: 'C0SECOPS',
        ts: '1.000100',
        lastState: 'FINDING_STATE_SNOOZED',
        lastRecurrence: 2,
        lastHash: null,
      },
    ]);
    expect((await store.listOutbox({ limit: 5 }))[0]).toMatchObject({ status: 'sent', sentTs: '1.000100' });
  });

  it('fails, reports and requeues rows; nothing is deleted', async () => {
    const store = await open();
    const a = await store.enqueueAlert(alert('a'), 1_000);
    const b = await store.enqueueAlert(alert('b'), 1_000);
    await store.claimDue('w', 10, 2_000, 60_000);
    await store.markFailed(a.id, 'channel_not_found', 3_000);
    await store.markFailed(b.id, 'not_in_channel', 3_000);
    expect(await store.outboxStats(10_000)).toMatchObject({
      failed: 2,
      pending: 0,
      oldestUnsentAgeMs: undefined,
    });
    expect((await store.listOutbox({ status: 'failed', limit: 10 })).map((r) => r.lastError).sort()).toEqual([
      'channel_not_found',
      'not_in_channel',
    ]);
    expect(await store.requeue({ id: a.id }, 11_000)).toBe(1);
    expect(await store.requeue({ allFailed: true }, 12_000)).toBe(1);
    const stats = await store.outboxStats(20_000);
    expect(stats).toMatchObject({ failed: 0, pending: 2 });
    expect(stats.oldestUnsentAgeMs).toBe(19_000);
  });

  it('remembers what was seen of a finding', async () => {
    const store = await open();
    await store.recordSeen('F1', { state: 'FINDING_STATE_OPEN', recurrence: 1 }, 1);
    await store.recordSeen('F1', { state: 'FINDING_STATE_SNOOZED', recurrence: 1 }, 2);
    await store.recordSeen('F2', { state: null, recurrence: null }, 3);
    const seen = await store.seen(['F1', 'F2', 'F3']);
    expect(Object.fromEntries(seen)).toEqual({
      F1: { state: 'FINDING_STATE_SNOOZED', recurrence: 1 },
      F2: { state: null, recurrence: null },
    });
  });

  it('keeps an audit log, newest first, by finding', async () => {
    const store = await open();
    const base = { team_id: 'T1', user_id: 'U1', channel: 'C1', action: 'snooze', error: null };
    await store.appendAudit({ ...base, at: 1, finding_id: 'F1', params: { reason: 'r' }, outcome: 'ok' });
    await store.appendAudit({
      ...base,
      at: 2,
      finding_id: 'F2',
      params: {},
      outcome: 'refused',
      error: 'not allowed',
    });
    await store.appendAudit({
      ...base,
      at: 3,
      finding_id: 'F1',
      params: {},
      outcome: 'failed',
      error: 'x'.repeat(5_000),
    });
    const f1 = await store.auditLog({ findingId: 'F1', limit: 10 });
    expect(f1.map((e) => [e.at, e.outcome])).toEqual([
      [3, 'failed'],
      [1, 'ok'],
    ]);
    expect(f1[1]?.params).toEqual({ reason: 'r' });
    expect(f1[0]?.error?.length).toBe(1_000);
    expect(await store.auditLog({ limit: 10 })).toHaveLength(3);
  });

  it('picks as orphans the attempts of processes whose lease is gone, never a live one’s', async () => {
    const store = await open();
    const now = 1_000_000;
    await store.renewInstance('live', 0, now + 10_000);
    await store.renewInstance('dead', 0, now - 1);
    await store.renewInstance('gone', 0, now + 10_000);
    await store.releaseInstance('gone');
    const attempt = (finding_id: string, at: number, instance_id: string | null) =>
      store.appendAudit({
        at,
        team_id: 'T1',
        user_id: 'U1',
        channel: 'C1',
        finding_id,
        action: 'suppress',
        params: {},
        outcome: 'attempt',
        error: null,
        instance_id,
      });
    await attempt('OF_LIVE', now - 1_000, 'live');
    await attempt('OF_LIVE_OLD', 1, 'live');
    await attempt('OF_DEAD', now - 1_000, 'dead');
    await attempt('OF_RELEASED', now - 1_000, 'gone');
    await attempt('OF_SELF', now - 1_000, 'self');
    await attempt('OF_SELF_OLD', 2, 'self');
    await attempt('OF_OLDER_VERSION', 3, null);
    await attempt('OF_OLDER_VERSION_NEW', now - 1_000, null);
    const orphans = async (byLease: boolean) =>
      (await store.unsettledAttempts({ self: 'self', before: 100, now, byLease, limit: 50 }))
        .map((e) => e.finding_id)
        .sort();
    expect(await orphans(true)).toEqual(['OF_DEAD', 'OF_OLDER_VERSION', 'OF_RELEASED', 'OF_SELF_OLD']);
    // right after this process lost the store, others' leases are not believed
    expect(await orphans(false)).toEqual(['OF_OLDER_VERSION', 'OF_SELF_OLD']);
    // a day past their end, the retention sweep forgets the leases (the live one too, here, a day
    // on): their attempts stay orphans without the rows
    expect(await store.purge('expired', now + 2 * 86_400_000, 100)).toBe(2);
    expect(await orphans(true)).toEqual([
      'OF_DEAD',
      'OF_LIVE',
      'OF_LIVE_OLD',
      'OF_OLDER_VERSION',
      'OF_RELEASED',
      'OF_SELF_OLD',
    ]);
  });

  it('claims Notify owner once per cooldown, concurrently; a retried claim and a release are its own', async () => {
    const store = await open();
    const n = (holder: string, by = 'U0ALICE') => ({
      findingId: 'F1',
      owner: 'U0BOB',
      by,
      holder,
      until: 1_000,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.claimOwnerNotice(n(`h${i}`), 10)),
    );
    expect(answers.filter((a) => a === true)).toHaveLength(1);
    const winner = answers.indexOf(true);
    expect(answers.find((a) => a !== true)).toEqual({ at: 10, by: 'U0ALICE', until: 1_000 });
    expect(await store.claimOwnerNotice(n(`h${winner}`), 11)).toBe(true);
    // another owner, or another finding, is its own notice
    expect(await store.claimOwnerNotice({ ...n('x'), owner: 'U0CAROL' }, 12)).toBe(true);
    // a release by someone else does nothing; by its holder, the next claim takes it
    await store.releaseOwnerNotice('F1', 'U0BOB', 'not-mine');
    expect(await store.claimOwnerNotice(n('y', 'U0DAVE'), 20)).toEqual({
      at: 11,
      by: 'U0ALICE',
      until: 1_000,
    });
    await store.releaseOwnerNotice('F1', 'U0BOB', `h${winner}`);
    expect(await store.claimOwnerNotice(n('y', 'U0DAVE'), 20)).toBe(true);
    // past its cooldown it is taken again, and the retention sweep removes what ran out
    expect(await store.claimOwnerNotice(n('z'), 1_000)).toBe(true);
    expect(await store.purge('expired', 5_000, 100)).toBe(2);
  });

  it('keeps what each card showed last (null when not said)', async () => {
    const store = await open();
    const ref = { findingId: 'F1', channel: 'C1', ts: '1.1', lastState: null, lastRecurrence: null };
    await store.upsertMessage({ ...ref, lastHash: 'abc' }, 1);
    expect((await store.messagesFor('F1'))[0]?.lastHash).toBe('abc');
    await store.upsertMessage(ref, 2);
    expect((await store.messagesFor('F1'))[0]?.lastHash).toBeNull();
  });
});
