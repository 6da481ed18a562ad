import { SEED_IDS } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { OwnerActionId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, BOB, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';
import { auditEntry, buttonsOf, card, EMAIL, inDm, postsIn, tenantChanges } from '../helpers/owners.js';

/**
 * Issue 17, item 3: Notify owner sends the card to the owner's direct message. The copy is a
 * tracked card (replaced on every change, its buttons checked for whoever clicks), a second
 * Notify after the cooldown replies in its thread (notify-owner-cooldown.test.ts), and every owner Warden cannot reach is refused clearly, audited,
 * with no direct message.
 */

let h: Harness;
const startOne = harnessPerTest({ lane: 'inprocess' });
const start = async (yaml?: string) => {
  h = await startOne(yaml ? { file: parseConfigFile(yaml, 'test.yaml') } : {});
};

const BOBS = 'FND_CONNECTOR_ANOMALY_OFF';
const stateOf = (id: string) => h.tenant.findings.get(id)?.state;

/** Alice notifies Bob of his finding from its card in C0SECOPS; resolves to both cards' ts. */
async function notifyBob(): Promise<{ ts: string; dm: string }> {
  const ts = await h.postAlert(BOBS);
  await h.click(OwnerActionId.notify, BOBS, ts);
  const dm = await waitFor(() => postsIn(h, 'D0BOB')[0], 5_000, 'the DM copy');
  await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'the channel thread');
  return { ts, dm: dm.ts };
}

describe('Notify owner', () => {
  it('posts the card in the owner’s DM, tracked, and says who sent it in both threads', async () => {
    await start();
    const { ts, dm } = await notifyBob();
    const copy = card(h, dm);
    expect(copy?.text).toBe(card(h, ts)?.text);
    // the owner's copy has the finding's buttons, but not Notify owner (he is the owner)
    expect(buttonsOf(h, dm)).toEqual(expect.arrayContaining(['finding.snooze', 'finding.resolve']));
    expect(buttonsOf(h, dm)).not.toContain(OwnerActionId.notify);
    await waitFor(() => h.slack.thread('D0BOB', dm).length === 1, 5_000, 'the DM thread');
    expect(h.slack.thread('D0BOB', dm)[0]?.text).toBe(
      '<@U0ALICE> sent you this finding: you are its computed owner in the tenant.',
    );
    expect(h.slack.thread('C0SECOPS', ts)[0]?.text).toBe('<@U0ALICE> sent this to its owner, <@U0BOB>.');
    expect(h.slack.callsOf('conversations.open')[0]?.args.users).toBe('U0BOB');
    expect((await h.warden.store.messagesFor(BOBS)).map((m) => m.channel).sort()).toEqual([
      'C0SECOPS',
      'D0BOB',
    ]);
    expect(await auditEntry(h, BOBS, 'notifyOwner')).toMatchObject({
      user_id: 'U0ALICE',
      outcome: 'ok',
      params: expect.objectContaining({ owner: SEED_IDS.users.bob, slackUser: 'U0BOB' }),
    });
    expect(tenantChanges(h)).toHaveLength(0);
  });

  it('the owner acts from the DM copy: both cards are replaced, and the threads say who', async () => {
    await start();
    const { ts, dm } = await notifyBob();
    const form = await h.openForm('finding.snooze', BOBS, dm, inDm(BOB));
    await form.submit({ 'Snooze for': '7 days', Reason: 'fixing it this sprint' }, inDm(BOB));
    await waitFor(() => stateOf(BOBS) === 'FINDING_STATE_SNOOZED', 5_000, 'the snooze');
    await waitFor(() => h.slack.thread('D0BOB', dm).length === 2, 5_000, 'the DM thread reply');
    expect(h.slack.thread('D0BOB', dm)[1]?.text).toMatch(/^<@U0BOB> snoozed this until/);
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 2, 5_000, 'the channel thread reply');
    for (const each of [ts, dm]) {
      expect(buttonsOf(h, each)).toContain('finding.reopen');
      expect(buttonsOf(h, each)).not.toContain('finding.snooze');
    }
  });

  it('permissions apply to the owner in his DM; a change made in the channel replaces his copy too', async () => {
    await start('permissions:\n  snooze: { users: [U0ALICE] }\n');
    const { ts, dm } = await notifyBob();
    await h.click('finding.snooze', BOBS, dm, inDm(BOB));
    const refused = await waitFor(() => h.slack.callsOf('views.update')[0], 5_000, 'the refusal');
    expect(JSON.stringify(refused.args.view)).toMatch(/`snooze` permission/);
    expect(stateOf(BOBS)).toBe('FINDING_STATE_OPEN');
    expect(await auditEntry(h, BOBS, 'snooze')).toMatchObject({ user_id: 'U0BOB', outcome: 'denied' });
    // Alice may: from the channel card, and Bob's copy follows
    const form = await h.openForm('finding.snooze', BOBS, ts);
    await form.submit({ 'Snooze for': '7 days', Reason: 'waiting on Okta' });
    await waitFor(
      () => /^<@U0ALICE> snoozed this/.test(h.slack.thread('D0BOB', dm).at(-1)?.text ?? ''),
      5_000,
      'the DM copy’s thread told',
    );
    expect(buttonsOf(h, dm)).toContain('finding.reopen');
    expect(tenantChanges(h)).toHaveLength(1);
  });

  it('has its own permission key', async () => {
    await start('permissions:\n  notifyOwner: { users: [U0CAROL] }\n');
    const ts = await h.postAlert(BOBS);
    await h.click(OwnerActionId.notify, BOBS, ts);
    expect((await h.nextEphemeral('U0ALICE')).text).toMatch(
      /send findings to their owners.*`notifyOwner`|`notifyOwner`.*send findings to their owners/,
    );
    expect(await auditEntry(h, BOBS, 'notifyOwner')).toMatchObject({ outcome: 'denied' });
    await settle(200);
    expect(postsIn(h, 'D0BOB')).toHaveLength(0);
    expect(h.slack.callsOf('conversations.open')).toHaveLength(0);
  });
});

describe('Notify owner refuses, clearly, with no DM', () => {
  const cases: [string, string, (() => void) | undefined, RegExp, string][] = [
    [
      'no owner who is a person',
      'FND_SA_UNOWNED',
      undefined,
      /has no owner who is a person.*Assign owner/,
      'no-owner',
    ],
    [
      'an owner without email',
      'FND_CRED_EXPIRING',
      undefined,
      new RegExp(String.raw`Build Service \(\`${SEED_IDS.users.noEmail}\`\), has no email in the tenant`),
      'not-mapped:no-email',
    ],
    [
      'an owner not in Slack',
      'FND_CUSTOM',
      undefined,
      new RegExp(String.raw`Sam Stranger \(\`${SEED_IDS.users.stranger}\`\), has no Slack account`),
      'not-mapped:not-in-slack',
    ],
    [
      'an owner deactivated in Slack',
      'FND_RISK_ACCEPTED',
      undefined,
      new RegExp(
        String.raw`Frank Former \(\`${SEED_IDS.users.frank}\`\), has no Slack account .*deactivated`,
      ),
      'not-mapped:not-in-slack',
    ],
    [
      'an owner whose email Slack hides',
      'FND_SYNC_FAILING',
      undefined,
      new RegExp(String.raw`Hanna Hidden \(\`${SEED_IDS.users.hanna}\`\), .*email is hidden`),
      'not-mapped:not-in-slack',
    ],
    [
      'a guest owner',
      'FND_DECOY_EXPOSED',
      undefined,
      new RegExp(
        String.raw`<@U0GUEST> \(Gus Guest \(\`${SEED_IDS.users.gus}\`\)\) is a guest .* does not send findings to guests`,
      ),
      'guest',
    ],
    [
      'an owner deleted since the card was posted',
      BOBS,
      () => h.slack.deleteUser('U0BOB'),
      /<@U0BOB> .* is deactivated in Slack/,
      'deactivated',
    ],
    [
      'an owner who turned out to be a bot',
      BOBS,
      () => {
        const bob = h.slack.users.get('U0BOB');
        if (bob) bob.is_bot = true;
      },
      /<@U0BOB> .* is a bot/,
      'bot',
    ],
    [
      'Slack: cannot_dm_bot',
      BOBS,
      () => h.slack.fail({ method: 'conversations.open', error: 'cannot_dm_bot' }),
      /<@U0BOB> .* is a bot: Warden cannot send it a direct message/,
      'cannot_dm_bot',
    ],
    [
      'Slack: user_disabled',
      BOBS,
      () => h.slack.fail({ method: 'conversations.open', error: 'user_disabled' }),
      /<@U0BOB> .* is deactivated in Slack/,
      'user_disabled',
    ],
  ];

  it.each(cases)('%s', async (_name, findingId, arrange, says, code) => {
    await start();
    const ts = await h.postAlert(findingId);
    arrange?.();
    await h.click(OwnerActionId.notify, findingId, ts);
    const told = await h.nextEphemeral('U0ALICE');
    expect(told.text).toMatch(/^:no_entry_sign: Nobody was notified\. /);
    expect(told.text).toMatch(says);
    expect(told.text).not.toMatch(EMAIL);
    expect(await auditEntry(h, findingId, 'notifyOwner')).toMatchObject({
      user_id: 'U0ALICE',
      outcome: 'refused',
      error: code,
    });
    await settle(200);
    expect(h.slack.messages.filter((m) => m.channel.startsWith('D'))).toHaveLength(0);
    expect(h.slack.thread('C0SECOPS', ts)).toHaveLength(0);
    expect((await h.warden.store.messagesFor(findingId)).map((m) => m.channel)).toEqual(['C0SECOPS']);
    expect(tenantChanges(h)).toHaveLength(0);
  });

  it('a card whose owner is a guest does not offer Notify owner (a click is refused all the same)', async () => {
    await start();
    const ts = await h.postAlert('FND_DECOY_EXPOSED');
    const card = h.slack.messages.find((m) => m.ts === ts);
    expect(JSON.stringify(card?.blocks)).toContain('<@U0GUEST> (assigned)');
    expect(JSON.stringify(card?.blocks)).not.toContain(OwnerActionId.notify);
  });

  it('a DM Slack refuses to take: the person is told, it is audited as failed, the channel thread is quiet', async () => {
    await start();
    const ts = await h.postAlert(BOBS);
    h.slack.fail({ method: 'chat.postMessage', error: 'restricted_action' });
    await h.click(OwnerActionId.notify, BOBS, ts, ALICE);
    const told = await h.nextEphemeral('U0ALICE');
    expect(told.text).toMatch(/send the finding to its owner/);
    expect(await auditEntry(h, BOBS, 'notifyOwner')).toMatchObject({ outcome: 'failed' });
    await settle(200);
    expect(h.slack.thread('C0SECOPS', ts)).toHaveLength(0);
    expect(postsIn(h, 'D0BOB')).toHaveLength(0);
  });
});
