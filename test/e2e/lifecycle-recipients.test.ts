import { SEED_IDS } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { clockedHarnessPerTest, dmsTo, moveClockTo } from '../helpers/clocked.js';
import { type Harness, waitFor } from '../helpers/harness.js';

/**
 * Who a reminder goes to (issue 16) for a snooze made in the tenant: the finding's owner, mapped
 * to Slack by email, with no Extend… where they may not act; nobody by DM when Warden cannot
 * reach the owner, while the alert's thread still hears of it.
 */
const DAY = 86_400_000;
const startClocked = clockedHarnessPerTest('inprocess');
let h: Harness;
const start = async (yaml = '') => {
  h = await startClocked(yaml);
};
const dms = (user: string) => dmsTo(h, user);
const json = (m: { blocks?: unknown[] } | undefined) => JSON.stringify(m?.blocks ?? []);
const now = () => h.tenant.clock.now();
const moveTo = (at: number) => moveClockTo(h, at);

describe('who is reminded', () => {
  it('a snooze made in the tenant reminds its owner (mapped by email) and the thread; no Extend… for who may not', async () => {
    await start('permissions:\n  snooze: { users: [U0ALICE] }\n');
    // FND_SHADOW_MCP's computed owner is IU_DAVE (U0DAVE in Slack), who may not snooze here
    const until = now() + 3 * DAY;
    h.tenant.findings.changeState(
      'FND_SHADOW_MCP',
      { snooze: { reason: 'vendor fix due Friday', snoozeUntil: new Date(until).toISOString() } },
      SEED_IDS.users.bob,
      now(),
    );
    const ts = await h.postAlert('FND_SHADOW_MCP');
    await moveTo(until - DAY + 1_000);
    const dm = await waitFor(() => dms('U0DAVE')[0], 5_000, 'the owner’s reminder');
    expect(json(dm)).toContain('lifecycle.let_end');
    expect(json(dm)).not.toContain('lifecycle.extend');
    // the thread's reminder is its own post, which may land after the DM
    await waitFor(
      () => h.slack.thread('C0SECOPS', ts).some((m) => m.text.startsWith('Reminder')),
      5_000,
      'the thread’s reminder',
    );
  });

  it('an owner Warden cannot map gets no DM; the thread still hears of it', async () => {
    await start();
    const until = now() + 3 * DAY;
    // FND_CUSTOM is assigned to IU_STRANGER, who has no Slack account
    h.tenant.findings.changeState(
      'FND_CUSTOM',
      { snooze: { reason: 'tracked elsewhere', snoozeUntil: new Date(until).toISOString() } },
      SEED_IDS.users.bob,
      now(),
    );
    const ts = await h.postAlert('FND_CUSTOM');
    await moveTo(until - DAY + 1_000);
    await waitFor(
      () => h.slack.thread('C0SECOPS', ts).some((m) => m.text.startsWith('Reminder')),
      5_000,
      'thread',
    );
    expect(h.slack.messages.filter((m) => m.channel.startsWith('D'))).toHaveLength(0);
  });
});
