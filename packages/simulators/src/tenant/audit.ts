import { createHash } from 'node:crypto';
import { type Answer, grpcError, isObject, jsonNamed } from './answer.js';
import type { JsonFinding } from './finding-fixture.js';
import { filtersOf, pageSizeOf } from './paging.js';

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
  /** Oldest first by time then sequence, unless `#unordered` (one recorded at an earlier time). */
  readonly #events: Stored[] = [];
  #unordered = false;
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
    // Frozen once recorded (an audit event never changes): pages hand out the stored events
    // themselves rather than a copy of each, so a page of the whole trail costs what it returns.
    deepFreeze(event);
    const last = this.#events.at(-1);
    if (last && at < last.at) this.#unordered = true;
    this.#events.push({ at, seq, event });
    return event;
  }

  /** Every event, oldest first (copies). */
  all(): JsonAuditEvent[] {
    return this.#inOrder().map((s) => structuredClone(s.event));
  }

  /**
   * One page of the events a FindingAuditServiceSearchRequest matches, oldest first (the vendor
   * promises no order; this tenant keeps one so pages are stable), or the 400 a malformed filter or
   * a page token of other filters gets. `since` is inclusive and `until` exclusive; page sizes as
   * tenant-api.md says (10..100, default 25).
   *
   * A page costs what it returns, not the whole trail: the events are kept in order (sorted again
   * only after one is recorded out of order), and the page token is where the last page stopped
   * (an event's time and sequence, opaque to the caller), so the next page starts by a binary
   * search. An event recorded later at a time already paged past is not on the later pages, as
   * with any cursor over a live trail.
   */
  search(request: Record<string, unknown>): Answer {
    const body = jsonNamed(request);
    const types = eventTypesFilter(body.eventTypes);
    if (types === 'malformed')
      return grpcError(400, 3, 'invalid value for eventTypes: a list of event types');
    const since = timestampFilter(body.since);
    const until = timestampFilter(body.until);
    if (Number.isNaN(since)) return grpcError(400, 3, 'invalid value for since: an RFC 3339 timestamp');
    if (Number.isNaN(until)) return grpcError(400, 3, 'invalid value for until: an RFC 3339 timestamp');
    const exact: [string, string][] = [];
    for (const field of ['findingId', 'actorPrincipalId', 'actorSubject', 'appId'] as const) {
      const value = stringFilter(body[field]);
      if (value === 'malformed') return grpcError(400, 3, `invalid value for ${field}: a string`);
      if (value !== undefined) exact.push([field, value]);
    }
    const size = pageSizeOf(body.page_size ?? body.pageSize);
    const filterKey = createHash('sha256')
      .update(JSON.stringify(filtersOf(body)))
      .digest('base64url')
      .slice(0, 12);
    const token = body.page_token ?? body.pageToken;
    let after: { at: number; seq: number } | undefined;
    if (typeof token === 'string' && token !== '') {
      after = decodeCursor(token, filterKey);
      if (!after) return grpcError(400, 3, 'invalid page_token');
    }
    const events = this.#inOrder();
    let i = after
      ? firstIndex(events, (s) => s.at > after.at || (s.at === after.at && s.seq > after.seq))
      : since !== undefined
        ? firstIndex(events, (s) => s.at >= since)
        : 0;
    const page: Stored[] = [];
    let more = false;
    for (; i < events.length; i++) {
      const s = events[i] as Stored;
      if (until !== undefined && s.at >= until) break;
      if (since !== undefined && s.at < since) continue;
      if (types && !types.includes(s.event.eventType)) continue;
      if (!exact.every(([k, v]) => s.event[k] === v)) continue;
      if (page.length === size) {
        more = true;
        break;
      }
      page.push(s);
    }
    const last = page.at(-1);
    return {
      status: 200,
      body: {
        list: page.map((s) => s.event),
        nextPageToken: more && last ? encodeCursor(last, filterKey) : '',
      },
    };
  }

  #inOrder(): Stored[] {
    if (this.#unordered) {
      this.#events.sort((a, b) => a.at - b.at || a.seq - b.seq);
      this.#unordered = false;
    }
    return this.#events;
  }
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  for (const v of Object.values(value)) deepFreeze(v);
  Object.freeze(value);
}

/** The first index whose event satisfies `ok` (monotone over the ordered events), else the length. */
function firstIndex(events: readonly Stored[], ok: (s: Stored) => boolean): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ok(events[mid] as Stored)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function encodeCursor(s: Stored, filterKey: string): string {
  return Buffer.from(JSON.stringify({ a: s.at, s: s.seq, f: filterKey })).toString('base64url');
}

function decodeCursor(token: string, filterKey: string): { at: number; seq: number } | undefined {
  try {
    const d: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (isObject(d) && typeof d.a === 'number' && typeof d.s === 'number' && d.f === filterKey)
      return { at: d.a, seq: d.s };
  } catch {
    // not one of ours
  }
  return undefined;
}
