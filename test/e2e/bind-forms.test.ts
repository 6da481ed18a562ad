import { SEED_IDS, type SlackActor, viewActionBody, viewSubmissionBody } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessReviewId } from '../../src/blockkit/access-review-ids.js';
import { bulkCallbackId, ReviewId, RollupId } from '../../src/blockkit/ids.js';
import { formNotValid, viewNotValid } from '../../src/blockkit/interaction-words.js';
import { parseConfigFile } from '../../src/config-file.js';
import { type Answer, fillByLabel } from '../helpers/form-fill.js';
import { ALICE, type Form, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';
import {
  clickIn,
  current,
  link,
  modalText,
  openReviewModal,
  type ReviewsRig,
  startReviews,
  taskButton,
} from '../helpers/reviews.js';
import { unsealedMetadata } from '../helpers/view-seal.js';

/**
 * A form acts only on what its own view carries (issue 36, item 16). Each form below is opened
 * the honest way, then submitted — signed, to the running app on loopback — with its metadata
 * changed to name another request, roll-up or finding, as a forger holding the signing secret
 * (or a bug) would send it: refused in the ack with a sentence, nothing done. The same form as
 * Warden wrote it still goes through. A form opened before the seal existed carries the metadata
 * with no seal: refused the same way, with the sentence to open it again.
 */

const start = harnessPerTest();
const CAROL: SlackActor = { ...ALICE, userId: 'U0CAROL', userName: 'carol' };
const FOUR_EYES = 'permissions:\n  acceptRisk: { approvers: S0SECLEADS }\n';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Submits the form as Slack would, but with its metadata (as Warden wrote it, seal taken off)
 * changed and sent without a seal; answers the ack's body.
 */
async function submitRepointed(
  h: Harness,
  form: Form,
  answers: Record<string, Answer>,
  change: (meta: Record<string, unknown>) => Record<string, unknown>,
  actor: SlackActor = ALICE,
): Promise<string | undefined> {
  const meta = JSON.parse(unsealedMetadata(form.view.view.private_metadata)) as Record<string, unknown>;
  const sent = await h.send(
    viewSubmissionBody(actor, {
      viewId: form.view.id,
      callbackId: String(form.view.view.callback_id),
      privateMetadata: JSON.stringify(change(meta)),
      values: fillByLabel(form.view.view, answers),
      triggerId: h.slack.issueTriggerId(),
    }),
  );
  return sent.body;
}

const refusedInAck = (body: string | undefined) => {
  expect(body).toContain(JSON.stringify(formNotValid()).slice(1, -1));
};

async function nothingChanged(h: Harness) {
  await settle(300);
  expect(h.stateChanges()).toEqual([]);
}

describe('Approve… / Deny… forms (four-eyes)', () => {
  async function twoRequests(h: Harness) {
    const request = async (findingId: string) => {
      const ts = await h.postAlert(findingId);
      const form = await h.openForm('finding.acceptRisk', findingId, ts);
      await form.submit({ Justification: 'Break-glass secret, monitored.', 'Accept for': '90 days' });
      const msg = await waitFor(() => h.slack.thread('C0SECOPS', ts)[0], 5_000, 'the request');
      const id = JSON.stringify(msg.blocks).match(/"value":"(apr_[a-z0-9]+)"/)?.[1] ?? '';
      return { id, ts };
    };
    return { a1: await request('FND_UNUSED_SECRET'), a2: await request('FND_SA_UNOWNED') };
  }

  it.each([
    ['approval.approve', { 'Accept until': inDays(30), Confirmation: true }],
    ['approval.deny', { 'Why not': 'Rotate it instead.' }],
  ] as const)('%s naming another request than its own is refused; its own goes through', async (id, fill) => {
    const h = await start({ file: parseConfigFile(FOUR_EYES, 'four-eyes.yaml') });
    const { a1, a2 } = await twoRequests(h);
    const forged = await h.openForm(id, a1.id, a1.ts, CAROL);
    refusedInAck(await submitRepointed(h, forged, fill, (m) => ({ ...m, approvalId: a2.id }), CAROL));
    await nothingChanged(h);
    expect((await h.warden.store.getApproval(a2.id))?.status).toBe('pending');
    expect((await h.warden.store.getApproval(a1.id))?.status).toBe('pending');
    // Its own form, as Warden wrote it.
    const own = await h.openForm(id, a1.id, a1.ts, CAROL);
    expect((await own.submit(fill, CAROL)).body ?? '').not.toContain('could not be read');
    await waitFor(
      async () => (await h.warden.store.getApproval(a1.id))?.status !== 'pending',
      5_000,
      'its own request decided',
    );
    expect((await h.warden.store.getApproval(a2.id))?.status).toBe('pending');
  });
});

/** Two roll-ups: one on C0SECOPS's summary with its finding, another elsewhere with another. */
async function twoRollups(h: Harness) {
  const group = async (channel: string, findingId: string) => {
    const f = h.tenant.findings.get(findingId, Date.now()) ?? {};
    const { groupId } = await h.warden.store.addToRollup(channel, findingId, f, Date.now(), 60_000);
    const ts = h.slack.seedMessage(channel, 'summary');
    await h.warden.store.markPublished(groupId, ts, 1, Date.now());
    return { groupId, ts };
  };
  return { g1: await group('C0SECOPS', 'FND_SA_UNOWNED'), g2: await group('C0OTHER', 'FND_DECOY_USED') };
}

describe('the bulk forms (Snooze all… on a roll-up)', () => {
  it('naming another roll-up than its own is refused; its own goes through', async () => {
    const h = await start();
    const { g1, g2 } = await twoRollups(h);
    const snoozeAll = async () => {
      await h.click(RollupId.snoozeAll, g1.groupId, g1.ts);
      return h.form(bulkCallbackId('snooze'));
    };
    const forged = await snoozeAll();
    refusedInAck(
      await submitRepointed(h, forged, { Reason: 'scanner noise' }, (m) => ({ ...m, groupId: g2.groupId })),
    );
    await nothingChanged(h);
    const own = await snoozeAll();
    await own.submit({ Reason: 'scanner noise' });
    await waitFor(() => h.stateChanges().length > 0, 5_000, 'its own roll-up snoozed');
    expect(JSON.stringify(h.stateChanges())).not.toContain('FND_DECOY_USED');
  });
});

describe("Review's forms (a finding's action form)", () => {
  it('naming another finding than its own is refused; its own goes through', async () => {
    const h = await start();
    const ts = await h.postAlert('FND_SA_UNOWNED');
    await h.postAlert('FND_DECOY_USED');
    const forged = await h.openForm('finding.snooze', 'FND_SA_UNOWNED', ts);
    const answers = { 'Snooze for': '7 days', Reason: 'waiting on vendor' };
    refusedInAck(await submitRepointed(h, forged, answers, (m) => ({ ...m, findingId: 'FND_DECOY_USED' })));
    await nothingChanged(h);
    const own = await h.openForm('finding.snooze', 'FND_SA_UNOWNED', ts);
    await own.submit({ 'Snooze for': '7 days', Reason: 'waiting on vendor' });
    await waitFor(() => h.stateChanges().length === 1, 5_000, 'its own finding snoozed');
  });

  it('a form opened before the upgrade (metadata as Warden wrote it, no seal) is refused: open it again', async () => {
    const h = await start();
    const ts = await h.postAlert('FND_SA_UNOWNED');
    const old = await h.openForm('finding.snooze', 'FND_SA_UNOWNED', ts);
    const answers = { 'Snooze for': '7 days', Reason: 'waiting on vendor' };
    const body = await submitRepointed(h, old, answers, (m) => m);
    refusedInAck(body);
    expect(body).toContain('open it again');
    await nothingChanged(h);
    expect(h.logs.join('')).toMatch(/form refused: its metadata is not what Warden wrote/);
  });
});

describe('a click inside Review (its ⋯ menu)', () => {
  it("with the modal's metadata naming another roll-up is refused in words; nothing is done", async () => {
    const h = await start();
    const { g1, g2 } = await twoRollups(h);
    await h.click(RollupId.review, g1.groupId, g1.ts);
    const review = await h.form(ReviewId.callback);
    await h.send(
      viewActionBody(ALICE, {
        view: {
          ...review.view.view,
          id: review.view.id,
          private_metadata: JSON.stringify({ groupId: g2.groupId, page: 0 }),
        },
        action: {
          action_id: ReviewId.finding,
          type: 'overflow',
          selected_option: { value: 'reopen FND_DECOY_USED' },
        },
        triggerId: h.slack.issueTriggerId(),
      }),
    );
    // Told in the modal itself.
    await waitFor(
      () => JSON.stringify(h.slack.views.get(review.view.id)?.view).includes(viewNotValid().slice(10, 60)),
      5_000,
      'the refusal in the modal',
    );
    await nothingChanged(h);
    const audit = await h.warden.store.auditLog({ limit: 5 });
    expect(audit.map((e) => [e.action, e.outcome])).toContainEqual(['interaction.notHere', 'refused']);
  });
});

describe('the access-review forms', () => {
  let rig: ReviewsRig | undefined;
  afterEach(async () => {
    await rig?.close();
    rig = undefined;
  });

  it('Revoke… naming another task than its own is refused; its own goes through', async () => {
    rig = await startReviews({ harness: { lane: 'loopback' } });
    const { h, tenant } = rig;
    expect(await link(h, ALICE, SEED_IDS.users.alice)).toMatch(/Linked/);
    const opened = await openReviewModal(h, ALICE, 'AR_Q4', SEED_IDS.apps.github);
    // The modal as it is once its tasks are listed (it may first be shown loading).
    const modal = await waitFor(
      () => {
        const v = current(h, opened.id);
        return v && modalText(v).includes('Bob Brown') ? v : undefined;
      },
      5_000,
      'the tasks listed',
    );
    const revoke = taskButton(modal, 'Bob Brown', AccessReviewId.revoke);
    await clickIn(h, ALICE, modal, AccessReviewId.revoke, revoke);
    const form = await h.form('reviews.form.revoke');
    const answers = { 'Why is this access revoked?': 'left the platform team' };
    const other = JSON.parse(taskButton(modal, 'Dave Doe', AccessReviewId.revoke)) as Record<string, unknown>;
    refusedInAck(await submitRepointed(h, form, answers, (m) => ({ ...m, t: other.t, s: other.s })));
    await settle(300);
    expect(tenant.tasks.get('TK_Q4_01')?.state).not.toBe('TASK_STATE_CLOSED');
    expect(tenant.tasks.get('TK_Q4_02')?.state).not.toBe('TASK_STATE_CLOSED');
    await clickIn(h, ALICE, modal, AccessReviewId.revoke, revoke);
    await (await h.form('reviews.form.revoke')).submit(answers);
    await waitFor(
      () => tenant.tasks.get('TK_Q4_02')?.state === 'TASK_STATE_CLOSED',
      5_000,
      'its own revoked',
    );
    expect(tenant.tasks.get('TK_Q4_01')?.state).not.toBe('TASK_STATE_CLOSED');
  });
});
