import { describe, expect, it } from 'vitest';
import { refusal } from '../../src/usecases/shared/authorize.js';
import { lanePerTest } from '../helpers/lane.js';

const lane = lanePerTest();
const PORTS = ['people', 'groups', 'cards', 'audit', 'settings', 'clock', 'logger', 'metrics'] as const;
const act = (
  userId: string,
  action: 'snooze' | 'reopen' | 'campaign',
  extra: Record<string, string> = {},
) => ({
  kind: 'act' as const,
  userId,
  action,
  channel: 'C0SECOPS',
  ...extra,
});

describe('authorize: one check for every surface', () => {
  it('lets members act by default, refuses guests and bots unless named, and audits each refusal', async () => {
    const l = await lane();
    const p = l.pick(...PORTS);
    expect(await refusal(p, act('U0ALICE', 'snooze'), 'r1')).toBeUndefined();
    expect(await refusal(p, act('U0GUEST', 'snooze'), 'r2')).toMatch(/Guests may not snooze findings/);
    expect(await refusal(p, act('U0BOTTY', 'reopen'), 'r3')).toMatch(/Bots may not reopen findings/);
    const denied = (await l.store.auditLog({ limit: 10 })).filter((e) => e.outcome === 'denied');
    expect(denied.map((e) => e.user_id).sort()).toEqual(['U0BOTTY', 'U0GUEST']);
  });

  it('reads user groups from Slack and channel limits from the policy', async () => {
    const l = await lane({
      yaml: 'permissions:\n  snooze: { usergroups: [S0SECLEADS] }\n  channels: { C0SECOPS: [snooze, reopen] }\n',
    });
    const p = l.pick(...PORTS);
    expect(await refusal(p, act('U0BOB', 'snooze'), 'r1')).toBeUndefined();
    expect(await refusal(p, act('U0ALICE', 'snooze'), 'r2')).toMatch(
      /`snooze` permission.*<!subteam\^S0SECLEADS>/,
    );
    expect(await refusal(p, act('U0ALICE', 'campaign'), 'r3')).toMatch(
      /nobody may view access review campaigns in this channel/,
    );
  });

  it('a button must be on the card Warden posted for that finding', async () => {
    const l = await lane();
    const card = await l.card('FND_SNOOZED');
    const p = l.pick(...PORTS);
    expect(
      await refusal(p, act('U0ALICE', 'reopen', { findingId: 'FND_SNOOZED', cardTs: card.ts }), 'r1'),
    ).toBeUndefined();
    expect(
      await refusal(p, act('U0ALICE', 'reopen', { findingId: 'FND_SUPPRESSED', cardTs: card.ts }), 'r2'),
    ).toMatch(/does not belong to a current Warden alert/);
  });

  it('four-eyes: only an approver who is not the requester decides, while the request is open', async () => {
    const l = await lane({ yaml: 'permissions:\n  acceptRisk: { approvers: S0SECLEADS }\n' });
    const p = l.pick(...PORTS);
    const now = Date.now();
    const approval = await l.store.createApproval({
      findingId: 'FND_UNUSED_SECRET',
      requesterId: 'U0BOB',
      justification: 'monitored by the SIEM, rotated weekly',
      riskExpiresAt: now + 30 * 86_400_000,
      channel: 'C0SECOPS',
      messageTs: null,
      createdAt: now,
      expireAt: now + 3_600_000,
    });
    const decide = (userId: string) => refusal(p, { kind: 'decide', userId, approval }, 'r');
    expect(await decide('U0BOB')).toMatch(/someone else must approve/);
    expect(await decide('U0ALICE')).toMatch(/Only members of <!subteam\^S0SECLEADS>/);
    expect(await decide('U0CAROL')).toBeUndefined();
    expect(await refusal(p, { kind: 'decide', userId: 'U0CAROL', approval: undefined }, 'r')).toMatch(
      /does not exist/,
    );
  });
});
