import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import {
  ATTEST_CONFIG,
  alert as alertIn,
  askValue,
  cardOf,
  HOUR,
  inDm,
  json,
  question as questionTo,
  seedAttest,
} from '../helpers/attest.js';
import { clockedHarnessPerTest, dmsTo, moveClockTo } from '../helpers/clocked.js';
import { ALICE, type Harness, startHarness, waitFor } from '../helpers/harness.js';

/**
 * Issue 28, item 1: an attestation nobody answers is reminded once after `remindAfter`, then
 * escalated after `escalateAfter` (the manager, else the approver group); the ask and its
 * schedule are in the store, so a restart changes nothing. Warden's clock and the tenant's are
 * one test clock, moved by the tests.
 */
const startClocked = clockedHarnessPerTest('inprocess');
let h: Harness;
async function start(): Promise<Harness> {
  h = await startClocked(ATTEST_CONFIG);
  seedAttest(h);
  return h;
}
const alert = (findingId: string) => alertIn(h, findingId);
const question = (user: string, findingId: string) => questionTo(h, user, findingId);

describe('attestation: silence', () => {
  it('is reminded once after remindAfter, then escalated to the person’s manager after escalateAfter', async () => {
    await start();
    const card = await alert('FND_ATT_DECOY');
    await question('U0ALICE', 'FND_ATT_DECOY');
    const asked = h.tenant.clock.now();
    await moveClockTo(h, asked + 4 * HOUR - 60_000);
    expect(dmsTo(h, 'U0ALICE').filter((m) => m.text.startsWith('Reminder'))).toHaveLength(0);
    await moveClockTo(h, asked + 4 * HOUR + 60_000);
    await waitFor(
      () => dmsTo(h, 'U0ALICE').find((m) => m.text.startsWith('Reminder')),
      5_000,
      'the reminder',
    );
    await moveClockTo(h, asked + 10 * HOUR);
    expect(dmsTo(h, 'U0ALICE').filter((m) => m.text.startsWith('Reminder'))).toHaveLength(1);
    expect(dmsTo(h, 'U0CAROL')).toHaveLength(0);
    await moveClockTo(h, asked + 24 * HOUR + 60_000);
    const told = await waitFor(() => dmsTo(h, 'U0CAROL')[0], 5_000, 'the manager told');
    expect(json(told)).toContain('has not answered');
    await waitFor(
      () => json(h.slack.messages.find((m) => m.ts === card.ts)).includes('*Escalated*'),
      5_000,
      'the card marked',
    );
  });

  it('without a manager, is escalated to the approver group in the channel', async () => {
    await start();
    const card = await alert('FND_ATT_UNUSED');
    await question('U0DAVE', 'FND_ATT_UNUSED');
    await moveClockTo(h, h.tenant.clock.now() + 3 * 24 * HOUR + 60_000);
    const raised = await waitFor(
      () => h.slack.thread('C0SECOPS', card.ts).find((m) => json(m).includes('Escalated')),
      5_000,
      'the escalation in the thread',
    );
    expect(json(raised)).toContain('<!subteam^S0SECLEADS>');
  });

  it('survives a restart: the ask and its schedule are in the store', async () => {
    const first = await start();
    await alert('FND_ATT_DECOY');
    const q = await question('U0ALICE', 'FND_ATT_DECOY');
    const asked = first.tenant.clock.now();
    const { tenant, slack, dataDir } = first;
    await first.warden.stop();
    const second = await startHarness({
      tenant,
      slack,
      dataDir,
      clock: () => tenant.clock.now(),
      lifecycleTickMs: 50,
      file: parseConfigFile(ATTEST_CONFIG, 'test.yaml'),
    });
    try {
      h = second;
      await moveClockTo(second, asked + 4 * HOUR + 60_000);
      await waitFor(
        () => dmsTo(second, 'U0ALICE').find((m) => m.text.startsWith('Reminder')),
        5_000,
        'the reminder after the restart',
      );
      await second.click('attest.answer.no', askValue(q, 'no'), q.ts, inDm(ALICE));
      await waitFor(() => cardOf(slack, 'C0CRITICAL', 'FND_ATT_DECOY'), 5_000, 'escalated at once');
      await moveClockTo(second, asked + 30 * HOUR);
      // answered: no escalation for silence on top
      expect(dmsTo(second, 'U0CAROL')).toHaveLength(0);
    } finally {
      await second.close();
    }
  });
});
