import { type ClockChange, isClosedState } from './sla.js';

/** The tenant's audit events as the SLA clocks read them (api-facts.md: FindingAudit). */

/** Audit event types that are a person's action on the finding when the tenant names an actor. */
const ACTING_EVENTS = new Set(
  [
    'STATE_CHANGED',
    'SNOOZED',
    'RISK_ACCEPTED',
    'SUPPRESSED',
    'UNSUPPRESSED',
    'RESOLVED',
    'REOPENED',
    'OWNER_CHANGED',
    'TASK_CREATED',
  ].map((t) => `FINDING_AUDIT_EVENT_TYPE_${t}`),
);

/**
 * The event types a clock reads: a finding's creation, each change of its state or severity (the
 * tenant records each as an event of its own), the actions that acknowledge it, and the types
 * whose meaning Warden does not know for sure. Comments, evidence updates and routing evaluations
 * change none of these and are much of a trail (nearly four events in ten in the bench's): the
 * SLA clocks and their report ask the tenant for these types alone.
 */
export const CLOCK_EVENT_TYPES = [
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
  'TASK_CREATED',
  'TASK_CANCELLED',
  'TRANSFORMED',
].map((t) => `FINDING_AUDIT_EVENT_TYPE_${t}`);

/** Closure events: the finding went to a closed state. */
export const isClosureEvent = (e: {
  eventType?: string | null | undefined;
  stateAtEvent?: string | null | undefined;
}) =>
  isClosedState(e.stateAtEvent) &&
  (e.eventType === 'FINDING_AUDIT_EVENT_TYPE_RESOLVED' ||
    e.eventType === 'FINDING_AUDIT_EVENT_TYPE_SUPPRESSED' ||
    e.eventType === 'FINDING_AUDIT_EVENT_TYPE_STATE_CHANGED');

/**
 * A tenant audit event as a clock change (undefined: it changes nothing a clock reads). `at` is
 * its `createdAt` already read (the report reads half a million: each time is parsed once).
 */
export function changeOfEvent(
  e: {
    eventType?: string | null | undefined;
    createdAt?: string | null | undefined;
    actorPrincipalId?: string | null | undefined;
    stateAtEvent?: string | null | undefined;
    severityAtEvent?: string | null | undefined;
  },
  at = Date.parse(e.createdAt ?? ''),
): ClockChange | undefined {
  if (!Number.isFinite(at)) return undefined;
  const acknowledged = Boolean(e.actorPrincipalId) && ACTING_EVENTS.has(e.eventType ?? '');
  return {
    at,
    state: e.stateAtEvent ?? undefined,
    severity: e.severityAtEvent ?? undefined,
    acknowledged,
  };
}
