import { describe, expect, it } from 'vitest';
import { type Finding, FindingSchema } from '../../../src/model/finding.js';
import {
  BULK_EVENT_CHARS,
  BULK_EVENT_IDS,
  BULK_STATE_EVENT_TYPE,
  bulkStateEvents,
} from '../../../src/usecases/shared/state-event.js';

/** A bulk change's events: few, each finding in exactly one, within the size kept. */

const UNTIL = '2030-01-01T00:00:00.000Z';
const finding = (id: string, state = 'FINDING_STATE_SNOOZED', snoozeUntil: string | null = UNTIL): Finding =>
  FindingSchema.parse({ id, state, snoozeUntil });
const idsOf = (n: number, prefix = 'FND_') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const named = (events: ReturnType<typeof bulkStateEvents>) =>
  events.flatMap((e) => e.metadata.event_payload.finding_ids ?? []);

describe('bulk state events', () => {
  it('250 findings that share state, actor and end: ceil(250/100) events, each finding once', () => {
    const ids = idsOf(250);
    const events = bulkStateEvents(
      ids.map((id) => finding(id)),
      'U0ALICE',
    );
    expect(events).toHaveLength(Math.ceil(250 / BULK_EVENT_IDS));
    expect(named(events)).toEqual(ids);
    for (const e of events) {
      expect(e.metadata).toMatchObject({
        event_type: BULK_STATE_EVENT_TYPE,
        event_payload: { state: 'FINDING_STATE_SNOOZED', actor: 'U0ALICE', ends_at: UNTIL },
      });
    }
  });

  it('findings that differ in state or end are in different events; no end, no ends_at', () => {
    const events = bulkStateEvents(
      [
        finding('FND_A'),
        finding('FND_B', 'FINDING_STATE_OPEN', null),
        finding('FND_C', 'FINDING_STATE_SNOOZED', '2031-01-01T00:00:00.000Z'),
        finding('FND_D'),
      ],
      'U0ALICE',
    );
    expect(events.map((e) => e.metadata.event_payload.finding_ids)).toEqual([
      ['FND_A', 'FND_D'],
      ['FND_B'],
      ['FND_C'],
    ]);
    expect('ends_at' in (events[1]?.metadata.event_payload ?? {})).toBe(false);
  });

  it('long ids: an event is cut by size too, never over the characters kept', () => {
    const long = idsOf(100, `FND_${'X'.repeat(60)}_`);
    const events = bulkStateEvents(
      long.map((id) => finding(id)),
      'U0ALICE',
    );
    expect(events.length).toBeGreaterThan(1);
    expect(named(events)).toEqual(long);
    for (const e of events) expect(JSON.stringify(e.metadata).length).toBeLessThanOrEqual(BULK_EVENT_CHARS);
  });
});
