import { afterEach, describe, expect, it } from 'vitest';
import type { NewContain } from '../../src/ports/contain.js';
import type { Store } from '../../src/ports/store.js';
import { backends } from '../helpers/stores.js';

const contain = (id: string, over: Partial<NewContain> = {}): NewContain => ({
  id,
  teamId: 'T0WARDEN',
  findingId: 'FND_CTN_SERVICE',
  findingType: 'credentialPubliclyExposed',
  action: 'revoke',
  targetKey: 'account:APP_GITHUB/AU_DEPLOY_BOT',
  appId: 'APP_GITHUB',
  entitlementId: 'ENT_GH_ORG_ADMIN',
  appUserId: 'AU_DEPLOY_BOT',
  subjectId: null,
  words: { app: 'GitHub' },
  reason: 'Token in a public issue',
  requesterId: 'U0ALICE',
  channel: 'C0SECOPS',
  cardTs: '1.000100',
  status: 'pending',
  verifiedAt: null,
  functionExecutionId: null,
  createdAt: 1_000,
  ...over,
});

/**
 * Containments' store (store/queries/contain.ts) on SQLite and PostgreSQL alike, two replicas on
 * one store: expiry hands each request to one caller; the waiting list; and the follow-up claim of
 * a process whose instance lease lapsed is taken over, a live one's is not.
 */
describe.each(backends())('containments on $name', (backend) => {
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

  it('expires pending and verifying ones asked before the deadline, each for one caller; lists those waiting', async () => {
    const [a, b] = await pair();
    await a.createContain(contain('ctn_old_pending'), 1_000);
    await a.createContain(contain('ctn_old_verifying', { status: 'verifying' }), 1_000);
    await a.createContain(contain('ctn_old_created', { status: 'created' }), 1_000);
    await a.createContain(contain('ctn_new_pending', { createdAt: 5_000 }), 5_000);
    await a.createContain(contain('ctn_other_team', { teamId: 'T0OTHER', createdAt: 5_000 }), 5_000);
    expect((await a.pendingContains('T0WARDEN', 10)).map((r) => r.id)).toEqual([
      'ctn_old_pending',
      'ctn_new_pending',
    ]);
    const [first, second] = await Promise.all([
      a.expireContains(2_000, 9_000),
      b.expireContains(2_000, 9_000),
    ]);
    const expired = [...(first ?? []), ...(second ?? [])].map((r) => r.id).sort();
    expect(expired).toEqual(['ctn_old_pending', 'ctn_old_verifying']);
    expect(await b.getContain('ctn_old_pending')).toMatchObject({ status: 'expired', nextPollAt: null });
    expect(await b.getContain('ctn_old_created')).toMatchObject({ status: 'created' });
    expect((await b.pendingContains('T0WARDEN', 10)).map((r) => r.id)).toEqual(['ctn_new_pending']);
    expect(await a.expireContains(2_000, 10_000)).toEqual([]);
  });

  it('a follow-up claimed by a process whose lease lapsed is taken over; a live holder’s is not', async () => {
    const [a, b] = await pair();
    const wall = Date.now();
    await a.createContain(contain('ctn_followed', { status: 'created' }), 1_000);
    await a.updateContain('ctn_followed', { nextPollAt: 1_000 }, 1_000);
    await a.renewInstance('proc-a', 0, wall + 10_000);
    await b.renewInstance('proc-b', 0, wall + 10_000);
    expect((await a.claimDueContains('proc-a', 10, 2_000, 60_000, wall)).map((r) => r.id)).toEqual([
      'ctn_followed',
    ]);
    // proc-a is alive: its minute-long claim holds.
    expect(await b.claimDueContains('proc-b', 10, 3_000, 60_000, wall)).toEqual([]);
    // proc-a's lease lapsed (killed mid-look): taken over at once, not after the minute.
    await a.renewInstance('proc-a', 0, wall - 1);
    expect((await b.claimDueContains('proc-b', 10, 3_000, 60_000, wall)).map((r) => r.id)).toEqual([
      'ctn_followed',
    ]);
    // Without believing leases (deadAt undefined), only the claim's own deadline counts.
    await b.renewInstance('proc-b', 0, wall - 1);
    expect(await a.claimDueContains('proc-c', 10, 4_000, 60_000)).toEqual([]);
  });
});
