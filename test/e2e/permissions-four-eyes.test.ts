import { describe, expect, it } from 'vitest';
import { ALICE, BOB, type Harness, type HarnessOptions, waitFor } from '../helpers/harness.js';
import { CAROL, DAVE, permissionsPerTest } from '../helpers/permissions.js';
import { sealedMetadata, unsealedMetadata } from '../helpers/view-seal.js';

/**
 * Four-eyes risk acceptance, end to end (`permissions: acceptRisk: { approvers }`): the request
 * in the alert's thread, who may approve or deny it, forged submissions, expiry, `/warden
 * approvals`. The other permission checks: permissions.test.ts.
 */

let h: Harness;
const perTest = permissionsPerTest();
const { audit, ephemeralFor, expectNothingChanged } = perTest;
async function start(yaml?: string, opts: HarnessOptions = {}) {
  h = await perTest.start(yaml, opts);
}

describe('four-eyes risk acceptance', () => {
  const FOUR_EYES = 'permissions:\n  acceptRisk: { approvers: S0SECLEADS }\n';

  async function requestViaForm(): Promise<{ ts: string }> {
    const ts = await h.postAlert('FND_UNUSED_SECRET');
    const form = await h.openForm('finding.acceptRisk', 'FND_UNUSED_SECRET', ts);
    await form.submit({
      Justification: 'Break-glass secret, monitored by the SIEM.',
      'Accept for': '90 days',
    });
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'request in thread');
    return { ts };
  }
  const requestMessage = (ts: string) => h.slack.thread('C0SECOPS', ts)[0];
  const approvalId = (ts: string) =>
    JSON.stringify(requestMessage(ts)?.blocks).match(/"value":"(apr_[a-z0-9]+)"/)?.[1] ?? '';

  it('the requester’s form creates a pending request in the thread; nothing reaches the tenant', async () => {
    await start(FOUR_EYES);
    const { ts } = await requestViaForm();
    const msg = requestMessage(ts);
    expect(msg?.text).toMatch(/Risk acceptance request for FND_UNUSED_SECRET \(pending\)/);
    expect(JSON.stringify(msg?.blocks)).toContain('approval.approve');
    expect(JSON.stringify(msg?.blocks)).toContain('<!subteam^S0SECLEADS>');
    expect((await ephemeralFor('U0ALICE')).text).toMatch(/needs an approver/);
    await expectNothingChanged();
    expect((await h.warden.store.pendingApprovals(Date.now())).map((a) => a.requesterId)).toEqual([
      'U0ALICE',
    ]);
  });

  it('the requester cannot approve their own request; a non-approver cannot either', async () => {
    await start(FOUR_EYES);
    const { ts } = await requestViaForm();
    const id = approvalId(ts);
    await h.click('approval.approve', id, ts, ALICE);
    await waitFor(() =>
      JSON.stringify(h.slack.callsOf('views.update').at(-1)?.args.view).includes('someone else must approve'),
    );
    await h.click('approval.approve', id, ts, DAVE);
    await waitFor(() =>
      JSON.stringify(h.slack.callsOf('views.update').at(-1)?.args.view).includes(
        'Only members of <!subteam^S0SECLEADS>',
      ),
    );
    await expectNothingChanged();
    expect(
      (await audit()).filter((e) => e.outcome === 'denied' && e.action === 'acceptRisk.decide'),
    ).toHaveLength(2);
  });

  it('a forged submission of the approval form by the requester is refused too', async () => {
    await start(FOUR_EYES);
    const { ts } = await requestViaForm();
    const id = approvalId(ts);
    const form = await h.openForm('approval.approve', id, ts, CAROL);
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await form.submit({ 'Accept until': date, Confirmation: true }, ALICE);
    expect((await ephemeralFor('U0ALICE', 1)).text).toMatch(/someone else must approve/);
    await expectNothingChanged();
  });

  it('an approver reviews, may shorten the expiry, must confirm; then the tenant is called', async () => {
    await start(FOUR_EYES);
    const { ts } = await requestViaForm();
    const id = approvalId(ts);
    const form = await h.openForm('approval.approve', id, ts, CAROL);
    expect(form.labels).toEqual(['Accept until', 'Time', 'Confirmation']);
    expect(JSON.stringify(form.view.view.blocks)).toContain('Break-glass secret');
    const later = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const extend = await form.submit({ 'Accept until': later, Confirmation: true }, CAROL);
    expect(extend.errors?.expires).toMatch(/shorten .* not extend/);
    const shorter = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const unconfirmed = await form.submit({ 'Accept until': shorter }, CAROL);
    expect(unconfirmed.errors?.confirm).toMatch(/Tick the box/);
    await expectNothingChanged();

    const ok = await form.submit({ 'Accept until': shorter, Time: '09:00', Confirmation: true }, CAROL);
    expect(ok.body).toBe('');
    const [body] = await waitFor(
      () => h.stateChanges().length === 1 && h.stateChanges(),
      5_000,
      'tenant call',
    );
    const accepted = body?.acceptRisk as { justification: string; expiresAt: string };
    expect(accepted.justification).toBe(
      'Break-glass secret, monitored by the SIEM. — via Slack by "Alice Adams" (U0ALICE), approved by "Carol Chen" (U0CAROL)',
    );
    // carol is in Tokyo: 09:00 there is midnight UTC, the same date
    expect(accepted.expiresAt.slice(0, 10)).toBe(shorter);
    // the card says who asked and who approved, in Slack's terms; the tenant's record keeps the rest
    const card = await waitFor(() => {
      const blocks = JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks);
      return blocks.includes('Risk accepted') && blocks;
    });
    expect(card).toContain('Break-glass secret, monitored by the SIEM.');
    expect(card).toMatch(/by <@U0ALICE>, approved by <@U0CAROL>, <!date\^/);
    expect(card).not.toMatch(/via Slack|@acme\.example|IU_WARDEN_SERVICE/);
    await waitFor(() =>
      h.slack.thread('C0SECOPS', ts).some((m) => m.text.includes("approved <@U0ALICE>'s request")),
    );
    // the request message is refreshed just after the thread reply: wait for it, then check it all
    await waitFor(
      () => JSON.stringify(requestMessage(ts)?.blocks).includes('Approved by <@U0CAROL>'),
      5_000,
      'request updated',
    );
    expect(JSON.stringify(requestMessage(ts)?.blocks)).not.toContain('approval.approve');
    // a second approver is too late
    await h.click('approval.approve', id, ts, BOB);
    await waitFor(() =>
      JSON.stringify(h.slack.callsOf('views.update').at(-1)?.args.view).includes('already approved'),
    );
    expect(h.stateChanges()).toHaveLength(1);
  });

  it('a forged form metadata cannot extend the acceptance: the stored request decides', async () => {
    await start(FOUR_EYES);
    const { ts } = await requestViaForm();
    const form = await h.openForm('approval.approve', approvalId(ts), ts, CAROL);
    // Forged with the signing secret (the seal holds): the decision still checks the stored request.
    const meta = JSON.parse(unsealedMetadata(form.view.view.private_metadata));
    const forged = JSON.stringify({ ...meta, until: meta.until + 400 * 86_400_000 });
    form.view.view.private_metadata = sealedMetadata(h.signingSecret, 'approval.approve', forged);
    const later = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const sent = await form.submit({ 'Accept until': later, Confirmation: true }, CAROL);
    expect(sent.body).toBe(''); // the forged metadata passed the form check…
    expect((await ephemeralFor('U0CAROL')).text).toMatch(/shorten the acceptance, not extend it/); // …not the decision
    await expectNothingChanged();
    expect((await h.warden.store.pendingApprovals(Date.now())).length).toBe(1);
  });

  it('an approver may deny, with a reason; the requester is told in the thread', async () => {
    await start(FOUR_EYES);
    const { ts } = await requestViaForm();
    const form = await h.openForm('approval.deny', approvalId(ts), ts, BOB);
    const empty = await form.submit({ 'Why not': ' ' }, BOB);
    expect(empty.errors?.reason).toMatch(/Say why/);
    await form.submit({ 'Why not': 'Rotate it instead.' }, BOB);
    const reply = await waitFor(() =>
      h.slack.thread('C0SECOPS', ts).find((m) => m.text.startsWith('<@U0BOB> denied')),
    );
    expect(reply.text).toBe("<@U0BOB> denied <@U0ALICE>'s request to accept the risk: Rotate it instead.");
    await expectNothingChanged();
  });

  it('an expired request cannot be approved, and its expiry is announced', async () => {
    await start(FOUR_EYES);
    const { ts } = await requestViaForm();
    const id = approvalId(ts);
    const store = h.warden.store;
    // the deadline passes: the sweeper closes it
    const expired = await store.expireApprovals(Date.now() + 25 * 3_600_000);
    expect(expired.map((a) => a.id)).toEqual([id]);
    await h.click('approval.approve', id, ts, CAROL);
    await waitFor(() =>
      JSON.stringify(h.slack.callsOf('views.update').at(-1)?.args.view).includes('already expired'),
    );
    // and one whose deadline passed but was not swept yet is refused as expired
    const stale = await store.createApproval({
      findingId: 'FND_UNUSED_SECRET',
      requesterId: 'U0ALICE',
      justification: 'old request for the same finding',
      riskExpiresAt: Date.now() + 86_400_000,
      channel: 'C0SECOPS',
      messageTs: ts,
      createdAt: Date.now() - 2 * 86_400_000,
      expireAt: Date.now() - 1_000,
    });
    await h.click('approval.approve', stale.id, ts, CAROL);
    await waitFor(() =>
      JSON.stringify(h.slack.callsOf('views.update').at(-1)?.args.view).includes('has expired'),
    );
    await expectNothingChanged();
  });

  it('/warden approvals lists what is waiting', async () => {
    await start(FOUR_EYES);
    await requestViaForm();
    await h.command('approvals', BOB);
    const list = await waitFor(() => h.slack.ephemerals.find((e) => e.text.includes('waiting for approval')));
    expect(JSON.stringify(list.blocks)).toContain('`FND_UNUSED_SECRET` by <@U0ALICE>');
  });

  it('the slash command with a justification asks for approval too', async () => {
    await start(FOUR_EYES);
    await h.command('accept-risk FND_UNUSED_SECRET 30d break-glass secret, monitored by the SIEM');
    await waitFor(() => h.slack.messages.some((m) => m.text.includes('Risk acceptance request')));
    await expectNothingChanged();
  });
});
