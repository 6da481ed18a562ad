import { homeActionBody } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { clockedHarnessPerTest, moveClockTo, snoozeFromCard } from '../helpers/clocked.js';
import { ALICE, BOB, type Harness, waitFor } from '../helpers/harness.js';

/**
 * The Home tab's *Ending soon* (issue 37 item 3) stays true after what changes an end: an Extend…
 * (one line, the new end), a Reopen by someone else (gone) and the end itself (gone). Warden's
 * clock and the tenant's are one test clock, moved by the tests.
 */
const DAY = 86_400_000;
const startClocked = clockedHarnessPerTest();
let h: Harness;

const home = (user: string) => JSON.stringify(h.slack.workspace.homes.get(user) ?? {});
/** The "Ending soon" section of a person's Home tab, as published last. */
const endingSoon = (user: string) => home(user).split('Ending soon')[1]?.split('Recent activity')[0] ?? '';
const stamp = (at: number) => `<!date^${Math.floor(at / 1_000)}^`;

async function openHome(user: string): Promise<void> {
  const before = h.slack.callsOf('views.publish').filter((c) => c.args.user_id === user).length;
  expect((await h.slack.openHome(user, { url: h.url })).delivered).toBe(true);
  await waitFor(
    () => h.slack.callsOf('views.publish').filter((c) => c.args.user_id === user).length > before,
    5_000,
    `${user}'s Home tab`,
  );
}

/** Alice snoozed FND_SA_UNOWNED for 48 hours and her Home tab lists its end. */
async function snoozedAndShown() {
  h = await startClocked();
  await openHome('U0ALICE');
  const snoozed = await snoozeFromCard(h);
  await waitFor(() => endingSoon('U0ALICE').includes(stamp(snoozed.until)), 5_000, 'the end on Home');
  return snoozed;
}

describe('Home: Ending soon stays true', () => {
  it('after Extend… from the Home tab: the old end gone (the new one, 7 days on, is past the week)', async () => {
    const { until } = await snoozedAndShown();
    const view = h.slack.workspace.homes.get('U0ALICE');
    const jobId = home('U0ALICE').match(/"value":"(job_[a-z0-9]+)"/)?.[1] ?? '';
    await h.send(
      homeActionBody(ALICE, {
        view: { ...(view ?? {}), id: String(view?.id ?? 'V1') },
        action: { action_id: 'lifecycle.extend', value: jobId },
        triggerId: h.slack.issueTriggerId('U0ALICE'),
      }),
    );
    const form = await h.form('finding.snooze');
    await form.submit({ 'Snooze for': '7 days' });
    const later = () => Date.parse(String(h.tenant.findings.get('FND_SA_UNOWNED')?.snoozeUntil));
    await waitFor(() => later() > until + DAY, 5_000, 'extended');
    await waitFor(
      () => endingSoon('U0ALICE').includes('Nothing you snoozed or accepted ends within 7 days'),
      5_000,
      'alice’s tab without the old end',
    );
    expect(endingSoon('U0ALICE')).not.toContain(stamp(until));
  });

  it('after someone else reopens it: gone from the snoozer’s tab', async () => {
    const { ts } = await snoozedAndShown();
    await h.click('finding.reopen', 'FND_SA_UNOWNED', ts, BOB);
    await waitFor(
      () => h.tenant.findings.get('FND_SA_UNOWNED')?.state === 'FINDING_STATE_OPEN',
      5_000,
      'reopened',
    );
    await waitFor(
      () => endingSoon('U0ALICE').includes('Nothing you snoozed or accepted ends within 7 days'),
      5_000,
      'alice’s tab without the end',
    );
  });

  it('after the end: gone', async () => {
    const { until } = await snoozedAndShown();
    await moveClockTo(h, until + 60_000);
    await waitFor(
      () => endingSoon('U0ALICE').includes('Nothing you snoozed or accepted ends within 7 days'),
      5_000,
      'alice’s tab without the end',
    );
  });
});
