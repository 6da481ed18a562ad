import { z } from 'zod';
import { FINDING_SEVERITIES, FINDING_STATES } from './finding.js';
import { openEnum, str } from './wire-types.js';

/**
 * One event of a finding's history as the tenant keeps it (the vendor's FindingAuditEvent, from
 * POST /api/v1/search/finding_audits): what happened, when, who, and the state and severity the
 * finding had then. Open enums: an event type newer than Warden is shown as it comes.
 */

export const FINDING_AUDIT_EVENT_TYPES = [
  'FINDING_AUDIT_EVENT_TYPE_UNSPECIFIED',
  'FINDING_AUDIT_EVENT_TYPE_CREATED',
  'FINDING_AUDIT_EVENT_TYPE_STATE_CHANGED',
  'FINDING_AUDIT_EVENT_TYPE_SNOOZED',
  'FINDING_AUDIT_EVENT_TYPE_SNOOZE_EXPIRED',
  'FINDING_AUDIT_EVENT_TYPE_RISK_ACCEPTED',
  'FINDING_AUDIT_EVENT_TYPE_RISK_ACCEPTANCE_EXPIRED',
  'FINDING_AUDIT_EVENT_TYPE_SUPPRESSED',
  'FINDING_AUDIT_EVENT_TYPE_UNSUPPRESSED',
  'FINDING_AUDIT_EVENT_TYPE_RESOLVED',
  'FINDING_AUDIT_EVENT_TYPE_REOPENED',
  'FINDING_AUDIT_EVENT_TYPE_OWNER_CHANGED',
  'FINDING_AUDIT_EVENT_TYPE_SEVERITY_OVERRIDDEN',
  'FINDING_AUDIT_EVENT_TYPE_COMMENT',
  'FINDING_AUDIT_EVENT_TYPE_TASK_CREATED',
  'FINDING_AUDIT_EVENT_TYPE_TASK_CANCELLED',
  'FINDING_AUDIT_EVENT_TYPE_EVIDENCE_UPDATED',
  'FINDING_AUDIT_EVENT_TYPE_ROUTING_EVALUATED',
  'FINDING_AUDIT_EVENT_TYPE_TRANSFORMED',
] as const;

export const FindingAuditEventSchema = z.looseObject({
  eventId: str,
  findingId: str,
  eventType: openEnum(FINDING_AUDIT_EVENT_TYPES).nullish(),
  createdAt: str,
  actorPrincipalId: str,
  actorSubject: str,
  stateAtEvent: openEnum(FINDING_STATES).nullish(),
  severityAtEvent: openEnum(FINDING_SEVERITIES).nullish(),
  ticketId: str,
  bulkOperationId: str,
});
export type FindingAuditEvent = z.output<typeof FindingAuditEventSchema>;

/**
 * An audit event as the SLA clocks and their report read it: the fields they use, the rest dropped
 * as it is read. The report reads the tenant's whole trail (500,000 events in the bench) and
 * holds thousands at a time: a closed object reads its own six keys, where the open event above
 * reads and copies every key the tenant sends.
 */
export const ClockAuditEventSchema = z.object({
  findingId: str,
  eventType: openEnum(FINDING_AUDIT_EVENT_TYPES).nullish(),
  createdAt: str,
  actorPrincipalId: str,
  stateAtEvent: openEnum(FINDING_STATES).nullish(),
  severityAtEvent: openEnum(FINDING_SEVERITIES).nullish(),
});
export type ClockAuditEvent = z.output<typeof ClockAuditEventSchema>;
