import { describe, expect, it } from 'vitest';
import { RollupId } from '../../src/blockkit/ids.js';
import { CHANNEL, floodsPerTest, groupOf, h, ROLLUP, rolledUp, slack, start } from '../helpers/floods.js';
import { ALICE, waitFor } from '../helpers/harness.js';

/**
 * Floods (floods.test.ts): the roll-up's bulk actions (Suppress all…, Accept risk for all…,
 * Reopen all), each with a finding the tenant will not move; a person the policy refuses.
 */

floodsPerTest();

describe('the roll-up’s bulk actions, each with a finding the tenant will not move', () => {
  const JUSTIFICATION = 'lab tenant, isolated network, reviewed by the SOC weekly';
  it.each([
    [
      'Suppress all…',
      RollupId.suppressAll,
      'bulk.suppress',
      { Why: 'Expected / benign', Reason: 'test accounts of the load rig' },
      'suppressed',
    ],
    [
      'Accept risk for all…',
      RollupId.acceptAll,
      'bulk.acceptRisk',
      { Justification: JUSTIFICATION },
      'accepted the risk of',
    ],
    ['Reopen all', RollupId.reopenAll, undefined, {}, 'reopened'],
  ] as const)('%s', async (_name, button, callback, answers, verb) => {
    await start(ROLLUP);
    const { summary, members } = await rolledUp(14);
    const [stuck = '', ...movable] = members;
    const now = h.clock.now();
    for (const id of members) {
      const f = h.tenant.findings.get(id, now);
      if (!f) continue;
      if (callback === undefined) {
        // Reopen all: the others are snoozed; one in progress cannot be reopened
        if (id === stuck) f.state = 'FINDING_STATE_IN_PROGRESS';
        else
          Object.assign(f, {
            state: 'FINDING_STATE_SNOOZED',
            snoozeUntil: new Date(now + 86_400_000).toISOString(),
          });
      } else if (id === stuck) f.state = 'FINDING_STATE_RESOLVED';
    }
    await h.click(button, groupOf(summary), summary.ts);
    if (callback) await (await h.form(callback)).submit(answers);
    const reply = await waitFor(
      () =>
        slack.thread(CHANNEL, summary.ts).find((m) => (m.text ?? '').includes(`<@${ALICE.userId}> ${verb}`)),
      20_000,
      'the thread reply',
    );
    expect(reply.text).toContain(`${verb} ${movable.length} of ${members.length} findings`);
    expect(reply.text).toMatch(new RegExp(`did not change 1 finding.*\`${stuck}\``));
    const target = {
      'Suppress all…': 'SUPPRESSED',
      'Accept risk for all…': 'RISK_ACCEPTED',
      'Reopen all': 'OPEN',
    }[_name];
    for (const id of movable)
      expect(h.tenant.findings.get(id, h.clock.now())?.state).toBe(`FINDING_STATE_${target}`);
    if (callback === 'bulk.suppress') {
      const closures = await h.warden.metrics.registry.getSingleMetricAsString('warden_closures_total');
      const counted = [...closures.matchAll(/action="suppress",reason="expected",[^}]*} (\d+)/g)];
      expect(counted.reduce((n, m) => n + Number(m[1]), 0)).toBe(movable.length);
    }
    const audit = await h.warden.store.auditLog({ findingId: stuck, limit: 1 });
    expect(audit[0]).toMatchObject({ outcome: 'refused' });
  });

  it('a person the policy refuses gets a clear no, and nothing is sent', async () => {
    await start(`${ROLLUP}permissions:\n  suppress: { users: [U0BOB] }\n`);
    const { summary } = await rolledUp(12);
    await h.click(RollupId.suppressAll, groupOf(summary), summary.ts);
    await waitFor(
      () => [...slack.views.values()].some((v) => JSON.stringify(v.view).includes(':no_entry_sign:')),
      5_000,
      'the refusal',
    );
    expect(h.tenant.requests.filter((r) => r.path.endsWith('/state'))).toHaveLength(0);
  });
});
