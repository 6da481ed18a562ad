import { describe, expect, it } from 'vitest';
import {
  buildStateRequestBody,
  FINDING_ACTION_KINDS,
  type FindingAction,
  isActionApplied,
  offeredActions,
} from '../../../src/domain/actions.js';

const until = new Date('2026-12-01T09:00:00Z');

describe('buildStateRequestBody', () => {
  it('sets exactly one member of the action oneof, with the spec field names', () => {
    const actions: FindingAction[] = [
      { kind: 'snooze', reason: 'vendor', until },
      { kind: 'suppress', reason: 'test account' },
      { kind: 'acceptRisk', justification: 'compensating control', expiresAt: until },
      { kind: 'unsuppress' },
      { kind: 'resolve', reason: 'fixed' },
      { kind: 'reopen' },
    ];
    const bodies = actions.map(buildStateRequestBody);
    for (const body of bodies) expect(Object.keys(body)).toHaveLength(1);
    expect(bodies.map((b) => Object.keys(b)[0])).toEqual([...FINDING_ACTION_KINDS]);
    expect(bodies[0]).toEqual({ snooze: { reason: 'vendor', snoozeUntil: '2026-12-01T09:00:00.000Z' } });
    expect(bodies[2]).toEqual({
      acceptRisk: { expiresAt: '2026-12-01T09:00:00.000Z', justification: 'compensating control' },
    });
    expect(bodies[3]).toEqual({ unsuppress: {} });
  });
});

describe('isActionApplied', () => {
  it('needs the target state and, for snooze and accept risk, the same date', () => {
    const snooze: FindingAction = { kind: 'snooze', reason: 'r', until };
    expect(
      isActionApplied({ state: 'FINDING_STATE_SNOOZED', snoozeUntil: '2026-12-01T09:00:00Z' }, snooze),
    ).toBe(true);
    expect(
      isActionApplied({ state: 'FINDING_STATE_SNOOZED', snoozeUntil: '2026-12-08T09:00:00Z' }, snooze),
    ).toBe(false);
    expect(isActionApplied({ state: 'FINDING_STATE_OPEN' }, snooze)).toBe(false);
    expect(isActionApplied({ state: 'FINDING_STATE_OPEN' }, { kind: 'reopen' })).toBe(true);
    expect(isActionApplied({ state: 'FINDING_STATE_OPEN' }, { kind: 'unsuppress' })).toBe(true);
    expect(isActionApplied({ state: 'FINDING_STATE_RESOLVED' }, { kind: 'resolve', reason: '' })).toBe(true);
  });
});

describe('offeredActions', () => {
  it('follows the likely table and offers everything but unsuppress for unknown states', () => {
    expect(offeredActions('FINDING_STATE_OPEN')).toEqual(['snooze', 'acceptRisk', 'suppress', 'resolve']);
    expect(offeredActions('FINDING_STATE_IN_PROGRESS')).toEqual([
      'snooze',
      'acceptRisk',
      'suppress',
      'resolve',
    ]);
    expect(offeredActions('FINDING_STATE_SNOOZED')).toEqual(['reopen']);
    // unsuppress is deprecated in favour of reopen: offered only when asked for
    expect(offeredActions('FINDING_STATE_SUPPRESSED')).toEqual(['reopen']);
    expect(offeredActions('FINDING_STATE_SUPPRESSED', { unsuppress: true })).toEqual([
      'reopen',
      'unsuppress',
    ]);
    expect(offeredActions('FINDING_STATE_ESCALATED')).not.toContain('unsuppress');
    expect(offeredActions(undefined)).toContain('reopen');
  });
});
