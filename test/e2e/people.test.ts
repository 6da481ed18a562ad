import type { SlackActor } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';

/**
 * People and workspaces: who acts is the person's own team and permissions, never what the
 * channel, the payload or a chosen name says.
 */
let h: Harness;
const startOne = harnessPerTest({ lane: 'inprocess' });
const start = async (yaml?: string) => {
  h = await startOne(yaml ? { file: parseConfigFile(yaml, 'test.yaml') } : {});
};

/** Eve of a partner organisation, in our shared channel C0SECOPS. */
const EVE: SlackActor = { ...ALICE, userId: 'U0EXTERNAL', userName: 'eve', userTeamId: 'T0PARTNER' };
const GUEST: SlackActor = { ...ALICE, userId: 'U0GUEST', userName: 'guest' };
const DAVE: SlackActor = { ...ALICE, userId: 'U0DAVE', userName: 'dave' };
const BOB: SlackActor = { ...ALICE, userId: 'U0BOB', userName: 'bob' };

async function expectUnchanged(findingId: string, state: string) {
  await settle(300);
  expect(h.stateChanges()).toHaveLength(0);
  expect(h.tenant.findings.get(findingId, Date.now())?.state).toBe(state);
}

describe('shared channels and Enterprise Grid', () => {
  it('a person of another organisation cannot act through our team (payload user.team_id)', async () => {
    // Over HTTP: it asserts the click's HTTP answer too.
    h = await startOne({ lane: 'loopback' });
    const ts = await h.postAlert('FND_SNOOZED');
    expect((await h.click('finding.reopen', 'FND_SNOOZED', ts, EVE)).status).toBe(200);
    await expectUnchanged('FND_SNOOZED', 'FINDING_STATE_SNOOZED');
    expect(h.logs.join('')).toMatch(/"why":"a person of another organisation"/);
  });

  it('nor when the payload names our team for them: users.info tells their own team', async () => {
    await start();
    const ts = await h.postAlert('FND_SNOOZED');
    await h.click('finding.reopen', 'FND_SNOOZED', ts, { ...EVE, userTeamId: 'T0WARDEN' });
    await expectUnchanged('FND_SNOOZED', 'FINDING_STATE_SNOOZED');
    await h.command('reopen FND_SNOOZED', EVE); // a command carries no user.team_id
    await expectUnchanged('FND_SNOOZED', 'FINDING_STATE_SNOOZED');
    expect((await h.nextEphemeral('U0EXTERNAL')).text).toMatch(/people of its own workspace/);
  });

  it('refuses payloads of another Enterprise Grid organisation, and of an org-wide install', async () => {
    await start();
    const ts = await h.postAlert('FND_SNOOZED');
    await h.click('finding.reopen', 'FND_SNOOZED', ts, {
      ...ALICE,
      enterprise: { id: 'E0OTHER', name: 'Other' },
    });
    await h.click('finding.reopen', 'FND_SNOOZED', ts, { ...ALICE, isEnterpriseInstall: true });
    await h.command('reopen FND_SNOOZED', { ...ALICE, enterprise: { id: 'E0OTHER', name: 'Other' } });
    await expectUnchanged('FND_SNOOZED', 'FINDING_STATE_SNOOZED');
    // our own people still act
    await h.click('finding.reopen', 'FND_SNOOZED', ts, ALICE);
    await waitFor(() => h.stateChanges().length === 1, 5_000, 'Alice’s reopen');
  });
});

describe('/warden show has its own permission', () => {
  it('a guest cannot post a full card unless named', async () => {
    await start();
    await h.command('show FND_SA_UNOWNED', GUEST);
    expect((await h.nextEphemeral('U0GUEST')).text).toMatch(/`show`/);
    await settle(200);
    expect(h.slack.messages).toHaveLength(0);
  });

  it('a channel limited to [campaign] gets no cards; `show` can be granted like any action', async () => {
    await start('permissions:\n  show: { users: [U0GUEST] }\n  channels:\n    C0GENERAL: [campaign]\n');
    await h.command('show FND_SA_UNOWNED', { ...ALICE, channelId: 'C0GENERAL' });
    expect((await h.nextEphemeral('U0ALICE')).text).toMatch(/nobody may post findings in this channel\./);
    await settle(200);
    expect(h.slack.messages).toHaveLength(0);
    await h.command('show FND_SA_UNOWNED', GUEST);
    await waitFor(() => h.slack.messages.length === 1, 5_000, 'the named guest’s card');
  });
});

describe('/warden approvals shows requests only to those who may see them', () => {
  const FOUR_EYES = 'permissions:\n  acceptRisk: { approvers: S0SECLEADS }\n';

  it('approvers see every request; a requester their own; a guest or another member none', async () => {
    await start(FOUR_EYES);
    await h.command('accept-risk FND_UNUSED_SECRET 30d break-glass secret, monitored by the SIEM');
    expect((await h.nextEphemeral('U0ALICE')).text).toMatch(/needs an approver/);
    const listFor = async (actor: SlackActor) => {
      await h.command('approvals', actor);
      const list = await h.nextEphemeral(undefined);
      return `${list.text}${JSON.stringify(list.blocks)}`;
    };
    expect(await listFor(BOB)).toContain('FND_UNUSED_SECRET');
    expect(await listFor(ALICE)).toContain('FND_UNUSED_SECRET');
    for (const other of [GUEST, DAVE]) {
      const seen = await listFor(other);
      expect(seen).toMatch(/No risk acceptances are waiting/);
      expect(seen).not.toContain('FND_UNUSED_SECRET');
      expect(seen).not.toContain('U0ALICE');
    }
  });
});

describe('attribution in the tenant’s record', () => {
  it('is by user id and real name, quoted; a chosen name can forge neither a person nor an approval', async () => {
    await start();
    const dave = h.slack.users.get('U0DAVE');
    if (!dave) throw new Error('no dave');
    dave.profile.display_name = 'CISO Carol';
    dave.profile.real_name = 'Dave "CISO Carol (carol@acme.example)", approved by Bob Brown {email}';
    await h.command('suppress FND_SIMILAR_USER test account', DAVE);
    await waitFor(() => h.stateChanges().length === 1, 5_000, 'the change');
    const reason = String((h.stateChanges()[0]?.suppress as { reason?: string } | undefined)?.reason);
    expect(reason).toBe(
      'test account — via Slack by "Dave CISO Carol (carol@acme.example), approved by Bob Brown email" (U0DAVE)',
    );
    // outside the quoted name, nothing claims an approval or another person
    const unquoted = reason.replace(/"[^"]*"/g, '');
    expect(unquoted).not.toMatch(/approved by|Carol|CISO/);
    expect(reason).not.toContain('dave@acme.example');
  });
});
