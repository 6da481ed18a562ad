import { describe, expect, it } from 'vitest';
import { DIGEST_CATCH_UP_MS, digestOccurrences } from '../../../src/domain/digest-time.js';
import { endKey, endOf, isSameEnd, reminderAt } from '../../../src/domain/ends.js';

describe('digestOccurrences', () => {
  const at = (iso: string) => Date.parse(iso);
  it('gives today’s (unless too late) and tomorrow’s, in the digest’s own time zone', () => {
    const now = at('2026-11-24T12:30:00Z');
    const berlin = digestOccurrences('09:00', 'Europe/Berlin', now);
    expect(berlin.map((o) => [o.date, new Date(o.dueAt).toISOString()])).toEqual([
      ['2026-11-24', '2026-11-24T08:00:00.000Z'],
      ['2026-11-25', '2026-11-25T08:00:00.000Z'],
    ]);
    // Tokyo is already at 21:30: today's 05:00 is more than the catch-up late
    expect(digestOccurrences('05:00', 'Asia/Tokyo', now).map((o) => o.date)).toEqual(['2026-11-25']);
    expect(DIGEST_CATCH_UP_MS).toBe(6 * 3_600_000);
  });

  it('keeps a day with a clock change to one digest at a real time', () => {
    const spring = digestOccurrences('02:30', 'Europe/Berlin', at('2027-03-28T00:00:00Z'));
    expect(spring.map((o) => o.date)).toEqual(['2027-03-28', '2027-03-29']);
    expect(spring.every((o) => Number.isFinite(o.dueAt))).toBe(true);
  });
});

describe('endOf', () => {
  it('reads a snooze’s or an acceptance’s end, nothing for other states', () => {
    expect(endOf({ state: 'FINDING_STATE_SNOOZED', snoozeUntil: '2026-12-01T09:00:00Z' })).toEqual({
      action: 'snooze',
      at: Date.parse('2026-12-01T09:00:00Z'),
    });
    expect(
      endOf({ state: 'FINDING_STATE_RISK_ACCEPTED', riskAcceptanceExpiresAt: '2026-12-01T09:00:00Z' })
        ?.action,
    ).toBe('acceptRisk');
    expect(endOf({ state: 'FINDING_STATE_OPEN', snoozeUntil: '2026-12-01T09:00:00Z' })).toBeUndefined();
    expect(endOf({ state: 'FINDING_STATE_SNOOZED', snoozeUntil: 'soon' })).toBeUndefined();
  });

  it('takes a second either way as the same end, and keys each end once', () => {
    const end = { action: 'snooze' as const, at: 1_700_000_000_000 };
    expect(isSameEnd({ ...end, at: end.at + 900 }, end)).toBe(true);
    expect(isSameEnd({ ...end, at: end.at + 60_000 }, end)).toBe(false);
    expect(isSameEnd({ ...end, action: 'acceptRisk' }, end)).toBe(false);
    expect(endKey('remind', 'FND_1', end)).toBe(endKey('remind', 'FND_1', { ...end, at: end.at + 999 }));
  });
});

describe('reminderAt', () => {
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;
  const now = Date.parse('2026-11-24T12:00:00Z');
  const ahead = (end: number, rb = DAY) => {
    const at = reminderAt(now + end, now, rb);
    return at === undefined ? undefined : now + end - at;
  };
  it('is remindBefore ahead of an end at least twice that far', () => {
    expect(ahead(7 * DAY)).toBe(DAY);
    expect(ahead(2 * DAY)).toBe(DAY);
    expect(ahead(3 * HOUR, HOUR)).toBe(HOUR);
  });
  it('is half-way to a nearer end: the 1-day snooze with the default 24h is reminded 12 hours ahead', () => {
    expect(ahead(DAY)).toBe(12 * HOUR);
    expect(ahead(DAY + 1_000)).toBe(12 * HOUR + 500); // never at the moment it is made
    expect(ahead(DAY - MIN)).toBe(12 * HOUR - MIN / 2);
    expect(ahead(2 * HOUR)).toBe(HOUR);
    expect(ahead(30 * MIN)).toBe(15 * MIN);
  });
  it('leaves 15 minutes (or remindBefore when shorter) both sides, else none', () => {
    expect(ahead(29 * MIN)).toBeUndefined();
    expect(ahead(10 * MIN, 5 * MIN)).toBe(5 * MIN);
    expect(ahead(9 * MIN, 5 * MIN)).toBeUndefined();
    expect(ahead(7 * DAY, 0)).toBeUndefined();
  });
});
