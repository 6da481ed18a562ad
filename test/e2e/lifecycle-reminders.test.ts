import type { SlackActor, SlackMessage } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import {
  clockedHarnessPerTest,
  dmsTo,
  jobIdOf,
  moveClockTo,
  snoozeFromCard as snoozeFromCardIn,
} from '../helpers/clocked.js';
import { ALICE, BOB, type Harness, settle, waitFor } from '../helpers/harness.js';

/**
 * A snooze or risk acceptance's end, told in Slack (issue 16): a reminder `remindBefore` ahead to
 * whoever made it, Extend… (the same form, prefilled; four-eyes as for a new acceptance) and Let
 * it end, and at the end the card and its thread say what became of the finding. Warden's clock
 * and the tenant's are one test clock, moved by the tests.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const startClocked = clockedHarnessPerTest('inprocess');
let h: Harness;
async function start(yaml = ''): Promise<Harness> {
  h = await startClocked(yaml);
  return h;
}

const CAROL: SlackActor = { ...ALICE, userId: 'U0CAROL', userName: 'carol' };
const inDm = (actor: SlackActor): SlackActor => ({ ...actor, channelId: `D${actor.userId.slice(1)}` });
const dms = (user: string) => dmsTo(h, user);
const json = (m: SlackMessage | undefined) => JSON.stringify(m?.blocks ?? []);
const finding = (id: string) => h.tenant.findings.get(id);
const now = () => h.tenant.clock.now();
const moveTo = (at: number) => moveClockTo(h, at);

const snoozeFromCard = (findingId?: string) => snoozeFromCardIn(h, findingId);

describe('a reminder before the end', () => {
  it('goes to whoever made it at until − remindBefore, by DM and in the alert’s thread, once', async () => {
    await start();
    const { ts, until } = await snoozeFromCard();
    await moveTo(until - DAY - 60_000);
    expect(dms('U0ALICE')).toHaveLength(0);
    await moveTo(until - DAY + 1_000);
    const dm = await waitFor(() => dms('U0ALICE')[0], 5_000, 'the reminder');
    expect(dm.text).toMatch(/Reminder: the snooze of FND_SA_UNOWNED ends soon/);
    expect(json(dm)).toContain(`<!date^${Math.floor(until / 1000)}^`);
    expect(json(dm)).toContain('waiting on the vendor');
    expect(json(dm)).toContain('lifecycle.extend');
    expect(json(dm)).toContain('lifecycle.let_end');
    const reply = await waitFor(
      () => h.slack.thread('C0SECOPS', ts).find((m) => m.text.startsWith('Reminder')),
      5_000,
      'the thread reminder',
    );
    expect(json(reply)).toContain('<@U0ALICE>');
    // however many ticks pass: one reminder per end
    await moveTo(until - DAY + 10 * 60_000);
    expect(dms('U0ALICE')).toHaveLength(1);
    expect(h.slack.thread('C0SECOPS', ts).filter((m) => m.text.startsWith('Reminder'))).toHaveLength(1);
  });

  it('is not sent when the snooze was ended or changed meanwhile', async () => {
    await start();
    const { until } = await snoozeFromCard();
    await h.command('reopen FND_SA_UNOWNED');
    await waitFor(() => finding('FND_SA_UNOWNED')?.state === 'FINDING_STATE_OPEN', 5_000, 'reopened');
    await moveTo(until - DAY + 1_000);
    await settle(300);
    expect(dms('U0ALICE')).toHaveLength(0);
    const jobs = await h.warden.store.pendingJobs('end', now() + 7 * DAY);
    expect(jobs).toHaveLength(1); // the end still comes; it will only say what is true then
  });

  it('Extend… opens the same form, prefilled; the new end is sent to the tenant and shown', async () => {
    await start();
    const { ts, until } = await snoozeFromCard();
    await moveTo(until - DAY + 1_000);
    const dm = await waitFor(() => dms('U0ALICE')[0], 5_000, 'the reminder');
    await h.click('lifecycle.extend', jobIdOf(dm), dm.ts, inDm(ALICE));
    const form = await h.form('finding.snooze');
    expect(form.view.view).toMatchObject({ title: { text: 'Extend snooze' } });
    expect(JSON.stringify(form.view.view)).toContain('"initial_value":"waiting on the vendor"');
    const sent = await form.submit({ 'Snooze for': '7 days' });
    expect(sent.body).toBe('');
    await waitFor(
      () => Date.parse(String(finding('FND_SA_UNOWNED')?.snoozeUntil)) > until + DAY,
      5_000,
      'extended',
    );
    const body = h.stateChanges().at(-1)?.snooze as { reason: string; snoozeUntil: string };
    expect(body.reason).toMatch(/^waiting on the vendor — via Slack by "Alice Adams"/);
    await waitFor(
      () => h.slack.thread('C0SECOPS', ts).some((m) => m.text.includes('snoozed this until')),
      5_000,
      'the thread reply',
    );
    // the old end passes quietly: the card says when the new one is
    await moveTo(until + 60_000);
    const news = await waitFor(
      () => h.slack.thread('C0SECOPS', ts).find((m) => m.text.includes('extended')),
      5_000,
      'the old end',
    );
    expect(news.text).toMatch(/The snooze was extended: it now ends/);
    expect(finding('FND_SA_UNOWNED')?.state).toBe('FINDING_STATE_SNOOZED');
  });

  it('Let it end says so in the thread, takes the buttons off the reminder and is audited', async () => {
    await start();
    const { ts, until } = await snoozeFromCard();
    await moveTo(until - DAY + 1_000);
    const dm = await waitFor(() => dms('U0ALICE')[0], 5_000, 'the reminder');
    const jobId = jobIdOf(dm);
    await h.click('lifecycle.let_end', jobId, dm.ts, inDm(ALICE));
    await waitFor(
      () => h.slack.thread('C0SECOPS', ts).some((m) => m.text.includes('lets the snooze end')),
      5_000,
      'the thread line',
    );
    // The reminder's own update is a call of its own (paced as Slack asks): it may land after.
    const updated = await waitFor(
      () => h.slack.messages.find((m) => m.ts === dm.ts && json(m).includes('<@U0ALICE> lets it end.')),
      5_000,
      'the reminder updated',
    );
    expect(json(updated)).not.toContain('lifecycle.extend');
    const letEnd = await waitFor(
      async () =>
        (await h.warden.store.auditLog({ findingId: 'FND_SA_UNOWNED', limit: 10 })).find(
          (e) => e.action === 'letEnd',
        ),
      5_000,
      'the audit entry',
    );
    expect(letEnd).toMatchObject({ user_id: 'U0ALICE', outcome: 'ok' });
    // someone with no part in it and no permission cannot decide for them (on the reminder in
    // the card's thread, which they can see)
    const reply = await waitFor(
      () => h.slack.thread('C0SECOPS', ts).find((m) => m.text.startsWith('Reminder')),
      5_000,
      'the thread reminder',
    );
    await h.click('lifecycle.let_end', jobId, reply.ts, {
      ...ALICE,
      userId: 'U0GUEST',
      channelId: 'C0SECOPS',
    });
    expect((await h.nextEphemeral('U0GUEST')).text).toMatch(/Only whoever made it/);
  });
});

describe('at the end', () => {
  it('the card shows the finding open again and its thread says the snooze ended, without a poller', async () => {
    await start();
    const { ts, until } = await snoozeFromCard();
    expect(h.warden.poller).toBeUndefined();
    await moveTo(until + 10_000);
    const reply = await waitFor(
      () => h.slack.thread('C0SECOPS', ts).find((m) => m.text.includes('Snooze ended')),
      5_000,
      'the end',
    );
    expect(reply.text).toBe(':alarm_clock: Snooze ended — open again.');
    const card = h.slack.messages.find((m) => m.ts === ts);
    expect(json(card)).toContain('🚨 Open');
    expect(json(card)).toContain('finding.snooze');
    await moveTo(until + 20 * 60_000);
    expect(h.slack.thread('C0SECOPS', ts).filter((m) => m.text.includes('Snooze ended'))).toHaveLength(1);
  });

  it('a risk acceptance expires the same way', async () => {
    await start();
    const ts = await h.postAlert('FND_UNUSED_SECRET');
    await h.command('accept-risk FND_UNUSED_SECRET 3d break-glass secret, monitored by the SIEM');
    await waitFor(
      () => finding('FND_UNUSED_SECRET')?.state === 'FINDING_STATE_RISK_ACCEPTED',
      5_000,
      'accepted',
    );
    await waitFor(
      () => h.slack.thread('C0SECOPS', ts).some((m) => m.text.includes('accepted the risk')),
      5_000,
      'reply',
    );
    const until = Date.parse(String(finding('FND_UNUSED_SECRET')?.riskAcceptanceExpiresAt));
    await moveTo(until + 10_000);
    await waitFor(
      () =>
        h.slack
          .thread('C0SECOPS', ts)
          .some((m) => m.text === ':alarm_clock: Risk acceptance expired — open again.'),
      5_000,
      'the expiry',
    );
  });
});

describe('four-eyes', () => {
  const FOUR_EYES = 'permissions:\n  acceptRisk: { approvers: S0SECLEADS }\n';

  async function approve(ts: string, by: SlackActor) {
    const request = await waitFor(
      () =>
        h.slack
          .thread('C0SECOPS', ts)
          .filter((m) => m.text.startsWith('Risk acceptance request'))
          .at(-1),
      5_000,
      'the request',
    );
    const id = json(request).match(/"value":"(apr_[a-z0-9]+)"/)?.[1] ?? '';
    const form = await h.openForm('approval.approve', id, ts, by);
    expect((await form.submit({ Confirmation: true }, by)).body).toBe('');
  }

  it('the requester and the approver are reminded; an extension needs an approver again', async () => {
    await start(FOUR_EYES);
    const ts = await h.postAlert('FND_UNUSED_SECRET');
    await h.command('accept-risk FND_UNUSED_SECRET 3d break-glass secret, monitored by the SIEM');
    await approve(ts, BOB);
    await waitFor(
      () => finding('FND_UNUSED_SECRET')?.state === 'FINDING_STATE_RISK_ACCEPTED',
      5_000,
      'accepted',
    );
    await waitFor(
      () => h.slack.thread('C0SECOPS', ts).some((m) => m.text.includes('accepted the risk')),
      5_000,
      'reply',
    );
    const until = Date.parse(String(finding('FND_UNUSED_SECRET')?.riskAcceptanceExpiresAt));
    const changes = h.stateChanges().length;
    await moveTo(until - DAY + 1_000);
    const [toAlice, toBob] = await waitFor(
      () => (dms('U0ALICE')[0] && dms('U0BOB')[0] ? [dms('U0ALICE')[0], dms('U0BOB')[0]] : undefined),
      5_000,
      'both reminders',
    );
    expect(toBob?.text).toMatch(/risk acceptance of FND_UNUSED_SECRET expires soon/);
    await h.click('lifecycle.extend', jobIdOf(toAlice), toAlice?.ts ?? '', inDm(ALICE));
    const form = await h.form('finding.acceptRisk');
    expect(JSON.stringify(form.view.view)).toContain(
      '"initial_value":"break-glass secret, monitored by the SIEM"',
    );
    await form.submit({ 'Accept for': '30 days' });
    // a request, not a change: nothing reaches the tenant until someone approves it
    await waitFor(
      () =>
        h.slack.thread('C0SECOPS', ts).filter((m) => m.text.startsWith('Risk acceptance request')).length ===
        2,
      5_000,
      'the extension request',
    );
    await settle(200);
    expect(h.stateChanges()).toHaveLength(changes);
    await approve(ts, CAROL);
    await waitFor(() => h.stateChanges().length === changes + 1, 5_000, 'the approved extension');
    const expires = Date.parse(String(finding('FND_UNUSED_SECRET')?.riskAcceptanceExpiresAt));
    expect(expires).toBeGreaterThan(until + 20 * DAY);
  });
});
