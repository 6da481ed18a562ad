import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { type Harness, harnessPerTest, waitFor } from '../helpers/harness.js';
import { card } from '../helpers/owners.js';

/**
 * Issue 38, item 3 at scale: when many cards' clock words change at once, the sweep brings them
 * up to date within the SLA's share of chat.update (one every 3 s) for the whole of its minute,
 * not only with the slots free at its start (five a minute: a 600-card channel lagged by hours,
 * bench (t)); each card once per change of words; and every card's warning is scheduled before
 * the sweep waits for a single slot.
 */
const CARDS = 14;
const YAML = `sla:
  warnAt: 0.75
  severities:
    critical: { acknowledge: 1h, close: 3d }
`;

let h: Harness;
const startOne = harnessPerTest({ lane: 'inprocess' });

const blocksOf = (ts: string) => JSON.stringify(card(h, ts)?.blocks ?? []);
const updatesOf = (ts: string) =>
  h.slack.callsOf('chat.update').filter((c) => (c.args as { ts?: string }).ts === ts).length;

describe('SLA clock lines of many cards', () => {
  it('are brought up to date a slot at a time through the sweep’s minute, once each, notices first', {
    timeout: 60_000,
  }, async () => {
    h = await startOne({ file: parseConfigFile(YAML, 'sla.yaml') });
    const base = h.tenant.findings.get('FND_DECOY_USED');
    if (!base) throw new Error('no seed finding');
    const created = h.clock.now();
    const ids = Array.from({ length: CARDS }, (_, i) => `FND_PACE_${String(i).padStart(2, '0')}`);
    for (const id of ids)
      h.tenant.findings.put({
        ...structuredClone(base),
        id,
        createdAt: new Date(created).toISOString(),
        updatedAt: new Date(created).toISOString(),
      });
    // Warden posts about one card a second in a channel, on its clock: time runs on meanwhile.
    let pumping = true;
    const pump = (async () => {
      while (pumping) {
        await h.clock.advance(1_000);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const cards: string[] = [];
    for (const id of ids) cards.push(await h.postAlert(id, 'C0SECOPS'));
    pumping = false;
    await pump;
    const updatesBefore = cards.map(updatesOf);

    // Past the warning share (45 of 60 minutes) at once: every line now says "due soon".
    await h.clock.advance('46m');
    const at = h.clock.now();
    // Every warning is in the schedule while the sweep still waits for slots.
    await waitFor(
      async () => {
        const warned = await Promise.all(
          ids.map(async (id) => {
            const jobs = await h.ports.lifecycle.pendingJobs('slaWarn', at + 1, { subject: id });
            return jobs.length > 0 || (await h.ports.lifecycle.lastFinished('slaWarn', id)) !== undefined;
          }),
        );
        return warned.every(Boolean);
      },
      5_000,
      'every warning scheduled',
    );
    const upToDate = () => cards.filter((ts) => blocksOf(ts).includes('(due soon)')).length;
    // Fewer than all at first: the SLA's share holds five at once.
    expect(upToDate()).toBeLessThan(CARDS);

    // The sweep's own minute, in steps of a slot: the rest follow, one slot at a time.
    for (let s = 0; s < 15 && upToDate() < CARDS; s++) {
      const before = upToDate();
      await h.clock.advance(3_000);
      // each step frees a slot: give the sweep (real HTTP) time to take it before the next
      await waitFor(() => upToDate() > before, 2_000, 'a card a slot').catch(() => undefined);
    }
    await waitFor(() => upToDate() === CARDS, 5_000, 'every card says due soon');
    // within the one sweep's minute (the next sweep would have taken five more at once)
    expect(h.clock.now() - at).toBeLessThan(60_000);
    // Once each for the one change of words, and no 429 on the way.
    expect(cards.map((ts, i) => updatesOf(ts) - (updatesBefore[i] ?? 0))).toEqual(cards.map(() => 1));
    expect(h.slack.rateLimits.total()).toBe(0);
  });
});
