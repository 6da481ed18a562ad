import { describe, expect, it } from 'vitest';
import { ALWAYS, businessCalendar } from '../../../src/domain/business-hours.js';
import {
  applyChange,
  type ClockFacts,
  clocksAt,
  nextChangeAt,
  type SlaPolicy,
  startClock,
} from '../../../src/domain/sla.js';
import { changeOfEvent } from '../../../src/domain/sla-events.js';

/** SLA clocks in the domain: business hours, pauses, acknowledgement, what is due when. */

const H = 3_600_000;
const D = 24 * H;
const POLICY: SlaPolicy = {
  warnAt: 0.75,
  pauseWhile: ['snoozed'],
  bySeverity: { FINDING_SEVERITY_CRITICAL: { acknowledgeMs: 1 * H, closeMs: 3 * D } },
  byType: {
    FINDING_TYPE_DECOY_CREDENTIAL_USED: { FINDING_SEVERITY_CRITICAL: { acknowledgeMs: H / 4, closeMs: D } },
  },
};
const T0 = Date.parse('2025-12-01T10:00:00Z'); // a Monday

function started(at = T0, findingType: string | null = null): ClockFacts {
  const s = startClock(
    { createdAt: new Date(at).toISOString(), severity: 'FINDING_SEVERITY_CRITICAL', findingType },
    at,
  );
  if (!('facts' in s)) throw new Error(s.none);
  return s.facts;
}

describe('business hours', () => {
  const cal = businessCalendar({
    timezone: 'Europe/Berlin',
    days: [1, 2, 3, 4, 5],
    from: '09:00',
    to: '17:00',
  });
  it('counts only working hours, across nights and a weekend', () => {
    // Friday 16:00 Berlin (15:00Z) to Monday 10:00 Berlin (09:00Z): 1 h Friday + 1 h Monday.
    const fri = Date.parse('2025-12-05T15:00:00Z');
    const mon = Date.parse('2025-12-08T09:00:00Z');
    expect(cal.worked(mon) - cal.worked(fri)).toBe(2 * H);
    expect(cal.dayMs).toBe(8 * H);
  });
  it('finds the instant a working time is reached (the next working day when today is over)', () => {
    const fri = Date.parse('2025-12-05T15:00:00Z');
    expect(new Date(cal.at(cal.worked(fri) + 2 * H)).toISOString()).toBe('2025-12-08T09:00:00.000Z');
    // a Saturday instant counts as Friday's close
    const sat = Date.parse('2025-12-06T12:00:00Z');
    expect(cal.worked(sat)).toBe(cal.worked(Date.parse('2025-12-05T16:00:00Z')));
  });
  it('keeps local hours across a daylight saving change', () => {
    // 27 Oct 2025 (Monday) is after Berlin's change: 09:00 local is 08:00Z.
    const open = cal.at(cal.worked(Date.parse('2025-10-24T16:00:00Z')) + 1);
    expect(new Date(open).toISOString()).toBe('2025-10-27T08:00:00.001Z');
  });
});

describe('clocks', () => {
  it('start at createdAt; none without one or with one in the future', () => {
    expect(startClock({ createdAt: undefined, severity: 'x', findingType: null }, T0)).toEqual({
      none: 'the tenant gave it no createdAt',
    });
    expect(
      startClock({ createdAt: new Date(T0 + D).toISOString(), severity: 'x', findingType: null }, T0),
    ).toEqual({ none: 'its createdAt is in the future' });
  });

  it('warn at the share, are due at the target, then overdue by whole days', () => {
    const facts = started();
    const at = (t: number) => clocksAt(POLICY, facts, ALWAYS, t);
    const c = at(T0 + 30 * 60_000);
    expect(c?.acknowledge).toMatchObject({
      state: 'running',
      warned: false,
      dueAt: T0 + H,
      warnAt: T0 + 0.75 * H,
    });
    expect(nextChangeAt(c ?? fail(), facts, ALWAYS, T0 + 30 * 60_000)).toBe(T0 + 0.75 * H);
    expect(at(T0 + 0.75 * H)?.acknowledge.warned).toBe(true);
    const late = at(T0 + 2 * H);
    expect(late?.acknowledge.state).toBe('overdue');
    // the next wording change of an overdue clock: a whole day late
    // next: a whole day late (T0 + 1 h + 1 d), before the close clock's warning (T0 + 2.25 d)
    expect(nextChangeAt(late ?? fail(), facts, ALWAYS, T0 + 2 * H)).toBe(T0 + H + D);
  });

  it('a finding type has its own target', () => {
    const facts = started(T0, 'FINDING_TYPE_DECOY_CREDENTIAL_USED');
    expect(clocksAt(POLICY, facts, ALWAYS, T0)?.acknowledge.targetMs).toBe(H / 4);
  });

  it('a person acknowledges; a lapse does not; the ack clock stops where it was', () => {
    let facts = started();
    const lapse = changeOfEvent({
      eventType: 'FINDING_AUDIT_EVENT_TYPE_SNOOZE_EXPIRED',
      createdAt: new Date(T0 + 10 * 60_000).toISOString(),
      stateAtEvent: 'FINDING_STATE_OPEN',
    });
    facts = applyChange(POLICY, facts, lapse ?? fail(), ALWAYS);
    expect(facts.ackedAt).toBeNull();
    const owner = changeOfEvent({
      eventType: 'FINDING_AUDIT_EVENT_TYPE_OWNER_CHANGED',
      createdAt: new Date(T0 + 20 * 60_000).toISOString(),
      actorPrincipalId: 'IU_ALICE',
      stateAtEvent: 'FINDING_STATE_OPEN',
    });
    facts = applyChange(POLICY, facts, owner ?? fail(), ALWAYS);
    expect(facts.ackedAt).toBe(T0 + 20 * 60_000);
    expect(clocksAt(POLICY, facts, ALWAYS, T0 + 5 * H)?.acknowledge).toMatchObject({
      state: 'met',
      spentMs: 20 * 60_000,
    });
  });

  it('stands still while snoozed (the policy says so), not while accepted; stops at resolve', () => {
    let facts = started();
    facts = applyChange(
      POLICY,
      facts,
      { at: T0 + H, state: 'FINDING_STATE_SNOOZED', acknowledged: true },
      ALWAYS,
    );
    facts = applyChange(POLICY, facts, { at: T0 + D + H, state: 'FINDING_STATE_OPEN' }, ALWAYS);
    // a day snoozed does not count: 1 h before, 1 h after
    expect(clocksAt(POLICY, facts, ALWAYS, T0 + D + 2 * H)?.close.spentMs).toBe(2 * H);
    expect(clocksAt(POLICY, facts, ALWAYS, T0 + D + 2 * H)?.close.dueAt).toBe(T0 + 4 * D);
    facts = applyChange(POLICY, facts, { at: T0 + D + 3 * H, state: 'FINDING_STATE_RISK_ACCEPTED' }, ALWAYS);
    expect(clocksAt(POLICY, facts, ALWAYS, T0 + D + 5 * H)?.close.spentMs).toBe(5 * H);
    facts = applyChange(POLICY, facts, { at: T0 + 5 * D, state: 'FINDING_STATE_RESOLVED' }, ALWAYS);
    const closed = clocksAt(POLICY, facts, ALWAYS, T0 + 9 * D)?.close;
    expect(closed).toMatchObject({ state: 'missed', spentMs: 4 * D, stoppedAt: T0 + 5 * D });
    // reopened: it resumes where it stopped
    facts = applyChange(POLICY, facts, { at: T0 + 6 * D, state: 'FINDING_STATE_OPEN' }, ALWAYS);
    expect(clocksAt(POLICY, facts, ALWAYS, T0 + 6 * D + H)?.close.spentMs).toBe(4 * D + H);
  });

  it('closed before anyone acknowledged: the acknowledge clock is stopped, not missed', () => {
    const facts = applyChange(POLICY, started(), { at: T0 + 2 * H, state: 'FINDING_STATE_RESOLVED' }, ALWAYS);
    expect(clocksAt(POLICY, facts, ALWAYS, T0 + 3 * H)?.acknowledge.state).toBe('stopped');
  });

  it('an older state than the one applied changes nothing but the acknowledgement', () => {
    let facts = applyChange(POLICY, started(), { at: T0 + 2 * H, state: 'FINDING_STATE_RESOLVED' }, ALWAYS);
    facts = applyChange(
      POLICY,
      facts,
      { at: T0 + H, state: 'FINDING_STATE_OPEN', acknowledged: true },
      ALWAYS,
    );
    expect(facts.state).toBe('FINDING_STATE_RESOLVED');
    expect(facts.ackedAt).toBe(T0 + H);
  });

  it('with business hours, a clock is due in working time', () => {
    const cal = businessCalendar({ timezone: 'UTC', days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' });
    // created Friday 16:00Z: 1 h of Friday, then Monday 09:00-10:00
    const fri = Date.parse('2025-12-05T16:00:00Z');
    // three working days of 8 h (the config turns `close: 3d` into this with business hours)
    const policy = {
      ...POLICY,
      bySeverity: { FINDING_SEVERITY_CRITICAL: { acknowledgeMs: H, closeMs: 24 * H } },
    };
    const c = clocksAt({ ...policy, businessHours: cal.hours }, started(fri), cal, fri);
    expect(new Date(c?.acknowledge.dueAt ?? 0).toISOString()).toBe('2025-12-05T17:00:00.000Z');
    expect(new Date(c?.close.dueAt ?? 0).toISOString()).toBe('2025-12-10T16:00:00.000Z');
  });
});

function fail(): never {
  throw new Error('expected a value');
}
