import { homeActionBody, postSigned, type SlackActor } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, BOB, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';

/**
 * The Home tab (issue 16): on app_home_opened Warden publishes each person's own view — requests
 * waiting for their approval (approvers only, never their own), their requests, what they made
 * that ends within 7 days, their recent actions — and refreshes it after they act. HTTP (the
 * Events API at /slack/events, signed) and Socket Mode alike.
 */
let h: Harness;
const startOne = harnessPerTest();
const FOUR_EYES = 'permissions:\n  acceptRisk: { approvers: S0SECLEADS }\n';
const start = async (yaml = '', socketMode = false, speed = 1) => {
  h = await startOne({ file: parseConfigFile(yaml, 'test.yaml'), socketMode, speed });
};
const DAVE: SlackActor = { ...ALICE, userId: 'U0DAVE', userName: 'dave' };

/** Opens the person's Home tab as Slack does and returns the view Warden published for it. */
async function openHome(user: string, socket = false) {
  const before = h.slack.callsOf('views.publish').filter((c) => c.args.user_id === user).length;
  const delivery = await h.slack.openHome(user, socket ? 'socket' : { url: h.url });
  expect(delivery.delivered).toBe(true);
  return waitFor(
    () => h.slack.callsOf('views.publish').filter((c) => c.args.user_id === user)[before]?.args.view,
    5_000,
    `${user}'s Home tab`,
  ).then((v) => JSON.stringify(v));
}

async function requestAcceptance(findingId = 'FND_UNUSED_SECRET') {
  const ts = await h.postAlert(findingId);
  await h.command(`accept-risk ${findingId} 30d break-glass secret, monitored by the SIEM`);
  await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'the request');
  return ts;
}

describe('the Home tab', () => {
  it('shows each section to the right people only', async () => {
    await start(FOUR_EYES);
    await requestAcceptance();
    const bob = await openHome('U0BOB');
    expect(bob).toContain('Waiting for your approval');
    // The finding by what it is (its type, its target's name in the tenant), its id beside it.
    expect(bob).toContain(
      '<@U0ALICE> asks to accept the risk of *Unused secret · reporting-app* (`FND_UNUSED_SECRET`)',
    );
    expect(bob).toContain('approval.approve');
    expect(bob).toContain('approval.deny');
    // the requester sees it as hers, not to approve, even though she cannot approve it anyway
    const alice = await openHome('U0ALICE');
    expect(alice).not.toContain('Waiting for your approval');
    expect(alice).toContain('Your requests');
    expect(alice).toMatch(/\*Unused secret · reporting-app\* \(`FND_UNUSED_SECRET`\), until .*\*pending\*/);
    expect(alice).toContain('asked to accept the risk of');
    // someone who is not an approver and asked nothing sees none of it
    const dave = await openHome('U0DAVE');
    expect(dave).not.toContain('Waiting for your approval');
    expect(dave).not.toContain('FND_UNUSED_SECRET');
    expect(dave).not.toContain('Unused secret · reporting-app');
    expect(dave).toContain('You have asked for no risk acceptances');
    // a guest approver-to-be is no approver
    const guest = await openHome('U0GUEST');
    expect(guest).not.toContain('approval.approve');
  });

  it('an approver decides from the Home tab; the requester’s tab is refreshed with the outcome', async () => {
    await start(FOUR_EYES);
    await requestAcceptance();
    await openHome('U0ALICE');
    const home = h.slack.workspace.homes.get('U0BOB');
    await openHome('U0BOB');
    const view = h.slack.workspace.homes.get('U0BOB') ?? home;
    const id = JSON.stringify(view).match(/"value":"(apr_[a-z0-9]+)"/)?.[1] ?? '';
    const click = homeActionBody(BOB, {
      view: { ...(view ?? {}), id: String(view?.id ?? 'V1') },
      action: { action_id: 'approval.approve', value: id },
      triggerId: h.slack.issueTriggerId('U0BOB'),
    });
    expect((await postSigned(h.url, click, h.signingSecret)).status).toBe(200);
    const form = await h.form('approval.approve');
    await form.submit({ Confirmation: true }, BOB);
    await waitFor(() => h.stateChanges().length === 1, 5_000, 'the tenant change');
    const refreshed = await waitFor(
      () => {
        const v = JSON.stringify(h.slack.workspace.homes.get('U0ALICE'));
        return v.includes('*approved* by <@U0BOB>') && v;
      },
      5_000,
      'alice’s refreshed tab',
    );
    expect(refreshed).toContain('Ending soon');
  });

  it('lists what the person made that ends within 7 days, with Extend…, and refreshes after they act', async () => {
    await start();
    const before = await openHome('U0ALICE');
    expect(before).toContain('Nothing you snoozed or accepted ends within 7 days');
    const ts = await h.postAlert('FND_SA_UNOWNED');
    await h.command('snooze FND_SA_UNOWNED 3d waiting on the vendor');
    const after = await waitFor(
      () => {
        const v = JSON.stringify(h.slack.workspace.homes.get('U0ALICE'));
        return v.includes('lifecycle.extend') && v;
      },
      5_000,
      'the refreshed tab',
    );
    expect(after).toContain('The snooze of <https://acme.slack.example/archives/C0SECOPS/p');
    // Ending soon and Recent activity list the finding by what it is, never by a bare id.
    expect(after).toMatch(/The snooze of <[^|>]+\|Unowned service account · deploy-bot> ends/);
    expect(after).toMatch(/you snoozed <[^|>]+\|Unowned service account · deploy-bot>/);
    expect(after).not.toMatch(/\|FND_SA_UNOWNED>/);
    // Extend… from the Home tab opens the same form as from a reminder
    const jobId = after.match(/"value":"(job_[a-z0-9]+)"/)?.[1] ?? '';
    const home = h.slack.workspace.homes.get('U0ALICE');
    const click = homeActionBody(ALICE, {
      view: { ...(home ?? {}), id: String(home?.id ?? 'V1') },
      action: { action_id: 'lifecycle.extend', value: jobId },
      triggerId: h.slack.issueTriggerId('U0ALICE'),
    });
    await postSigned(h.url, click, h.signingSecret);
    const form = await h.form('finding.snooze');
    expect(form.view.view).toMatchObject({ title: { text: 'Extend snooze' } });
    expect(ts).toBeTruthy();
    // someone who never opened the Home tab gets nothing published when they act
    await h.command('snooze FND_UNUSED_SECRET 3d waiting', DAVE);
    await settle(1_000);
    expect(h.slack.callsOf('views.publish').filter((c) => c.args.user_id === 'U0DAVE')).toHaveLength(0);
  });

  it('stays within Slack’s 100 blocks however much is waiting', async () => {
    // Three cards and their replies in one channel are paced: time runs 20x here.
    await start(FOUR_EYES, false, 20);
    for (const id of ['FND_UNUSED_SECRET', 'FND_SA_UNOWNED', 'FND_NHI_UNOWNED']) await requestAcceptance(id);
    for (let i = 0; i < 30; i++) {
      await h.warden.store.createApproval({
        findingId: `FND_X${i}`,
        requesterId: 'U0CAROL',
        justification: 'j'.repeat(1_900),
        riskExpiresAt: h.clock.now() + 86_400_000,
        channel: 'C0SECOPS',
        messageTs: null,
        createdAt: h.clock.now(),
        expireAt: h.clock.now() + 86_400_000,
      });
    }
    const bob = await openHome('U0BOB');
    const blocks = (JSON.parse(bob) as { blocks: unknown[] }).blocks;
    expect(blocks.length).toBeLessThanOrEqual(100);
    expect(bob).toContain('…and 23 more.');
    // the local Slack took it (it refuses a Home tab past Slack's limits); a refresh published
    // since (time runs 20x) differs only in its "as of" time, in the first block
    const taken = (h.slack.workspace.homes.get('U0BOB')?.blocks ?? []) as unknown[];
    expect(taken).toHaveLength(blocks.length);
    expect(taken.slice(1)).toEqual(blocks.slice(1));
  });

  it('works in Socket Mode', async () => {
    await start('', true);
    const alice = await openHome('U0ALICE', true);
    expect(alice).toContain('Recent activity');
  });
});
