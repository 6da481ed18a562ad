import { eventCallbackBody, SEED_IDS } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessReviewId } from '../../src/blockkit/access-review-ids.js';
import { ALICE } from '../helpers/actors.js';
import type { Harness } from '../helpers/harness.js';
import {
  clickIn,
  current,
  link,
  modalText,
  openReviewModal,
  REVIEWS_CHANNEL,
  type ReviewsRig,
  saidTo,
  startReviews,
  taskButton,
} from '../helpers/reviews.js';
import { waitFor } from '../helpers/wait.js';

/**
 * Access reviews in Slack, the work around the decisions (README "Access reviews in Slack"): the
 * Home tab lists the linked person's reviews by campaign and app, due dates first, names not ids;
 * Certify unchanged certifies many after a confirmation naming the count; the tenant's step-up
 * ask; a DM when a campaign gives work and reminders before it is due, each once; the campaign's
 * tracker (one message, edited at most once a minute) and its report to the owner at close.
 */

let rig: ReviewsRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function home(h: Harness, user: string): Promise<string> {
  const before = h.slack.callsOf('views.publish').filter((c) => c.args.user_id === user).length;
  await h.send(
    JSON.stringify(eventCallbackBody('T0WARDEN', { type: 'app_home_opened', user, tab: 'home' })),
    {
      json: true,
    },
  );
  return waitFor(
    () => h.slack.callsOf('views.publish').filter((c) => c.args.user_id === user)[before]?.args.view,
    5_000,
    `${user}'s Home tab`,
  ).then((v) => JSON.stringify(v));
}

const dmOf = (h: Harness, user: string) => h.slack.messages.filter((m) => m.channel === `D${user.slice(1)}`);

describe('access reviews around the decisions', () => {
  it('the Home tab prompts to link, then lists the person’s reviews by campaign and app, soonest due first, by name', async () => {
    rig = await startReviews();
    const { h } = rig;
    const before = await home(h, ALICE.userId);
    expect(before).toContain('reviews.link');
    await link(h, ALICE, SEED_IDS.users.alice);
    const after = await home(h, ALICE.userId);
    const q4 = after.indexOf('Q4 privileged access review');
    const sox = after.indexOf('SOX quarterly review');
    expect(q4).toBeGreaterThan(-1);
    expect(sox).toBeGreaterThan(q4);
    expect(after).toContain('GitHub');
    expect(after).toContain('3 to review');
    expect(after).toContain('Okta');
    // What is shown (not the buttons' values) names apps and campaigns, not their ids.
    const shown = (JSON.parse(after) as { blocks: { text?: { text: string } }[] }).blocks
      .map((b) => b.text?.text ?? '')
      .join('\n');
    expect(shown).not.toMatch(/APP_|AR_Q4|IU_/);
    expect(after).toContain('Created by Warden for @alice');
  });

  it('Certify unchanged: confirmed with the count, then each certified as the reviewer, the step-up one left', async () => {
    rig = await startReviews();
    const { h, tenant } = rig;
    await link(h, ALICE, SEED_IDS.users.alice);
    const ids = tenant.tasks.seedMany(
      'AR_Q4',
      SEED_IDS.entitlements.oktaSuper,
      SEED_IDS.users.alice,
      12,
      tenant.clock.now(),
    );
    const modal = await openReviewModal(h, ALICE, 'AR_Q4', SEED_IDS.apps.okta);
    // 13 open (one asks for step-up): 12 + the seeded Dave; a page shows 4
    expect(modalText(modal)).toContain('14 open');
    expect(modalText(modal)).toContain('Page 1 of 4');
    // Next → turns the page in place (the same modal, still within Block Kit's limits).
    const pages = (
      modal.view.blocks as { block_id?: string; elements?: { action_id: string; value?: string }[] }[]
    ).find((b) => b.block_id === 'reviews.pages');
    const next = pages?.elements?.find((e) => e.action_id === AccessReviewId.next);
    await clickIn(h, ALICE, modal, AccessReviewId.next, next?.value ?? '');
    await waitFor(
      () => (modalText(current(h, modal.id)).includes('Page 2 of 4') ? true : undefined),
      5_000,
      'page 2',
    );
    const bulk = (
      modal.view.blocks as { block_id?: string; elements?: { value?: string; text: { text: string } }[] }[]
    ).find((b) => b.block_id === 'reviews.bulk');
    expect(bulk?.elements?.[0]?.text.text).toBe('Certify unchanged (13)…');
    await clickIn(h, ALICE, modal, AccessReviewId.unchanged, bulk?.elements?.[0]?.value ?? '');
    const confirm = await h.form('reviews.form.unchanged');
    expect(JSON.stringify(confirm.view.view)).toContain('Certify all 13 open grants');
    await confirm.submit({});
    await waitFor(
      () => (modalText(current(h, modal.id)).includes('Certified 13 unchanged') ? true : undefined),
      10_000,
      'the outcome',
    );
    expect(ids.every((id) => tenant.tasks.get(id)?.state === 'TASK_STATE_CLOSED')).toBe(true);
    expect(tenant.tasks.get('TK_Q4_05')?.state).toBe('TASK_STATE_OPEN');
    const audit = tenant.tasks.audit.all();
    expect(audit.every((e) => e.actor.userId === SEED_IDS.users.alice && e.actor.kind === 'personal')).toBe(
      true,
    );
    expect(modalText(current(h, modal.id))).toContain('asks for a verification first');
  });

  it('where the tenant asks for step-up: the person verifies at the tenant, then certifies; before that nothing is certified', async () => {
    rig = await startReviews();
    const { h, tenant } = rig;
    await link(h, ALICE, SEED_IDS.users.alice);
    const modal = await openReviewModal(h, ALICE, 'AR_Q4', SEED_IDS.apps.okta);
    await clickIn(
      h,
      ALICE,
      modal,
      AccessReviewId.certify,
      taskButton(modal, 'Frank Former', AccessReviewId.certify),
    );
    await saidTo(h, ALICE.userId, /The tenant asks you to verify/);
    const ask = h.slack.ephemerals.find((e) => /The tenant asks you to verify/.test(e.text));
    const value = JSON.stringify(ask?.blocks)
      .match(/"value":"(\{[^"]*(?:\\"[^"]*)*\})"/)?.[1]
      ?.replaceAll('\\"', '"');
    expect(tenant.tasks.get('TK_Q4_05')?.state).toBe('TASK_STATE_OPEN');
    // Pressed before verifying: the tenant has no verified transaction, nothing is certified.
    await h.click(AccessReviewId.verified, value ?? '', '1.2', ALICE);
    await saidTo(h, ALICE.userId, /no completed verification/);
    expect(tenant.tasks.get('TK_Q4_05')?.state).toBe('TASK_STATE_OPEN');
    // Verified at the tenant's provider, then pressed: certified with that transaction.
    const txn = tenant.stepUps.all[0];
    tenant.stepUps.verify(txn?.id ?? '', tenant.clock.now());
    await h.click(AccessReviewId.verified, value ?? '', '1.3', ALICE);
    await waitFor(
      () => tenant.tasks.get('TK_Q4_05')?.state === 'TASK_STATE_CLOSED' || undefined,
      5_000,
      'certified',
    );
    expect(
      tenant.tasks.audit
        .of('TK_Q4_05')
        .some((e) => 'stepUpApproval' in e.view && e.actor.kind === 'personal'),
    ).toBe(true);
  });

  it('a DM when a campaign gives work, reminders at T−72 h and T−24 h, each once (later sweeps schedule none again)', async () => {
    rig = await startReviews({ yaml: '  sweepEvery: 1m\n' });
    const { h, tenant } = rig;
    await link(h, ALICE, SEED_IDS.users.alice);
    await h.clock.advance('61s');
    await waitFor(
      () => dmOf(h, ALICE.userId).filter((m) => /gives you/.test(m.text)).length === 2 || undefined,
      8_000,
      'two notices (Q4, SOX)',
    );
    const q4 = dmOf(h, ALICE.userId).find((m) => m.text.includes('Q4 privileged access review'));
    expect(q4?.text).toContain('5 access grants to review');
    expect(JSON.stringify(q4?.blocks)).toContain('reviews.open');
    // Q4 is due in 5 days: move to 72 h before, then 24 h before (sweeps run meanwhile).
    const due = Date.parse(String(tenant.reviews.campaigns.get('AR_Q4')?.completionDate));
    await h.clock.advanceTo(due - 72 * 3_600_000 + 1_000);
    await waitFor(
      () => dmOf(h, ALICE.userId).filter((m) => /Reminder/.test(m.text)).length === 1 || undefined,
      8_000,
      'T−72 h',
    );
    await h.clock.advanceTo(due - 24 * 3_600_000 + 1_000);
    await waitFor(
      () => dmOf(h, ALICE.userId).filter((m) => /Reminder/.test(m.text)).length === 2 || undefined,
      8_000,
      'T−24 h',
    );
    await h.clock.advance('3m');
    await new Promise((r) => setTimeout(r, 500));
    expect(dmOf(h, ALICE.userId).filter((m) => /gives you/.test(m.text))).toHaveLength(2);
    expect(dmOf(h, ALICE.userId).filter((m) => /Reminder/.test(m.text))).toHaveLength(2);
    // Every job names its workspace.
    const jobs = await h.warden.store.pendingReviewJobs('track', 'T0WARDEN');
    expect(jobs.every((j) => j.team === 'T0WARDEN')).toBe(true);
  });

  it('the campaign’s tracker: one message, edited at most once a minute; at close the CSV report to its owner', async () => {
    rig = await startReviews({ yaml: '  sweepEvery: 1m\n' });
    const { h, tenant } = rig;
    await link(h, ALICE, SEED_IDS.users.alice);
    await h.clock.advance('61s');
    const tracker = await waitFor(
      () =>
        h.slack.messages.find(
          (m) => m.channel === REVIEWS_CHANNEL && m.text.includes('Q4 privileged access review'),
        ),
      8_000,
      'the tracker',
    );
    expect(tracker.text, tracker.text).toContain('1 decided, 6 open');
    const updates = () => h.slack.callsOf('chat.update').filter((c) => c.args.ts === tracker.ts).length;
    // Two decisions within the same minute: the tracker is edited once, after the minute.
    const modal = await openReviewModal(h, ALICE, 'AR_Q4', SEED_IDS.apps.github);
    await clickIn(
      h,
      ALICE,
      modal,
      AccessReviewId.certify,
      taskButton(modal, 'Dave Doe', AccessReviewId.certify),
    );
    await waitFor(
      () => tenant.tasks.get('TK_Q4_01')?.state === 'TASK_STATE_CLOSED' || undefined,
      5_000,
      'one',
    );
    const again = current(h, modal.id) ?? modal;
    await clickIn(
      h,
      ALICE,
      again,
      AccessReviewId.certify,
      taskButton(again, 'Bob Brown', AccessReviewId.certify),
    );
    await waitFor(
      () => tenant.tasks.get('TK_Q4_02')?.state === 'TASK_STATE_CLOSED' || undefined,
      5_000,
      'two',
    );
    expect(updates()).toBe(0);
    await h.clock.advance('61s');
    await waitFor(() => updates() === 1 || undefined, 8_000, 'one edit');
    expect(
      h.slack.messages.filter((m) => m.channel === REVIEWS_CHANNEL && m.text.includes('Q4')),
    ).toHaveLength(1);
    await h.clock.advance('61s');
    await new Promise((r) => setTimeout(r, 300));
    expect(updates()).toBe(1);
    // The campaign closes: the tracker says so, and Carol (its owner) gets the CSV report.
    tenant.reviews.close('AR_Q4', tenant.clock.now());
    await h.clock.advance('61s');
    await waitFor(() => updates() === 2 || undefined, 8_000, 'the closing edit');
    const report = await waitFor(
      async () => {
        await h.clock.advance('11s');
        return h.slack.files.find((f) => f.filename.includes('AR_Q4'));
      },
      10_000,
      'the report',
    );
    expect(report.channel).toBe('D0CAROL');
    expect(report?.content).toContain('Task,App,Entitlement,User,Outcome,Decided by,Decided at');
    expect(report?.content).toContain('CERTIFY_OUTCOME_CERTIFIED');
  });
});
