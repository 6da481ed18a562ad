import { describe, expect, it } from 'vitest';
import { LEASE, suppressSlowly, withStore } from '../helpers/crash.js';
import { backends, processWorlds } from '../helpers/processes.js';
import { sqliteBackend } from '../helpers/stores.js';
import { waitFor } from '../helpers/wait.js';

/**
 * Two replicas, each with its lease: a live one's change is never settled by the other, however
 * long the tenant takes; a dead one's is, seconds after its lease is gone. (crash-leases.test.ts:
 * the same after a restart.)
 */
const world = processWorlds();

const postgres = backends().find((b) => b.name === 'postgres');

describe.skipIf(!postgres)('two replicas, on postgres', () => {
  // Over 3 s of real time by nature: a change outlasting two leases, then a lease to lapse.
  it('a live replica’s change is never reconciled by the other; a dead one’s is, within seconds', async () => {
    const w = await world(postgres ?? sqliteBackend);
    // Long enough a request that the tenant's 8 s answer is not a timeout.
    const slow = { TENANT_REQUEST_TIMEOUT: '20s', TENANT_MAX_RETRIES: '0', ...LEASE };
    const [a] = await w.startTwo(slow);
    // A's change takes longer than two leases and several of B's sweeps: B must leave it alone.
    const card = await suppressSlowly(w, a.url, 'FND_SA_UNOWNED', 8_000);
    const reply = await waitFor(
      () => w.slack.thread(card.channel, card.ts).find((m) => /suppressed this/.test(m.text ?? '')),
      30_000,
      'A finishing its own change',
    );
    expect(reply.text).toMatch(/<@U0ALICE> suppressed this/);
    expect(w.slack.ephemerals.filter((e) => /Warden restarted/.test(e.text))).toHaveLength(0);
    const entries = await withStore(w, (s) => s.auditLog({ findingId: 'FND_SA_UNOWNED', limit: 10 }));
    expect(entries.map((e) => [e.action, e.outcome, e.error])).toEqual([['suppress', 'ok', null]]);
    expect(w.slack.thread(card.channel, card.ts)).toHaveLength(1);

    // A dies mid-change: B, live all along, settles it once A's lease is gone.
    const second = await suppressSlowly(w, a.url, 'FND_UNUSED_SECRET', 2_000);
    await a.kill();
    const killed = Date.now();
    await waitFor(
      () => JSON.stringify(second.blocks).includes('Suppressed'),
      20_000,
      'B putting the card right',
    );
    const told = await waitFor(
      () => w.slack.ephemerals.find((e) => /Warden restarted/.test(e.text)),
      10_000,
      'the person told',
    );
    expect(told.text).toMatch(/the tenant had applied it/);
    expect(Date.now() - killed).toBeLessThan(20_000);
  }, 150_000);
});
