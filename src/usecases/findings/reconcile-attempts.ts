import { actionWhat } from '../../blockkit/action-table.js';
import { describeChange } from '../../blockkit/audit.js';
import { restartedApplied, restartedNotApplied } from '../../blockkit/outcome-words.js';
import { actionFromParams, isActionApplied } from '../../domain/actions.js';
import type { Finding } from '../../model/finding.js';
import type { AuditEntry } from '../../ports/store.js';
import type { ChangePorts } from '../shared/change-finding-state.js';
import { findingChanged } from '../shared/finding-changed.js';
import { settleAudit } from '../shared/record-audit.js';
import { BULK, reconcileBulk, releaseClaimOf } from './reconcile-bulk.js';

/** This process's lease, as the reconciler reads others' by it (store/instance-lease.ts). */
export interface LeaseView {
  /** Wall time (ms), the measure of leases. */
  now(): number;
  /** False while others' leases cannot be believed (after this process lost the store). */
  othersTrusted(): boolean;
}

/**
 * State changes whose process died while the tenant was applying them (SIGKILL, a lost node):
 * the audit attempt was written, its outcome never was. Each attempt names the process that made
 * it; once that process's lease is gone (store/instance-lease.ts: seconds after it died, at once
 * after a clean stop) the attempt is an orphan, and a live process's never is. Attempts of older
 * versions (no process named), and this process's own that an outage left unsettled, are orphans
 * past the longest a change can take (settings.changeDeadlineMs). The finding is read back: if
 * the tenant applied the change, every card is replaced and the thread told, as after any change;
 * either way the attempt gets its outcome and the person who acted is told what became of it.
 * The store decides which replica settles each attempt, so each is reconciled once.
 */
export async function reconcileAttempts(p: ChangePorts, lease?: LeaseView): Promise<number> {
  const orphans = await orphanAttempts(p, lease);
  let settled = 0;
  for (const attempt of orphans) {
    if (await reconcileOne(p, attempt)) settled++;
  }
  if (settled > 0) p.logger.info({ settled }, 'state changes interrupted by a restart reconciled');
  return settled;
}

/** The attempts no live process will settle (at most 50, oldest first). */
export function orphanAttempts(
  p: Pick<ChangePorts, 'audit' | 'clock'> & {
    settings: Pick<ChangePorts['settings'], 'instanceId' | 'changeDeadlineMs'>;
  },
  lease?: LeaseView,
): Promise<AuditEntry[]> {
  return p.audit.unsettledAttempts({
    self: p.settings.instanceId,
    before: p.clock() - p.settings.changeDeadlineMs,
    now: lease?.now() ?? 0,
    byLease: lease?.othersTrusted() ?? false,
    limit: 50,
  });
}

/** One orphan attempt, with the ports of the workspace it was made in: settled, and its person told. */
export async function reconcileOne(p: ChangePorts, a: AuditEntry): Promise<boolean> {
  const log = p.logger.child({ auditId: a.id, findingId: a.finding_id, action: a.action });
  const id = a.id ?? '';
  if (a.action.startsWith(BULK)) return reconcileBulk(p, a, id);
  const action = actionFromParams(a.action, a.params);
  if (!action) return settleAudit(p, id, 'failed', 'interrupted; its action could not be read back');
  let finding: Finding;
  try {
    finding = await p.findings.get(a.finding_id);
  } catch (error) {
    log.warn({ err: error }, 'interrupted change not reconciled yet: the finding could not be read');
    return false;
  }
  const applied = isActionApplied(finding, action);
  const note = applied
    ? 'interrupted by a restart; the tenant had applied it'
    : 'interrupted by a restart; the tenant had not applied it';
  if (!(await settleAudit(p, id, applied ? 'ok' : 'failed', note))) return false;
  await releaseClaimOf(p, a, a.finding_id);
  const audience = { channel: a.channel ?? a.user_id, user: a.user_id };
  const requester = typeof a.params.requester === 'string' ? a.params.requester : undefined;
  const what = actionWhat(action.kind, a.finding_id);
  if (!applied) {
    await p.privately.tell(audience, restartedNotApplied(what));
    return true;
  }
  const line = describeChange(action, a.user_id, finding, requester);
  // Whoever made it gets its reminder, as if it had not been interrupted.
  const made = { action, by: requester ?? a.user_id, approvedBy: requester && a.user_id };
  const everywhere = { reply: line, primaryChannel: audience.channel };
  await findingChanged(p, finding, { made, cards: { everywhere } });
  await p.privately.tell(audience, restartedApplied(what, line));
  return true;
}
