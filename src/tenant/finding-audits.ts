import {
  type ClockAuditEvent,
  ClockAuditEventSchema,
  type FindingAuditEvent,
  FindingAuditEventSchema,
} from '../model/finding-audit.js';
import type { TenantClient } from './client.js';
import { paginate } from './paginate.js';

/**
 * A finding's audit events (POST /api/v1/search/finding_audits), every page up to `limit`. The
 * vendor promises no order: callers sort. An event the schema cannot read is skipped, not fatal.
 */
export function searchFindingAudits(
  client: TenantClient,
  findingId: string,
  opts: { limit: number; onUnreadable?: (raw: unknown, reason: string) => void },
): AsyncGenerator<FindingAuditEvent, void, undefined> {
  return paginate(client, {
    operation: 'searchFindingAudits',
    method: 'POST',
    path: '/api/v1/search/finding_audits',
    body: { findingId },
    item: FindingAuditEventSchema,
    pageSize: 100,
    limit: opts.limit,
    ...(opts.onUnreadable ? { onUnreadable: opts.onUnreadable } : {}),
  });
}

/** RFC 3339 as proto3 JSON writes a Timestamp (UTC, no fraction when whole). */
const timestamp = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * Every finding's audit events in a time range (`since` inclusive, `until` exclusive), of the
 * `eventTypes` asked (all without), page by
 * page as they come (pages of 100, the spec's largest): the SLA clocks' catch-up and the SLA
 * report read the tenant's whole trail this way without holding it.
 */
export function searchAuditEvents(
  client: TenantClient,
  range: { since?: number | undefined; until?: number | undefined },
  opts: { eventTypes?: readonly string[]; onUnreadable?: (raw: unknown, reason: string) => void } = {},
): AsyncGenerator<ClockAuditEvent, void, undefined> {
  return paginate(client, {
    operation: 'searchFindingAudits',
    method: 'POST',
    path: '/api/v1/search/finding_audits',
    body: {
      ...(range.since !== undefined ? { since: timestamp(range.since) } : {}),
      ...(range.until !== undefined ? { until: timestamp(range.until) } : {}),
      ...(opts.eventTypes ? { eventTypes: opts.eventTypes } : {}),
    },
    // what the SLA clocks read of each event (the trail is long; every other field is dropped)
    item: ClockAuditEventSchema,
    pageSize: 100,
    // the whole trail is a long walk (the SLA report): the next page is asked while this one is read
    readAhead: true,
    ...(opts.onUnreadable ? { onUnreadable: opts.onUnreadable } : {}),
  });
}
