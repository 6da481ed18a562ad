import { describe, expect, it } from 'vitest';
import {
  ATTEST_CONFIG,
  alert as alertIn,
  askValue,
  auditOf,
  BOB,
  cardOf,
  DAVE,
  inDm,
  json,
  question as questionTo,
  seedAttest,
} from '../helpers/attest.js';
import { clockedHarnessPerTest, dmsTo } from '../helpers/clocked.js';
import { ALICE, type Harness, type LaneName, settle, waitFor } from '../helpers/harness.js';

/**
 * Issue 28, item 1: "Was this you?" For each finding type configured in `attest`, the person the
 * finding is about is asked in a DM (or, unreachable, in the channel); only they may answer; the
 * answer is on the card, in the thread, in Warden's audit log and on the remediation task where
 * there is one; *No, not me* on a decoy or an exposed credential escalates at once; *Not needed*
 * offers Resolve; Home lists what waits. Silence and restarts: attest-silence.test.ts.
 */
const startClocked = clockedHarnessPerTest('inprocess');
let h: Harness;
async function start(lane?: LaneName): Promise<Harness> {
  h = await startClocked(ATTEST_CONFIG, lane ? { lane } : {});
  seedAttest(h);
  return h;
}
const alert = (findingId: string) => alertIn(h, findingId);
const question = (user: string, findingId: string) => questionTo(h, user, findingId);
const audit = (findingId: string, action: string) => auditOf(h, findingId, action);

describe('attestation: the question', () => {
  // Over 3 s at times: three alerts delivered, each asking its person.
  it('goes to the person each configured type names, with that type’s answers, and the card says who was asked', async () => {
    await start();
    const decoyCard = await alert('FND_ATT_DECOY');
    await alert('FND_ATT_SIMILAR');
    await alert('FND_ATT_EXPOSED');
    await alert('FND_ATT_UNUSED');
    const decoy = await question('U0ALICE', 'FND_ATT_DECOY');
    expect(decoy.text).toMatch(/decoy credential was just used.*Was this you/);
    expect(json(decoy)).toContain('attest.answer.yes');
    expect(json(decoy)).toContain('attest.answer.no');
    const similar = await question('U0BOB', 'FND_ATT_SIMILAR');
    expect(similar.text).toMatch(/looks like yours/);
    expect(json(similar)).toContain('you are the person this account looks like');
    // The account by its name in the tenant, not its opaque id.
    expect(json(similar)).toContain('Similar username match · bbrown-gh');
    expect(json(await question('U0DAVE', 'FND_ATT_UNUSED'))).toContain('Unused secret · billing-app');
    expect(await question('U0BOB', 'FND_ATT_EXPOSED')).toBeTruthy();
    const unused = await question('U0DAVE', 'FND_ATT_UNUSED');
    expect(json(unused)).toContain('attest.answer.notNeeded');
    expect(json(unused)).toContain('you are its proposed owner');
    await waitFor(
      () => json(h.slack.messages.find((m) => m.ts === decoyCard.ts)).includes('Asked <@U0ALICE>'),
      5_000,
      'the card naming whom it asked',
    );
    expect(h.slack.thread('C0SECOPS', decoyCard.ts).some((m) => m.text.includes('asked <@U0ALICE>'))).toBe(
      true,
    );
    // one ask a finding, however often it is alerted
    await alert('FND_ATT_DECOY');
    await settle(400);
    expect(dmsTo(h, 'U0ALICE').filter((m) => json(m).includes('FND_ATT_DECOY'))).toHaveLength(1);
  });

  it('someone who cannot be reached is named on the card, and the question goes to the channel', async () => {
    await start();
    const card = await alert('FND_ATT_STRANGER');
    const asked = await waitFor(
      () => h.slack.thread('C0SECOPS', card.ts).find((m) => json(m).includes('attest.answer.no')),
      10_000,
      'the question in the thread',
    );
    expect(json(asked)).toContain('could not ask the person directly');
    await waitFor(
      () =>
        json(h.slack.messages.find((m) => m.ts === card.ts)).includes('Could not ask the person directly'),
      5_000,
      'the card reporting it',
    );
    expect((await audit('FND_ATT_STRANGER', 'attest.ask'))[0]).toMatchObject({ outcome: 'refused' });
  });
});

describe('attestation: the answer', () => {
  it('only the asked person may answer: anyone else is refused and nothing is recorded', async () => {
    await start();
    await alert('FND_ATT_DECOY');
    const q = await question('U0ALICE', 'FND_ATT_DECOY');
    await h.click('attest.answer.yes', askValue(q, 'yes'), q.ts, inDm(BOB));
    expect((await h.nextEphemeral('U0BOB')).text).toMatch(/Only the person asked can answer/);
    await settle(200);
    expect(await audit('FND_ATT_DECOY', 'attest.answer')).toHaveLength(0);
    const [ask] = await h.warden.store.openAsksOf('U0ALICE', 10);
    expect(ask?.answer).toBeNull();
    // a forged answer (the button of one answer carrying another) is not valid
    await h.click('attest.answer.yes', askValue(q, 'no'), q.ts, inDm(ALICE));
    expect((await h.nextEphemeral('U0ALICE')).text).toMatch(/not valid/);
    expect(await audit('FND_ATT_DECOY', 'attest.answer')).toHaveLength(0);
  });

  it('is shown on the card, in the thread, in the audit log and as a comment on the remediation task', async () => {
    await start();
    const card = await alert('FND_ATT_EXPOSED');
    const q = await question('U0BOB', 'FND_ATT_EXPOSED');
    const [yes, no] = [askValue(q, 'yes'), askValue(q, 'no')];
    await h.click('attest.answer.yes', yes, q.ts, inDm(BOB));
    await waitFor(
      () =>
        h.slack
          .thread('C0CRITICAL', card.ts)
          .some((m) => m.text.includes('Asked <@U0BOB>: *Yes, this was me*')),
      5_000,
      'the thread line',
    );
    await waitFor(
      () => /Asked <@U0BOB>: \*Yes, this was me\*/.test(json(h.slack.messages.find((m) => m.ts === card.ts))),
      5_000,
      'the card line',
    );
    expect((await audit('FND_ATT_EXPOSED', 'attest.answer'))[0]).toMatchObject({
      user_id: 'U0BOB',
      outcome: 'ok',
      params: expect.objectContaining({ answer: 'yes' }),
    });
    // The comment is its own request to the tenant: a card refresh from elsewhere (a tick) may
    // show the answer first.
    const comment = await waitFor(
      () => h.tenant.findings.taskComments.get('TSK_ATT_1')?.[0],
      5_000,
      'the comment',
    );
    expect(comment).toMatch(/Warden attestation: Asked @U0BOB: Yes, this was me/);
    // the question shows the answer in place of its buttons (its own update, which may land last)
    const answered = await waitFor(
      () => h.slack.messages.find((m) => m.ts === q.ts && json(m).includes('answered *Yes, this was me*')),
      5_000,
      'the question answered',
    );
    expect(json(answered)).not.toContain('attest.answer.no');
    // a second click (another device still showing the buttons) is told it was answered
    await h.click('attest.answer.no', no, q.ts, inDm(BOB));
    await waitFor(
      () => h.slack.ephemerals.some((e) => e.user === 'U0BOB' && /answered already/.test(e.text)),
      5_000,
      'told it was answered',
    );
    expect(await audit('FND_ATT_EXPOSED', 'attest.answer')).toHaveLength(1);
  });

  it('answered before Warden has heard where its question went: the question shows the answer all the same', async () => {
    await start();
    // Slack posts the question at once, its answer to Warden comes late; the person answers meanwhile.
    h.slack.fail({ method: 'chat.postMessage', channel: 'D0BOB', lateAnswerMs: 1_500 });
    await alert('FND_ATT_EXPOSED');
    const q = await question('U0BOB', 'FND_ATT_EXPOSED');
    expect(h.slack.callsOf('chat.postMessage').some((c) => c.args.channel === 'D0BOB')).toBe(true);
    await h.click('attest.answer.yes', askValue(q, 'yes'), q.ts, inDm(BOB));
    const answered = await waitFor(
      () => h.slack.messages.find((m) => m.ts === q.ts && json(m).includes('answered *Yes, this was me*')),
      5_000,
      'the question answered',
    );
    expect(json(answered)).not.toContain('attest.answer.no');
  });

  it('Add a note…: only the asked person may add one; it goes to the thread, the audit log and the task', async () => {
    await start();
    const card = await alert('FND_ATT_EXPOSED');
    const q = await question('U0BOB', 'FND_ATT_EXPOSED');
    const askId = askValue(q, 'yes').split(' ')[0] ?? '';
    await h.click('attest.note', askId, q.ts, inDm(ALICE));
    await waitFor(
      () =>
        h.slack.ephemerals.some((e) => e.user === 'U0ALICE' && /Only the person asked/.test(e.text)) ||
        [...h.slack.views.values()].some((v) => JSON.stringify(v.view).includes('Only the person asked')),
      5_000,
      'alice refused',
    );
    const form = await h.openForm('attest.note', askId, q.ts, inDm(BOB));
    expect((await form.submit({ Note: '' }, inDm(BOB))).errors).toBeTruthy();
    await form.submit({ Note: 'I pasted it by mistake; rotating it now' }, inDm(BOB));
    await waitFor(
      () => h.slack.thread('C0CRITICAL', card.ts).some((m) => m.text.includes('rotating it now')),
      5_000,
      'the note in the thread',
    );
    expect((await audit('FND_ATT_EXPOSED', 'attest.note'))[0]).toMatchObject({ user_id: 'U0BOB' });
    // the task's comment is written after the thread line: wait for it, not for the thread
    await waitFor(
      () => h.tenant.findings.taskComments.get('TSK_ATT_1')?.join('\n').includes('rotating it now'),
      5_000,
      'the note on the task',
    );
  });

  it('*No, not me* on a decoy escalates at once: a fresh card where critical findings go, the approvers named, the card marked', async () => {
    await start();
    const card = await alert('FND_ATT_DECOY');
    const q = await question('U0ALICE', 'FND_ATT_DECOY');
    await h.click('attest.answer.no', askValue(q, 'no'), q.ts, inDm(ALICE));
    const fresh = await waitFor(
      () => cardOf(h.slack, 'C0CRITICAL', 'FND_ATT_DECOY'),
      5_000,
      'the fresh card',
    );
    const raised = await waitFor(
      () => h.slack.thread('C0CRITICAL', fresh.ts).find((m) => json(m).includes('Escalated')),
      5_000,
      'the escalation',
    );
    expect(json(raised)).toContain('<!subteam^S0SECLEADS>');
    expect(json(raised)).toContain('says it was *not them*');
    await waitFor(
      () => json(h.slack.messages.find((m) => m.ts === card.ts)).includes('*Escalated*'),
      5_000,
      'the card marked',
    );
    expect(await audit('FND_ATT_DECOY', 'attest.escalate')).toHaveLength(1);
  });

  it('*Not needed* offers the channel Resolve with the reason filled in; nothing changes until someone clicks it', async () => {
    await start();
    const card = await alert('FND_ATT_UNUSED');
    const q = await question('U0DAVE', 'FND_ATT_UNUSED');
    await h.click('attest.answer.notNeeded', askValue(q, 'notNeeded'), q.ts, inDm(DAVE));
    const next = await waitFor(
      () => h.slack.thread('C0SECOPS', card.ts).find((m) => json(m).includes('attest.resolve')),
      5_000,
      'Resolve offered',
    );
    expect(h.stateChanges()).toHaveLength(0);
    const askId = json(next).match(/"value":"(ask_[a-z0-9]+)"/)?.[1] ?? '';
    await h.click('attest.resolve', askId, next.ts, ALICE);
    await waitFor(
      () => h.tenant.findings.get('FND_ATT_UNUSED')?.state === 'FINDING_STATE_RESOLVED',
      5_000,
      'resolved',
    );
    expect(JSON.stringify(h.stateChanges()[0])).toMatch(/Not needed, the person asked in Slack answered/);
  });
});

describe('attestation on Home', () => {
  it('*Waiting for you* lists the person’s open questions, with their answers; an answered one leaves it', async () => {
    // Over HTTP: the local Slack delivers app_home_opened to Warden's Request URL.
    await start('loopback');
    await alert('FND_ATT_DECOY');
    const q = await question('U0ALICE', 'FND_ATT_DECOY');
    const home = async () => {
      const before = h.slack.callsOf('views.publish').filter((c) => c.args.user_id === 'U0ALICE').length;
      expect((await h.slack.openHome('U0ALICE', { url: h.url })).delivered).toBe(true);
      return waitFor(
        () => h.slack.callsOf('views.publish').filter((c) => c.args.user_id === 'U0ALICE')[before]?.args.view,
        5_000,
        'the Home tab',
      ).then((v) => JSON.stringify(v));
    };
    const open = await home();
    expect(open).toContain('Waiting for you');
    expect(open).toMatch(/<[^|>]+\|Decoy credential used · DCY_AWS_2>, asked/);
    expect(open).toContain('attest.answer.yes');
    // nobody else's Home shows it
    const bobs = JSON.stringify(
      await (async () => {
        await h.slack.openHome('U0BOB', { url: h.url });
        return waitFor(
          () => h.slack.callsOf('views.publish').find((c) => c.args.user_id === 'U0BOB')?.args.view,
          5_000,
          'bob’s Home',
        );
      })(),
    );
    expect(bobs).not.toContain('Decoy credential used');
    await h.click('attest.answer.yes', askValue(q, 'yes'), q.ts, inDm(ALICE));
    await waitFor(
      async () => (await audit('FND_ATT_DECOY', 'attest.answer')).length === 1,
      5_000,
      'the answer',
    );
    // The tab as it stays: a refresh begun before the answer was kept may be published just
    // after it (its publishes land in any order), so the newest one is what the person sees.
    expect((await h.slack.openHome('U0ALICE', { url: h.url })).delivered).toBe(true);
    const last = () =>
      JSON.stringify(
        h.slack
          .callsOf('views.publish')
          .filter((c) => c.args.user_id === 'U0ALICE')
          .at(-1)?.args.view,
      );
    await waitFor(() => !last().includes('Waiting for you'), 5_000, 'the answered question gone from Home');
  });
});
