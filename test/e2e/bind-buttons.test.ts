import { containFindings, type SlackActor } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { AttestId, ContainId, LifecycleId, RollupId } from '../../src/blockkit/ids.js';
import { notValid } from '../../src/blockkit/interaction-words.js';
import { ATTEST_CONFIG, alert, auditOf, BOB, inDm, json, question, seedAttest } from '../helpers/attest.js';
import { clockedHarnessPerTest, dmsTo, jobIdOf, moveClockTo, snoozeFromCard } from '../helpers/clocked.js';
import { ALICE, type Harness, settle, waitFor } from '../helpers/harness.js';

/**
 * A click acts only on what its own message carries (issue 36, item 16): a button whose value
 * names another containment, attestation or finding than the message it is on — sent signed to
 * the running app on loopback, as a forger holding the signing secret (or a bug) would — is
 * refused in words, audited, and nothing is done; the same button with its own message's value
 * goes through. Also Let it end: lifecycle-edges.test.ts; roll-up summaries, four-eyes requests
 * and Review's ⋯: route-guard.test.ts.
 */

const start = clockedHarnessPerTest('loopback');
const CAROL: SlackActor = { ...ALICE, userId: 'U0CAROL', userName: 'carol' };

/** The next thing `user` is told privately after `from` (an ephemeral, or on the response_url). */
const toldAfter = (h: Harness, from: number, user: string) =>
  waitFor(
    () => h.slack.ephemerals.slice(from).find((e) => e.user === user || e.via === 'response_url'),
    5_000,
    `what ${user} is told`,
  );

async function refusedAsNotHere(h: Harness) {
  await waitFor(
    async () =>
      (await h.warden.store.auditLog({ limit: 10 })).some(
        (e) => e.action === 'interaction.notHere' && e.outcome === 'refused',
      ),
    5_000,
    'the refusal in the audit log',
  );
}

describe("a containment's Approve / Deny", () => {
  const CONFIG = `permissions:
  contain: { approvers: S0SECLEADS }
contain:
  credentialPubliclyExposed: { actions: [revoke, offboard], stepUp: false }
`;
  const revokes = (h: Harness) => h.tenant.requests.filter((r) => r.path === '/api/v1/task/revoke');

  it.each([ContainId.approve, ContainId.deny])(
    '%s on one request naming another containment is refused; its own goes through',
    async (actionId) => {
      const h = await start(CONFIG);
      for (const f of containFindings()) h.tenant.findings.put(f);
      const ts = await h.postAlert('FND_CTN_SERVICE');
      await h.click(ContainId.open, 'FND_CTN_SERVICE', ts);
      const form = await h.form(ContainId.form);
      await form.submit({
        'What to take away': 'Revoke Organization admin from deploy-bot',
        Why: 'Token leaked',
      });
      const request = await waitFor(
        () => h.slack.thread('C0SECOPS', ts).find((m) => /asks to revoke/.test(m.text)),
        5_000,
        'the request',
      );
      const own = String(JSON.stringify(request.blocks).match(/ctn_[a-z0-9]+/)?.[0]);
      // Another containment waiting for an approver, whose own request message is elsewhere.
      const first = await h.warden.store.getContain(own);
      if (!first) throw new Error('no containment');
      const other = 'ctn_otherrequest01';
      await h.warden.store.createContain({ ...first, id: other, status: 'pending' }, Date.now());
      const otherTs = h.slack.seedMessage('C0SECOPS', 'another request');
      await h.warden.store.updateContain(other, { requestTs: otherTs }, Date.now());
      const from = h.slack.ephemerals.length;
      await h.click(actionId, other, request.ts, CAROL);
      expect((await toldAfter(h, from, 'U0CAROL')).text).toBe(notValid());
      await refusedAsNotHere(h);
      await settle(300);
      expect(revokes(h)).toHaveLength(0);
      expect((await h.warden.store.getContain(other))?.status).toBe('pending');
      // Its own value on its own request: decided.
      await h.click(actionId, own, request.ts, CAROL);
      await waitFor(
        async () => (await h.warden.store.getContain(own))?.status !== 'pending',
        5_000,
        'its own decided',
      );
      expect((await h.warden.store.getContain(other))?.status).toBe('pending');
    },
  );
});

describe("an attestation's answers", () => {
  it("an answer on one question naming another ask of the same person is refused; the question's own is recorded", async () => {
    const h = await start(ATTEST_CONFIG);
    seedAttest(h);
    await alert(h, 'FND_ATT_SIMILAR');
    await alert(h, 'FND_ATT_EXPOSED');
    const similar = await question(h, 'U0BOB', 'FND_ATT_SIMILAR');
    const exposed = await question(h, 'U0BOB', 'FND_ATT_EXPOSED');
    const value = (m: typeof similar) => json(m).match(/"value":"(ask_[a-z0-9]+) ([A-Za-z]+)"/);
    const [, otherAsk, otherAnswer] = value(exposed) ?? [];
    const [, ownAsk, ownAnswer] = value(similar) ?? [];
    const from = h.slack.ephemerals.length;
    await h.click(`attest.answer.${otherAnswer}`, `${otherAsk} ${otherAnswer}`, similar.ts, inDm(BOB));
    expect((await toldAfter(h, from, 'U0BOB')).text).toBe(notValid());
    await refusedAsNotHere(h);
    expect(await auditOf(h, 'FND_ATT_EXPOSED', 'attest.answer')).toHaveLength(0);
    expect((await h.warden.store.getAsk(String(otherAsk)))?.answer).toBeNull();
    // Add a note… naming the other ask: its modal says so, no note form is offered.
    await h.click(AttestId.note, String(otherAsk), similar.ts, inDm(BOB));
    await waitFor(
      () => [...h.slack.views.values()].some((v) => JSON.stringify(v.view).includes('not valid')),
      5_000,
      'the refusal in the modal',
    );
    expect([...h.slack.views.values()].some((v) => v.view.callback_id === AttestId.note)).toBe(false);
    await h.click(`attest.answer.${ownAnswer}`, `${ownAsk} ${ownAnswer}`, similar.ts, inDm(BOB));
    await waitFor(
      async () => (await h.warden.store.getAsk(String(ownAsk)))?.answer === ownAnswer,
      5_000,
      'its own answer recorded',
    );
    expect((await h.warden.store.getAsk(String(otherAsk)))?.answer).toBeNull();
  });
});

describe("a roll-up listing's Open card", () => {
  it('naming a finding of no roll-up of that channel is refused; a finding it lists is shown', async () => {
    const h = await start();
    const group = async (channel: string, findingId: string) => {
      const f = h.tenant.findings.get(findingId, Date.now()) ?? {};
      const { groupId } = await h.warden.store.addToRollup(channel, findingId, f, Date.now(), 60_000);
      await h.warden.store.markPublished(groupId, h.slack.seedMessage(channel, 'summary'), 1, Date.now());
    };
    await group('C0SECOPS', 'FND_SA_UNOWNED');
    await group('C0OTHER', 'FND_DECOY_USED');
    const listing = h.slack.seedMessage('C0SECOPS', 'Findings 1–1 of this roll-up');
    const from = h.slack.ephemerals.length;
    await h.click(RollupId.openCard, 'FND_DECOY_USED', listing);
    expect((await toldAfter(h, from, 'U0ALICE')).text).toBe(notValid());
    await refusedAsNotHere(h);
    await settle(300);
    expect(h.slack.messages.some((m) => m.channel === 'C0SECOPS' && json(m).includes('FND_DECOY_USED'))).toBe(
      false,
    );
    await h.click(RollupId.openCard, 'FND_SA_UNOWNED', listing);
    await waitFor(
      () => h.slack.messages.some((m) => m.channel === 'C0SECOPS' && json(m).includes('FND_SA_UNOWNED')),
      5_000,
      'its card',
    );
    expect(h.slack.ephemerals.slice(from).filter((e) => e.text === notValid())).toHaveLength(1);
  });
});

describe("a reminder's Extend… and Let it end", () => {
  it('on a message that does not carry its job (the alert card) are refused; on its reminder Extend… opens the form', async () => {
    const h = await start();
    const { ts, until } = await snoozeFromCard(h);
    await moveClockTo(h, until - 86_400_000 + 1_000);
    const dm = await waitFor(() => dmsTo(h, 'U0ALICE')[0], 5_000, 'the reminder');
    const jobId = jobIdOf(dm);
    const from = h.slack.ephemerals.length;
    await h.click(LifecycleId.letEnd, jobId, ts);
    expect((await toldAfter(h, from, 'U0ALICE')).text).toBe(notValid());
    // Extend… opens its modal first: the refusal is said there, and no form is offered.
    const opened = h.slack.views.size;
    await h.click(LifecycleId.extend, jobId, ts);
    await waitFor(
      () =>
        [...h.slack.views.values()].slice(opened).some((v) => JSON.stringify(v.view).includes('not valid')),
      5_000,
      'the refusal in the modal',
    );
    await refusedAsNotHere(h);
    await settle(300);
    expect(h.slack.thread('C0SECOPS', ts).some((m) => m.text.includes('lets the snooze end'))).toBe(false);
    expect([...h.slack.views.values()].some((v) => v.view.callback_id === 'finding.snooze')).toBe(false);
    await h.click(LifecycleId.extend, jobId, dm.ts, inDm(ALICE));
    await h.form('finding.snooze');
  });
});
