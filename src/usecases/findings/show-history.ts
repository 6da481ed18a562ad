import { describeFailure } from '../../blockkit/failure.js';
import { type HistoryActor, type HistoryEntry, renderHistoryModal } from '../../blockkit/history.js';
import { renderInfoModal } from '../../blockkit/info-modal.js';
import { code } from '../../blockkit/mrkdwn.js';
import { principalOf } from '../../domain/credit.js';
import type { FindingAuditEvent } from '../../model/finding-audit.js';
import type { Ports } from '../../ports/index.js';
import type { AuditEntry } from '../../ports/store.js';
import type { AuthorizePorts } from '../shared/authorize.js';
import { logTenantFailure } from '../shared/log-failure.js';

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

const bulkIdsOf = (a: AuditEntry): string[] =>
  [a.params.bulkActionId, ...(Array.isArray(a.params.bulkActionIds) ? a.params.bulkActionIds : [])].filter(
    (id): id is string => typeof id === 'string' && id !== '',
  );

/**
 * Whether Warden's change `a` may be the one the tenant's event `e` records: the same kind, close
 * in time, by the principal the tenant named for Warden's change when Warden kept it, and in the
 * same bulk operation when both say which (a change to one finding is never a bulk operation's).
 */
function mayRecord(e: FindingAuditEvent, a: AuditEntry): boolean {
  if (WARDEN_ACTION[e.eventType ?? ''] !== a.action) return false;
  if (Math.abs(a.at - timeOf(e)) > SAME_CHANGE_MS) return false;
  const principal = principalOf(a.params);
  if (principal && e.actorPrincipalId !== principal) return false;
  const ids = bulkIdsOf(a);
  const bulk = ids.length > 0 || typeof a.params.group === 'string';
  if (e.bulkOperationId && (!bulk || (ids.length > 0 && !ids.includes(e.bulkOperationId)))) return false;
  return true;
}

/**
 * The Slack change in Warden's audit log each tenant event records, if any, among the events of
 * a principal that is no tenant user (`candidates`). One change is one event: pairs are taken
 * nearest in time first, so a change credits the event it made and never another principal's
 * event of the same kind a minute later; changes of one kind often come close together (snoozed
 * by one person, reopened, snoozed again by another) and each is its own person's.
 */
function slackChangesOf(
  events: readonly FindingAuditEvent[],
  candidates: ReadonlySet<number>,
  ours: readonly AuditEntry[],
): Map<number, AuditEntry> {
  const pairs: { event: number; entry: number; gap: number }[] = [];
  for (const event of candidates) {
    const e = events[event];
    if (!e) continue;
    ours.forEach((a, entry) => {
      if (mayRecord(e, a)) pairs.push({ event, entry, gap: Math.abs(a.at - timeOf(e)) });
    });
  }
  pairs.sort((x, y) => x.gap - y.gap);
  const made = new Map<number, AuditEntry>();
  const used = new Set<number>();
  for (const { event, entry } of pairs) {
    const a = ours[entry];
    if (made.has(event) || used.has(entry) || !a) continue;
    made.set(event, a);
    used.add(entry);
  }
  return made;
}

async function actorOf(
  p: HistoryPorts,
  e: FindingAuditEvent,
): Promise<{ actor: HistoryActor; ours: boolean }> {
  const id = e.actorPrincipalId;
  if (!id) return { actor: { kind: 'system' }, ours: false };
  const person = await p.owners.personOf(id);
  if (person.slackUserId)
    return { actor: { kind: 'person', slackUserId: person.slackUserId, viaWarden: false }, ours: false };
  // Not a person Slack knows: Warden's own service principal, when the change was made in Slack.
  // Only a principal that is no person of the tenant's (Warden's own service principal is one) can
  // stand for a change made in Slack: a tenant user acting outside Slack is theirs, however close.
  return { actor: { kind: 'tenant', id, name: person.name }, ours: person.why === 'no-tenant-user' };
}

/** The person in Slack behind a change Warden made (a four-eyes requester, with the approver). */
function slackPerson(made: AuditEntry): HistoryActor {
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
  const actors: HistoryActor[] = [];
  const candidates = new Set<number>();
  for (const [i, e] of sorted.entries()) {
    const { actor, ours: maybeOurs } = await actorOf(p, e);
    actors.push(actor);
    if (maybeOurs) candidates.add(i);
  }
  const made = slackChangesOf(sorted, candidates, ours);
  const entries: HistoryEntry[] = [];
  for (const [i, e] of sorted.entries()) {
    const ourChange = made.get(i);
    entries.push({
      at: e.createdAt ?? undefined,
      eventType: e.eventType ?? undefined,
      actor: ourChange ? slackPerson(ourChange) : (actors[i] ?? { kind: 'system' }),
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
