import { describeFailure } from '../blockkit/failure.js';
import { type HistoryActor, type HistoryEntry, renderHistoryModal } from '../blockkit/history.js';
import { renderInfoModal } from '../blockkit/info-modal.js';
import { code } from '../blockkit/mrkdwn.js';
import type { FindingAuditEvent } from '../model/finding-audit.js';
import type { Ports } from '../ports/index.js';
import type { AuditEntry } from '../ports/store.js';
import type { AuthorizePorts } from './authorize.js';
import { logTenantFailure } from './log-failure.js';

/**
 * History: a finding's audit events from the tenant (what was done in Slack and outside it),
 * newest first, in a modal paged ten at a time. Who acted is mapped to a Slack member where Warden
 * can: the tenant user by email, and for a change Warden itself made (the tenant records Warden's
 * service principal) the person who made it in Slack, from Warden's own audit log.
 */
export type HistoryPorts = AuthorizePorts & Pick<Ports, 'findings' | 'views' | 'owners'>;

/** The newest events Warden reads; older ones are for the tenant's own console. */
const MAX_EVENTS = 500;
/** A Slack change and the tenant's event of it are this close in time. */
const SAME_CHANGE_MS = 120_000;

const WARDEN_ACTION: Record<string, string> = {
  FINDING_AUDIT_EVENT_TYPE_SNOOZED: 'snooze',
  FINDING_AUDIT_EVENT_TYPE_RISK_ACCEPTED: 'acceptRisk',
  FINDING_AUDIT_EVENT_TYPE_SUPPRESSED: 'suppress',
  FINDING_AUDIT_EVENT_TYPE_RESOLVED: 'resolve',
  FINDING_AUDIT_EVENT_TYPE_REOPENED: 'reopen',
  FINDING_AUDIT_EVENT_TYPE_UNSUPPRESSED: 'unsuppress',
  FINDING_AUDIT_EVENT_TYPE_OWNER_CHANGED: 'assignOwner',
  FINDING_AUDIT_EVENT_TYPE_TASK_CREATED: 'createTask',
};

export interface HistoryRequest {
  findingId: string;
  userId: string;
  channel: string | undefined;
  /** The card the button was on: it must be Warden's card for this finding. */
  cardTs?: string | undefined;
  ref: string;
}

const timeOf = (e: FindingAuditEvent) => {
  const t = Date.parse(e.createdAt ?? '');
  return Number.isFinite(t) ? t : 0;
};

/**
 * The Slack change in Warden's audit log that this tenant event records, if any: the nearest in
 * time, since changes of one kind often come close together (snoozed by one person, reopened,
 * snoozed again by another) and each is its own person's, not the newest one's.
 */
function slackChangeOf(e: FindingAuditEvent, ours: readonly AuditEntry[]): AuditEntry | undefined {
  const action = WARDEN_ACTION[e.eventType ?? ''];
  if (!action) return undefined;
  const gap = (a: AuditEntry) => Math.abs(a.at - timeOf(e));
  let nearest: AuditEntry | undefined;
  for (const a of ours) {
    if (a.action !== action || gap(a) > SAME_CHANGE_MS) continue;
    if (!nearest || gap(a) < gap(nearest)) nearest = a;
  }
  return nearest;
}

async function actorOf(
  p: HistoryPorts,
  e: FindingAuditEvent,
  ours: readonly AuditEntry[],
): Promise<HistoryActor> {
  const id = e.actorPrincipalId;
  if (!id) return { kind: 'system' };
  const person = await p.owners.personOf(id);
  if (person.slackUserId) return { kind: 'person', slackUserId: person.slackUserId, viaWarden: false };
  // Not a person Slack knows: Warden's own service principal, when the change was made in Slack.
  // Only a principal that is no person of the tenant's (Warden's own service principal is one) can
  // stand for a change made in Slack: a tenant user acting outside Slack is theirs, however close.
  const made = person.why === 'no-tenant-user' ? slackChangeOf(e, ours) : undefined;
  if (!made) return { kind: 'tenant', id, name: person.name };
  const requester = typeof made.params.requester === 'string' ? made.params.requester : undefined;
  return requester
    ? { kind: 'person', slackUserId: requester, viaWarden: true, approvedBy: made.user_id }
    : { kind: 'person', slackUserId: made.user_id, viaWarden: true };
}

async function loadEntries(p: HistoryPorts, findingId: string) {
  const [{ events, truncated }, ours] = await Promise.all([
    p.findings.history(findingId, MAX_EVENTS),
    p.audit.auditLog({ findingId, limit: 200 }).then(
      (all) => all.filter((a) => a.outcome === 'ok'),
      () => [] as AuditEntry[],
    ),
  ]);
  const sorted = [...events].sort((a, b) => timeOf(b) - timeOf(a));
  const entries: HistoryEntry[] = [];
  for (const e of sorted) {
    entries.push({
      at: e.createdAt ?? undefined,
      eventType: e.eventType ?? undefined,
      actor: await actorOf(p, e, ours),
      state: e.stateAtEvent ?? undefined,
      severity: e.severityAtEvent ?? undefined,
      ticketId: e.ticketId || undefined,
      bulkOperationId: e.bulkOperationId || undefined,
    });
  }
  return { entries, truncated };
}

/** Shows a page in the modal `viewId` (open already; permission checked by the runner). */
async function showPage(p: HistoryPorts, req: HistoryRequest, viewId: string, page: number): Promise<void> {
  try {
    const { entries, truncated } = await loadEntries(p, req.findingId);
    await p.views.update(
      viewId,
      renderHistoryModal({ findingId: req.findingId, entries, page, total: entries.length, truncated }),
    );
  } catch (error) {
    logTenantFailure(p.logger.child({ ref: req.ref, findingId: req.findingId }), error, 'history not shown');
    await p.views.update(
      viewId,
      renderInfoModal(describeFailure(error, `read the history of finding ${code(req.findingId)}`, req.ref)),
    );
  }
}

/** History (button or command): the newest page, in the modal the runner opened. */
export async function openHistory(p: HistoryPorts, req: HistoryRequest & { viewId: string }): Promise<void> {
  await showPage(p, req, req.viewId, 0);
}

/** Newer / Older inside the modal (permission checked again by the runner, no card now). */
export async function turnHistoryPage(
  p: HistoryPorts,
  req: Omit<HistoryRequest, 'cardTs'> & { viewId: string; page: number },
): Promise<void> {
  await showPage(p, req, req.viewId, req.page);
}
