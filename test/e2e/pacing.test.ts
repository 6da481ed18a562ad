import { createLocalSlack, type LocalSlack, postFlood } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import type { Store } from '../../src/ports/store.js';
import { type Harness, startHarness, waitFor } from '../helpers/harness.js';
import { backends } from '../helpers/stores.js';
import { startSandbox } from '../helpers/tenant.js';

/**
 * Slack pacing: posts about one a second per channel, a 429's Retry-After paused for every queued
 * alert, and the pacing shared through the store by replicas.
 *
 * Real time on purpose (no fast test clock): these assert the gap between consecutive posts and
 * no 429 at all, which hold only while Warden's own latency is small next to the pace; a clock
 * run N times as fast magnifies that latency N times (a loaded machine's 50 ms becomes a second).
 */

const NO_ROLLUP = parseConfigFile('delivery:\n  rollup: { enabled: false }\n', 'pacing.yaml');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const posts = (slack: LocalSlack, channel = 'C0ALERTS') =>
  slack.calls.filter((c) => c.method === 'chat.postMessage' && c.args.channel === channel);

async function burst(h: Harness, count: number) {
  return postFlood(
    { tenant: h.tenant, wardenUrl: h.base, alertsSecret: 'test-alerts-webhook-secret' },
    count,
    () => 'FINDING_SEVERITY_MEDIUM',
  );
}

describe('pacing', () => {
  // Over 3 s by nature: real time (a fast clock magnifies Warden's latency): the Retry-After is waited.
  it("a 429's Retry-After holds every queued alert of the channel, with no history lookups, and each is posted once", async () => {
    const slack = await createLocalSlack();
    const h = await startHarness({ slack, file: NO_ROLLUP });
    cleanups.push(
      () => slack.close(),
      () => h.close(),
    );
    slack.fail({ method: 'chat.postMessage', rateLimitSeconds: 2 });
    const ids = await burst(h, 4);
    await waitFor(
      () => slack.messages.filter((m) => m.channel === 'C0ALERTS').length === 4,
      20_000,
      'four posts',
    );
    const calls = posts(slack);
    // the 429, then nothing for the channel until its Retry-After has passed
    const [limited, next] = calls;
    expect(calls).toHaveLength(5);
    expect((next?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1_900);
    // and then one a second, not a retry per alert: each no sooner than its slot after the pause
    // (a post the host delays arrives late, and its successor, on its own slot, closer after it)
    for (let i = 2; i < calls.length; i++)
      expect((calls[i]?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1_900 + (i - 1) * 1_000);
    expect(slack.callsOf('conversations.history')).toHaveLength(0);
    for (const id of ids) {
      expect(slack.messages.filter((m) => JSON.stringify(m.blocks ?? []).includes(`\`${id}\``))).toHaveLength(
        1,
      );
    }
    expect(await h.warden.metrics.registry.getSingleMetricAsString('warden_slack_429_total')).toMatch(
      /method="chat.postMessage"} 1/,
    );
  });

  const pg = backends().filter((b) => b.name === 'postgres');
  // Over 3 s by nature: eight posts at Slack's real pace, a burst of 2 then one a second.
  it.runIf(pg.length > 0)(
    'two replicas on one PostgreSQL pace one channel together: no 429s, each alert posted once',
    async () => {
      const [backend] = pg;
      if (!backend) return;
      const db = await backend.fresh();
      const [one, two]: Store[] = [await db.open(), await db.open()];
      if (!one || !two) throw new Error('no stores');
      const stores = [one, two];
      const tenant = await startSandbox();
      const slack = await createLocalSlack({ rateLimits: true });
      const [a, b] = [
        await startHarness({ slack, tenant, store: one, file: NO_ROLLUP }),
        await startHarness({ slack, tenant, store: two, file: NO_ROLLUP }),
      ];
      cleanups.push(
        () => db.cleanup(),
        ...stores.map((s) => () => s.close()),
        () => tenant.close(),
        () => slack.close(),
        () => a.close(),
        () => b.close(),
      );
      const ids = [...(await burst(a, 4)), ...(await burst(b, 4))];
      await waitFor(
        () => slack.messages.filter((m) => m.channel === 'C0ALERTS').length === 8,
        30_000,
        'eight posts',
      );
      expect(slack.rateLimits.total()).toBe(0);
      const calls = posts(slack);
      expect(calls).toHaveLength(8);
      // a burst of 2 (Slack tolerates short bursts), then one a second between the two of them
      expect((calls[7]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(4_500);
      for (const id of ids) {
        expect(
          slack.messages.filter((m) => JSON.stringify(m.blocks ?? []).includes(`\`${id}\``)),
        ).toHaveLength(1);
      }
    },
  );
});
