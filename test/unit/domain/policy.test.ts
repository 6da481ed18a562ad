import { describe, expect, it } from 'vitest';
import { attribute } from '../../../src/domain/attribution.js';
import { decide, type Policy } from '../../../src/domain/policy.js';

const member = { id: 'U1', isGuest: false, isBot: false };
const guest = { id: 'U2', isGuest: true, isBot: false };
const bot = { id: 'U3', isGuest: false, isBot: true };
const open: Policy = { actions: {}, channels: {} };

describe('decide', () => {
  it('lets full members do anything by default, never guests or bots', () => {
    expect(decide(open, 'suppress', member, 'C1', () => false)).toEqual({ allowed: true });
    expect(decide(open, 'suppress', guest, 'C1', () => false)).toMatchObject({
      allowed: false,
      reason: /Guests may not suppress findings/,
    });
    expect(decide(open, 'snooze', bot, 'C1', () => false)).toMatchObject({
      allowed: false,
      reason: /Bots may not/,
    });
  });

  it('lets a named guest or bot act', () => {
    const policy: Policy = { actions: { reopen: { users: ['U2', 'U3'] } }, channels: {} };
    expect(decide(policy, 'reopen', guest, 'C1', () => false)).toEqual({ allowed: true });
    expect(decide(policy, 'reopen', bot, 'C1', () => false)).toEqual({ allowed: true });
    expect(
      decide({ actions: { reopen: { everyone: true } }, channels: {} }, 'reopen', guest, 'C1', () => true)
        .allowed,
    ).toBe(false);
  });

  it('checks user groups and names the missing permission and group', () => {
    const policy: Policy = { actions: { acceptRisk: { usergroups: ['S1'] } }, channels: {} };
    expect(decide(policy, 'acceptRisk', member, 'C1', () => true)).toEqual({ allowed: true });
    const refused = decide(policy, 'acceptRisk', member, 'C1', () => false);
    expect(refused).toMatchObject({ allowed: false });
    expect(!refused.allowed && refused.reason).toBe(
      'You do not have the `acceptRisk` permission, needed to accept risks. Ask to be added to <!subteam^S1>.',
    );
  });

  it('limits actions per channel', () => {
    const policy: Policy = { actions: {}, channels: { C1: ['campaign'] } };
    expect(decide(policy, 'snooze', member, 'C1', () => true)).toMatchObject({
      allowed: false,
      reason: /in this channel/,
    });
    expect(decide(policy, 'campaign', member, 'C1', () => true)).toEqual({ allowed: true });
    expect(decide(policy, 'snooze', member, 'C2', () => true)).toEqual({ allowed: true });
  });
});

describe('attribute', () => {
  const alice = { userId: 'U0ALICE', name: 'alice', email: 'alice@acme.example' };
  it('fills the template and keeps the person’s words verbatim', () => {
    expect(attribute('{text} — via Slack by {name} ({email})', 'vendor', alice)).toBe(
      'vendor — via Slack by "alice" (alice@acme.example)',
    );
    expect(attribute('{text} — via Slack by {name} ({email})', 'says {name} and {email}', alice)).toBe(
      'says {name} and {email} — via Slack by "alice" (alice@acme.example)',
    );
    expect(attribute('{text} — via Slack by {name} ({email})', 'x', { ...alice, email: undefined })).toBe(
      'x — via Slack by "alice"',
    );
    expect(attribute('[{userId}] {text}', 'x', alice)).toBe('[U0ALICE] x');
  });
});
