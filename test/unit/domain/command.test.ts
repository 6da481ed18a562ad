import { describe, expect, it } from 'vitest';
import { parseCommand, usage, usageOf } from '../../../src/domain/command.js';

describe('parseCommand', () => {
  it.each([
    ['', { kind: 'help' }],
    ['show FND_1', { kind: 'show', findingId: 'FND_1' }],
    [
      'snooze FND_1 7d waiting on vendor',
      { kind: 'snooze', findingId: 'FND_1', when: '7d', reason: 'waiting on vendor' },
    ],
    [
      'snooze FND_1 2026-12-01 09:00 after freeze',
      { kind: 'snooze', findingId: 'FND_1', when: '2026-12-01 09:00', reason: 'after freeze' },
    ],
    ['suppress FND_1 test  account', { kind: 'suppress', findingId: 'FND_1', reason: 'test account' }],
    ['accept-risk FND_1', { kind: 'acceptRisk', findingId: 'FND_1' }],
    [
      'accept-risk FND_1 P30D key rotated weekly',
      { kind: 'acceptRisk', findingId: 'FND_1', when: 'P30D', justification: 'key rotated weekly' },
    ],
    ['resolve FND_1', { kind: 'resolve', findingId: 'FND_1', reason: '' }],
    ['resolve FND_1 other moved', { kind: 'resolve', findingId: 'FND_1', reason: 'other moved' }],
    ['suppress FND_1 otherwise fine', { kind: 'suppress', findingId: 'FND_1', reason: 'otherwise fine' }],
    ['REOPEN FND_1', { kind: 'reopen', findingId: 'FND_1' }],
    ['unsuppress FND_1', { kind: 'unsuppress', findingId: 'FND_1' }],
    ['campaign AR_1', { kind: 'campaign', campaignId: 'AR_1' }],
  ])('%j', (text, command) => {
    expect(parseCommand(text)).toEqual({ ok: true, command });
  });

  it.each([
    'dance FND_1',
    'show',
    'show ../../x',
    'show a/b',
    'show <!channel>',
    'snooze FND_1',
    'snooze FND_1 7d',
    'suppress FND_1',
    'accept-risk FND_1 7d',
    `suppress FND_1 ${'x'.repeat(2_001)}`,
    'suppress FND_1 other',
    'resolve FND_1 other',
    'resolve FND_1 OTHER  ',
  ])('refuses %j', (text) => {
    expect(parseCommand(text).ok).toBe(false);
  });

  it.each([
    ['snooze', 'snooze'],
    ['snooze FND_1 7d', 'snooze'],
    ['show ../../x', 'show'],
    ['accept-risk FND_1 7d', 'acceptRisk'],
    ['campaign', 'campaign'],
    ['suppress FND_1 other', 'suppress'],
    ['resolve FND_1 other', 'resolve'],
  ])('a mistake in %j names the subcommand whose usage to show', (text, kind) => {
    expect(parseCommand(text)).toMatchObject({ ok: false, usage: kind });
  });

  it('report takes an optional number of days, 1 to 90 (7 without one)', () => {
    expect(parseCommand('report')).toEqual({ ok: true, command: { kind: 'report', days: 7 } });
    expect(parseCommand('report 30')).toEqual({ ok: true, command: { kind: 'report', days: 30 } });
    for (const bad of ['report 0', 'report 91', 'report ../../x', 'report 7 more'])
      expect(parseCommand(bad)).toMatchObject({ ok: false, usage: 'report' });
  });

  it('an unknown subcommand names none: the whole usage is shown', () => {
    expect(parseCommand('dance FND_1')).not.toHaveProperty('usage');
  });
});

describe('usage', () => {
  it('writes placeholders escaped, never as <…> (Slack syntax in mrkdwn), with the configured command', () => {
    const all = usage('/sec');
    expect(all).not.toMatch(/[<>]/);
    expect(all).toContain('`&lt;finding-id&gt;`');
    expect(all).not.toContain('/warden');
    expect(all).toContain('*/sec snooze*');
  });

  it('one subcommand: its line, and the time formats when it takes a time', () => {
    expect(usageOf('/sec', 'snooze').split('\n')).toEqual([
      expect.stringMatching(/^\*\/sec snooze\*/),
      expect.stringMatching(/^Times: /),
    ]);
    expect(usageOf('/sec', 'show')).toMatch(
      /^\*\/sec show\* `&lt;finding-id&gt;`: post the finding's alert here$/,
    );
  });
});
