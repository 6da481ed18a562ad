import { checkView } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import {
  type HistoryEntry,
  parseHistoryMetadata,
  renderHistoryModal,
} from '../../../src/blockkit/history.js';

const entry = (i: number, over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
  eventType: 'FINDING_AUDIT_EVENT_TYPE_SNOOZED',
  actor: { kind: 'system' },
  state: 'FINDING_STATE_SNOOZED',
  severity: 'FINDING_SEVERITY_HIGH',
  ticketId: undefined,
  bulkOperationId: undefined,
  ...over,
});

describe('renderHistoryModal', () => {
  it('shows what, when (a date token), who and the state and severity then', () => {
    const view = renderHistoryModal({
      findingId: 'FND_1',
      entries: [
        entry(3, { actor: { kind: 'person', slackUserId: 'U0BOB', viaWarden: true, approvedBy: 'U0CAROL' } }),
        entry(2, {
          eventType: 'FINDING_AUDIT_EVENT_TYPE_TASK_CREATED',
          ticketId: 'TSK_9',
          actor: { kind: 'tenant', id: 'IU_X', name: 'Ops <!here>' },
        }),
        entry(1, { eventType: 'FINDING_AUDIT_EVENT_TYPE_QUANTUM_LEAP' }),
      ],
      page: 0,
      total: 3,
      truncated: false,
    });
    const text = JSON.stringify(view);
    expect(checkView(view)).toBeUndefined();
    expect(text).toContain('*Snoozed* · <!date^');
    expect(text).toContain('by <@U0BOB>, approved by <@U0CAROL> in Slack');
    expect(text).toContain('state snoozed · severity high');
    expect(text).toContain('*Task created*');
    expect(text).toContain('task `TSK_9`');
    expect(text).toContain('Ops &lt;!here&gt; `IU_X` (in the tenant)');
    // an event type newer than Warden is shown as it comes
    expect(text).toContain('*Quantum leap*');
    expect(text).toContain('by the tenant');
    expect(text).not.toContain('history.page');
  });

  it('pages ten at a time, newer and older, and keeps the page in its metadata', () => {
    const entries = Array.from({ length: 25 }, (_, i) => entry(i));
    const first = renderHistoryModal({ findingId: 'FND_1', entries, page: 0, total: 25, truncated: true });
    const ids = (v: typeof first) =>
      [...JSON.stringify(v).matchAll(/"action_id":"(history\.page\.[a-z]+)"/g)].map((m) => m[1]);
    expect(ids(first)).toEqual(['history.page.next']);
    expect(JSON.stringify(first)).toContain('Page 1 of 3');
    expect(JSON.stringify(first)).toContain('older ones are in the tenant');
    const last = renderHistoryModal({ findingId: 'FND_1', entries, page: 2, total: 25, truncated: false });
    expect(ids(last)).toEqual(['history.page.prev']);
    expect(last.blocks.filter((b) => b.type === 'section')).toHaveLength(1 + 5);
    expect(parseHistoryMetadata(last.private_metadata)).toEqual({ findingId: 'FND_1', page: 2 });
    // a page past the end shows the last one
    expect(
      parseHistoryMetadata(
        renderHistoryModal({ findingId: 'FND_1', entries, page: 9, total: 25, truncated: false })
          .private_metadata,
      )?.page,
    ).toBe(2);
    expect(parseHistoryMetadata('{"findingId":"../../x","page":0}')).toBeUndefined();
  });
});
