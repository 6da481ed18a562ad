import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../src/domain/command.js';

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
  ])('refuses %j', (text) => {
    expect(parseCommand(text).ok).toBe(false);
  });
});
