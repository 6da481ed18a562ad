import { describe, expect, it } from 'vitest';
import { LEASE, slashCommand, stateOf, suppressSlowly, withStore } from '../helpers/crash.js';
import { backends, processWorlds } from '../helpers/processes.js';
import { waitFor } from '../helpers/wait.js';

/**
 * Each process holds a lease in the store and names itself on each audit attempt: SIGKILL while
 * the tenant applies a change, and the next process settles it seconds after the dead one's lease
 * is gone (not past a deadline sized for the slowest retry). The same for a bulk change, finding
 * by finding, in crash-leases-bulk.test.ts; a live replica's attempt is never touched
 * (crash-leases-replicas.test.ts). Files of their own, so they run side by side.
 */
const world = processWorlds();

describe.each(backends())('a dead process’s changes, on $name', (backend) => {
  // Over 3 s of real time by nature: a process started, killed and started again, a lease to lapse.
  it('SIGKILL mid-change: the card is put right and the person told seconds after the restart', async () => {
    const w = await world(backend);
    // Default tenant timeouts: the old reconciler waited out their deadline (about 120 s).
    const first = await w.start(LEASE);
    const card = await suppressSlowly(w, first.url, 'FND_SA_UNOWNED', 2_000);
    await first.kill();
    await waitFor(
      () => stateOf(w, 'FND_SA_UNOWNED') === 'FINDING_STATE_SUPPRESSED',
      10_000,
      'the tenant to apply it',
    );

    const restarting = Date.now();
    const second = await w.start(LEASE);
    // The lease lapses at most 3 s after the kill, and the reconciler looks every second: a few
    // seconds after the restart; 20 s leaves a loaded machine room, far from the old 120 s.
    await waitFor(() => JSON.stringify(card.blocks).includes('Suppressed'), 20_000, 'the card put right');
    const told = await waitFor(
      () => w.slack.ephemerals.find((e) => /Warden restarted/.test(e.text)),
      10_000,
      'the person told',
    );
    const took = Date.now() - restarting;
    expect(told.user).toBe('U0ALICE');
    expect(told.text).toMatch(/the tenant had applied it/);
    expect(took).toBeLessThan(20_000);
    const reply = await waitFor(() => w.slack.thread(card.channel, card.ts)[0], 5_000, 'the thread reply');
    expect(reply.text).toMatch(/<@U0ALICE> suppressed this/);
    const entries = await withStore(w, (s) => s.auditLog({ findingId: 'FND_SA_UNOWNED', limit: 10 }));
    expect(entries.map((e) => [e.action, e.outcome, e.error])).toEqual([
      ['suppress', 'ok', 'interrupted by a restart; the tenant had applied it'],
    ]);

    // The dead process's in-flight claim (kept in the store) went with its attempt: acting again
    // works at once, not only when the claim's own lease (sized for the slowest retry) runs out.
    w.tenant.faults.clear();
    await slashCommand(w, second.url, 'reopen FND_SA_UNOWNED');
    await waitFor(() => stateOf(w, 'FND_SA_UNOWNED') === 'FINDING_STATE_OPEN', 15_000, 'the reopen applied');
    expect(w.slack.ephemerals.some((e) => /already in progress/.test(e.text))).toBe(false);
  }, 120_000);
});
