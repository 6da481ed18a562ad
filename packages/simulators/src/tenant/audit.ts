import { type Answer, grpcError, jsonNamed } from './answer.js';
import type { JsonFinding } from './finding-fixture.js';

/**
 * The tenant's audit trail of findings (api-facts.md "More operations": search/finding_audits):
 * one `c1.api.finding.v1.FindingAuditEvent` for each change the tenant makes, written as proto3
 * JSON writes it (fields at their zero value left out, enums by name, timestamps in RFC 3339).
 */

/** FindingAuditEvent.eventType, in the order of the vendor's enum (its JSON name is FINDING_AUDIT_EVENT_TYPE_ + this). */
export const AUDIT_EVENT_TYPES = [
  'UNSPECIFIED',
  'CREATED',
  'STATE_CHANGED',
  'SNOOZED',
  'SNOOZE_EXPIRED',
  'RISK_ACCEPTED',
  'RISK_ACCEPTANCE_EXPIRED',
  'SUPPRESSED',
  'UNSUPPRESSED',
  'RESOLVED',
  'REOPENED',
  'OWNER_CHANGED',
  'SEVERITY_OVERRIDDEN',
  'COMMENT',
  'TASK_CREATED',
  'TASK_CANCELLED',
  'EVIDENCE_UPDATED',
  'ROUTING_EVALUATED',
  'TRANSFORMED',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];
const PREFIX = 'FINDING_AUDIT_EVENT_TYPE_';

export type JsonAuditEvent = Record<string, unknown> & {
  eventId: string;
  findingId: string;
  eventType: string;
  createdAt: string;
};

/** Who acted and as part of what: all optional (a lapse has no actor). */
export interface AuditContext {
  actor?: string | undefined;
  bulkOperationId?: string | undefined;
  ticketId?: string | undefined;
  /**
   * The event's detail as the vendor keeps it: the parsed OCSF event (`FindingAuditEvent.ocsf`),
   * e.g. a decoy credential's use (seed-contain.ts).
   */
  ocsf?: Record<string, unknown> | undefined;
}

/** A google.protobuf.Timestamp as proto3 JSON writes it: RFC 3339, UTC, no fraction when whole. */
export const protoTimestamp = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** RFC 3339 as a proto3 JSON parser takes a Timestamp: date, time, optional fraction, Z or an offset. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/** A Timestamp filter: undefined when unset, NaN when it is not one (the 400 the tenant answers). */
function timestampFilter(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  return typeof v === 'string' && RFC3339.test(v) ? Date.parse(v) : Number.NaN;
}

/** An enum list filter: names or numbers (proto3 JSON takes both); undefined entries make it malformed. */
function eventTypesFilter(v: unknown): string[] | undefined | 'malformed' {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) return 'malformed';
  const names = v.map((x) =>
    typeof x === 'number' ? AUDIT_EVENT_TYPES[x] : typeof x === 'string' ? x.replace(PREFIX, '') : undefined,
  );
  if (names.some((n) => n === undefined || !(AUDIT_EVENT_TYPES as readonly string[]).includes(n)))
    return 'malformed';
  return names.length > 0 ? names.map((n) => `${PREFIX}${n}`) : undefined;
}

const stringFilter = (v: unknown): string | undefined | 'malformed' =>
  v === undefined || v === null || v === '' ? undefined : typeof v === 'string' ? v : 'malformed';

interface Stored {
  at: number;
  seq: number;
  event: JsonAuditEvent;
}

export class FindingAudit {
  readonly #events: Stored[] = [];
  #seq = 0;

  /** `subjectOf`: the actor's subject (their email when the tenant knows them, else ""). */
  constructor(private readonly subjectOf: (principalId: string) => string = () => '') {}

  /** Records one event about `finding` as it is after the change, at `at` (ms). */
  record(finding: JsonFinding, type: AuditEventType, at: number, ctx: AuditContext = {}): JsonAuditEvent {
    const seq = ++this.#seq;
    const actor = ctx.actor ?? '';
    const subject = actor ? this.subjectOf(actor) : '';
    const event: JsonAuditEvent = {
      eventId: `FAE_${String(seq).padStart(6, '0')}`,
      findingId: finding.id,
      eventType: `${PREFIX}${type}`,
      createdAt: protoTimestamp(at),
      // Zero values (an empty string) are left out, as proto3 JSON may.
      ...(typeof finding.appId === 'string' && finding.appId ? { appId: finding.appId } : {}),
      ...(actor ? { actorPrincipalId: actor } : {}),
      ...(subject ? { actorSubject: subject } : {}),
      stateAtEvent: finding.state,
      ...(typeof finding.severity === 'string' ? { severityAtEvent: finding.severity } : {}),
      ...(ctx.ticketId ? { ticketId: ctx.ticketId } : {}),
      ...(ctx.bulkOperationId ? { bulkOperationId: ctx.bulkOperationId } : {}),
      ...(ctx.ocsf ? { ocsf: structuredClone(ctx.ocsf) } : {}),
    };
    this.#events.push({ at, seq, event });
    return event;
  }

  /** Every event, oldest first (copies). */
  all(): JsonAuditEvent[] {
    return this.#sorted().map((s) => structuredClone(s.event));
  }

  /**
   * The events a FindingAuditServiceSearchRequest matches, oldest first (the vendor promises no
   * order; this tenant keeps one so pages are stable), or the 400 a malformed filter gets.
   * `since` is inclusive and `until` exclusive.
   */
  search(request: Record<string, unknown>): JsonAuditEvent[] | Answer {
    const body = jsonNamed(request);
    const types = eventTypesFilter(body.eventTypes);
    if (types === 'malformed')
      return grpcError(400, 3, 'invalid value for eventTypes: a list of event types');
    const since = timestampFilter(body.since);
    const until = timestampFilter(body.until);
    if (Number.isNaN(since)) return grpcError(400, 3, 'invalid value for since: an RFC 3339 timestamp');
    if (Number.isNaN(until)) return grpcError(400, 3, 'invalid value for until: an RFC 3339 timestamp');
    const exact: Record<string, string | undefined> = {};
    for (const field of ['findingId', 'actorPrincipalId', 'actorSubject', 'appId'] as const) {
      const value = stringFilter(body[field]);
      if (value === 'malformed') return grpcError(400, 3, `invalid value for ${field}: a string`);
      exact[field] = value;
    }
    return this.#sorted()
      .filter(({ at, event }) => {
        if (types && !types.includes(event.eventType)) return false;
        if (since !== undefined && at < since) return false;
        if (until !== undefined && at >= until) return false;
        return Object.entries(exact).every(([k, v]) => v === undefined || event[k] === v);
      })
      .map((s) => structuredClone(s.event));
  }

  #sorted(): Stored[] {
    return [...this.#events].sort((a, b) => a.at - b.at || a.seq - b.seq);
  }
}
