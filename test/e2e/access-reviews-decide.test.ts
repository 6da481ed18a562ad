import { SEED_IDS } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessReviewId } from '../../src/blockkit/access-review-ids.js';
import { ALICE, BOB } from '../helpers/actors.js';
import {
  clickIn,
  current,
  link,
  modalText,
  openReviewModal,
  type ReviewsRig,
  saidTo,
  startReviews,
  taskButton,
} from '../helpers/reviews.js';
import { waitFor } from '../helpers/wait.js';

/**
 * Access reviews in Slack, deciding (README "Access reviews in Slack"): every decision made in
 * Slack is recorded in the tenant's task audit under the reviewer's own personal client, none
 * under Warden's principal; an unlinked reviewer's click makes no tenant call; a credential the
 * tenant stopped accepting is told and unlinks; a task no longer open, reassigned away or of
 * another campaign is refused in the tenant's words (or Warden's, for a campaign mismatch).
 */

let rig: ReviewsRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const GUEST = { ...ALICE, userId: 'U0GUEST', userName: 'guest' };
const PARTNER = { ...ALICE, userId: 'U0EXTERNAL', userName: 'eve' };

/** Every audit entry of the tasks, with the client that acted. */
const actors = (r: ReviewsRig) =>
  r.tenant.tasks.audit.all().map((e) => ({ user: e.actor.userId, client: e.actor.clientId }));

describe('deciding access reviews in Slack', () => {
  it('certify, revoke (with its reason), reassign and comment are the reviewer’s own decisions in the tenant: 100 % their personal client, none Warden’s', async () => {
    rig = await startReviews();
    const { h, tenant } = rig;
    await link(h, ALICE, SEED_IDS.users.alice);
    const mine = tenant.personalClients.all()[0]?.clientId;
    let modal = await openReviewModal(h, ALICE, 'AR_Q4', SEED_IDS.apps.github);
    expect(modalText(modal)).toContain('Q4 privileged access review');
    expect(modalText(modal)).toContain('GitHub');
    expect(modalText(modal)).toContain('Dave Doe');
    expect(modalText(modal)).not.toContain(SEED_IDS.users.dave);

    // Certify
    await clickIn(
      h,
      ALICE,
      modal,
      AccessReviewId.certify,
      taskButton(modal, 'Dave Doe', AccessReviewId.certify),
    );
    await waitFor(() => tenant.tasks.get('TK_Q4_01')?.state === 'TASK_STATE_CLOSED', 5_000, 'certified');
    modal = await waitFor(
      () => (modalText(current(h, modal.id)).includes('Certified') ? current(h, modal.id) : undefined),
      5_000,
      'the notice',
    );
    expect(modalText(modal)).not.toContain('Dave Doe —');

    // Revoke…, with the reason
    await clickIn(
      h,
      ALICE,
      modal,
      AccessReviewId.revoke,
      taskButton(modal, 'Bob Brown', AccessReviewId.revoke),
    );
    const revoke = await h.form('reviews.form.revoke');
    await revoke.submit({ 'Why is this access revoked?': 'left the platform team' });
    await waitFor(() => tenant.tasks.get('TK_Q4_02')?.state === 'TASK_STATE_CLOSED', 5_000, 'revoked');
    expect(JSON.stringify(tenant.tasks.get('TK_Q4_02')?.type)).toContain('CERTIFY_OUTCOME_DECERTIFIED');

    // Comment… then Reassign… to Bob (his tenant account by his Slack email)
    modal = current(h, modal.id) ?? modal;
    await clickIn(
      h,
      ALICE,
      modal,
      AccessReviewId.comment,
      taskButton(modal, 'Hanna Hidden', AccessReviewId.comment),
    );
    const comment = await h.form('reviews.form.comment');
    await comment.submit({ 'Your comment (the tenant keeps it with the task)': 'asked her manager' });
    await waitFor(
      () => (tenant.tasks.get('TK_Q4_03')?.commentCount === 1 ? true : undefined),
      5_000,
      'the comment',
    );
    modal = current(h, modal.id) ?? modal;
    await clickIn(
      h,
      ALICE,
      modal,
      AccessReviewId.reassign,
      taskButton(modal, 'Hanna Hidden', AccessReviewId.reassign),
    );
    const reassign = await h.form('reviews.form.reassign');
    await reassign.submit({ 'Reassign to': 'U0BOB' });
    await waitFor(
      () =>
        (tenant.tasks.get('TK_Q4_03')?.stepApproverIds as string[])?.[0] === SEED_IDS.users.bob || undefined,
      5_000,
      'reassigned',
    );

    const all = actors(rig);
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.every((a) => a.user === SEED_IDS.users.alice && a.client === mine)).toBe(true);
    expect(all.some((a) => a.client === tenant.credentials.clientId || a.user === 'IU_WARDEN_SERVICE')).toBe(
      false,
    );
    // Warden's own credential sent none of the task actions.
    const actions = tenant.requests.filter((r) => /\/api\/v1\/tasks\/[^/]+\/action\//.test(r.path));
    expect(actions.length).toBe(4);
  });

  it('an unlinked reviewer’s click gets the link prompt and makes no tenant call', async () => {
    rig = await startReviews();
    const { h, tenant } = rig;
    await link(h, ALICE, SEED_IDS.users.alice);
    const modal = await openReviewModal(h, ALICE, 'AR_Q4', SEED_IDS.apps.github);
    const value = taskButton(modal, 'Dave Doe', AccessReviewId.certify);
    await h.command('unlink', ALICE);
    await saidTo(h, ALICE.userId, /Unlinked/);
    const before = tenant.requests.length;
    await clickIn(h, ALICE, modal, AccessReviewId.certify, value);
    await saidTo(h, ALICE.userId, /Link your tenant account first/);
    expect(tenant.requests.length).toBe(before);
    expect(tenant.tasks.get('TK_Q4_01')?.state).toBe('TASK_STATE_OPEN');
  });

  it('a credential the tenant revoked is told to the person and unlinks them, nothing decided', async () => {
    rig = await startReviews();
    const { h, tenant } = rig;
    await link(h, ALICE, SEED_IDS.users.alice);
    const modal = await openReviewModal(h, ALICE, 'AR_Q4', SEED_IDS.apps.github);
    const client = tenant.personalClients.all()[0];
    tenant.personalClients.revoke(client?.id ?? '', tenant.clock.now());
    tenant.auth.expireTokens();
    await clickIn(
      h,
      ALICE,
      modal,
      AccessReviewId.certify,
      taskButton(modal, 'Dave Doe', AccessReviewId.certify),
    );
    await saidTo(h, ALICE.userId, /no longer accepts your personal credential/);
    expect(await h.warden.store.reviewLinks()).toHaveLength(0);
    expect(tenant.tasks.get('TK_Q4_01')?.state).toBe('TASK_STATE_OPEN');
  });

  it('refuses in the tenant’s words a task no longer open or reassigned away, and one of another campaign in Warden’s', async () => {
    rig = await startReviews();
    const { h, tenant } = rig;
    await link(h, ALICE, SEED_IDS.users.alice);
    const modal = await openReviewModal(h, ALICE, 'AR_Q4', SEED_IDS.apps.github);
    // Decided meanwhile in the console (by Alice herself): the tenant refuses the second decision.
    const dave = taskButton(modal, 'Dave Doe', AccessReviewId.certify);
    const task = tenant.tasks.get('TK_Q4_01');
    if (task) task.state = 'TASK_STATE_CLOSED';
    await clickIn(h, ALICE, modal, AccessReviewId.certify, dave);
    await waitFor(
      () => (modalText(current(h, modal.id)).includes('The tenant refused') ? true : undefined),
      5_000,
      'refused',
    );
    expect(modalText(current(h, modal.id))).toContain('the task is closed');
    // Reassigned away to Bob in the console: Alice no longer sees it; the tenant says so.
    const hanna = taskButton(modal, 'Hanna Hidden', AccessReviewId.certify);
    const reassigned = tenant.tasks.get('TK_Q4_03');
    if (reassigned) reassigned.stepApproverIds = [SEED_IDS.users.bob];
    await clickIn(h, ALICE, modal, AccessReviewId.certify, hanna);
    await waitFor(
      () => (modalText(current(h, modal.id)).includes('not found') ? true : undefined),
      5_000,
      'not found',
    );
    // A task of another campaign sent from this modal: refused before anything is sent.
    const sox = JSON.stringify({ t: 'TK_SOX_01', s: 'PS_TK_SOX_01_1' });
    const decisions = () => tenant.requests.filter((r) => r.path.includes('/action/')).length;
    const sent = decisions();
    await clickIn(h, ALICE, modal, AccessReviewId.certify, sox);
    await waitFor(
      () => (modalText(current(h, modal.id)).includes('not one of this review') ? true : undefined),
      5_000,
      'mismatch',
    );
    expect(decisions()).toBe(sent);
    expect(tenant.tasks.get('TK_SOX_01')?.state).toBe('TASK_STATE_OPEN');
  });

  it('a tenant answering 500 to a decision: said in words, nothing certified, nothing sent twice blindly', async () => {
    rig = await startReviews();
    const { h, tenant } = rig;
    await link(h, ALICE, SEED_IDS.users.alice);
    const modal = await openReviewModal(h, ALICE, 'AR_Q4', SEED_IDS.apps.github);
    tenant.faults.add({ method: 'POST', path: /\/action\/approve$/, status: 500, times: 10 });
    await clickIn(
      h,
      ALICE,
      modal,
      AccessReviewId.certify,
      taskButton(modal, 'Dave Doe', AccessReviewId.certify),
    );
    await waitFor(
      () => (modalText(current(h, modal.id)).includes('did not answer') ? true : undefined),
      8_000,
      'told',
    );
    expect(tenant.tasks.get('TK_Q4_01')?.state).toBe('TASK_STATE_OPEN');
    // A state change is not retried on its own: one approve, then the task read back.
    expect(tenant.requests.filter((r) => r.path.endsWith('/action/approve'))).toHaveLength(1);
  });

  it('forged values, hostile ids and an over-long reason are refused without a tenant call', async () => {
    rig = await startReviews();
    const { h, tenant } = rig;
    await link(h, ALICE, SEED_IDS.users.alice);
    const modal = await openReviewModal(h, ALICE, 'AR_Q4', SEED_IDS.apps.github);
    const before = tenant.requests.length;
    for (const value of ['{"t":"../../x","s":"PS"}', 'not json', JSON.stringify({ t: 'TK_Q4_01' })])
      await clickIn(h, ALICE, modal, AccessReviewId.certify, value);
    // (The runner refuses them before any I/O; in a modal there is no channel to say it in.)
    await waitFor(
      () =>
        h.logs.filter((l) => l.includes('click with an invalid value refused')).length >= 3
          ? true
          : undefined,
      5_000,
      'refusals',
    );
    expect(tenant.requests.length).toBe(before);
    await clickIn(
      h,
      ALICE,
      modal,
      AccessReviewId.revoke,
      taskButton(modal, 'Dave Doe', AccessReviewId.revoke),
    );
    const revoke = await h.form('reviews.form.revoke');
    const long = await revoke.submit({ 'Why is this access revoked?': 'x'.repeat(2_001) });
    expect(long.errors).toBeDefined();
    const empty = await revoke.submit({ 'Why is this access revoked?': '' });
    expect(empty.errors).toBeDefined();
    expect(tenant.tasks.get('TK_Q4_01')?.state).toBe('TASK_STATE_OPEN');
  });

  it('guests and people of other organisations are refused in words', async () => {
    rig = await startReviews();
    const { h, tenant } = rig;
    await h.command('link', GUEST);
    await saidTo(h, GUEST.userId, /Guests may not decide access reviews/);
    await h.click(
      AccessReviewId.open,
      JSON.stringify({ c: 'AR_Q4', a: SEED_IDS.apps.github }),
      '1.1',
      PARTNER,
    );
    const told = (t: string) => /other organisations/.test(t);
    await waitFor(
      () =>
        h.slack.ephemerals.some((e) => e.user === PARTNER.userId && told(e.text)) ||
        [...h.slack.views.values()].some((v) => told(JSON.stringify(v.view))) ||
        undefined,
      5_000,
      'the partner told',
    );
    expect(tenant.deviceFlow.all()).toHaveLength(0);
    void BOB;
  });
});
