import { describe, expect, it } from 'vitest';
import { checkBounds, parseWhen } from '../../../src/domain/when.js';

const now = new Date('2026-11-22T07:00:00Z');
const at = (text: string, tz = 'Europe/Berlin') => {
  const r = parseWhen(text, tz, now);
  return r.ok ? r.at.toISOString() : `error: ${r.error}`;
};

describe('parseWhen', () => {
  it.each([
    ['7d', '2026-11-29T07:00:00.000Z'],
    ['2w', '2026-12-06T07:00:00.000Z'],
    ['36h', '2026-11-23T19:00:00.000Z'],
    ['P7D', '2026-11-29T07:00:00.000Z'],
    ['PT36H', '2026-11-23T19:00:00.000Z'],
    ['P1W', '2026-11-29T07:00:00.000Z'],
    ['2026-12-01', '2026-12-01T08:00:00.000Z'],
    ['2026-12-01 09:00', '2026-12-01T08:00:00.000Z'],
    ['2026-12-01T17:30', '2026-12-01T16:30:00.000Z'],
  ])('%s', (text, expected) => {
    expect(at(text)).toBe(expected);
  });

  it('reads dates in the person’s zone, and across a DST change', () => {
    expect(at('2026-12-01 09:00', 'America/New_York')).toBe('2026-12-01T14:00:00.000Z');
    expect(at('2027-07-01 09:00', 'America/New_York')).toBe('2027-07-01T13:00:00.000Z');
    expect(at('2026-12-01 09:00', 'Asia/Tokyo')).toBe('2026-12-01T00:00:00.000Z');
  });

  it.each(['soon', 'P', 'PT', '7x', '2026-02-30', '2026-12-01 24:00', '-7d', ''])('refuses %j', (text) => {
    expect(at(text)).toMatch(/^error: /);
  });
});

describe('checkBounds', () => {
  it('refuses the past and beyond the maximum', () => {
    expect(checkBounds(new Date('2026-11-22T06:00:00Z'), now, 365)).toMatch(/past/);
    expect(checkBounds(new Date('2027-12-01T00:00:00Z'), now, 365)).toMatch(/more than 365 days/);
    expect(checkBounds(new Date('2026-12-01T00:00:00Z'), now, 365)).toBeUndefined();
  });
});
