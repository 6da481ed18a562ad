import { containCardLine } from '../../blockkit/contain-words.js';
import { CONTAIN_ACTIONS } from '../../domain/contain.js';
import { TASK_STATUSES } from '../../domain/task-status.js';
import type { ContainWords } from '../../ports/contain.js';
import type { AuditEntry } from '../../ports/store.js';

/**
 * What a card shows of its newest containment, read from Warden's audit log (the entries the card
 * reads anyway): what is taken away, by whom asked, where its task stands (usecases/contain/).
 */
export function containShownOf(entries: readonly AuditEntry[]): string | undefined {
  // Newest first: the last state told of any containment of the finding.
  const e = entries.find((x) => x.action === 'contain.state');
  if (!e) return undefined;
  const p = e.params;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const action = CONTAIN_ACTIONS.find((a) => a === p.action);
  if (!action) return undefined;
  const raw = typeof p.words === 'object' && p.words !== null ? (p.words as Record<string, unknown>) : {};
  const words: ContainWords = {
    app: str(raw.app),
    entitlement: str(raw.entitlement),
    account: str(raw.account),
    person: str(raw.person),
    personSlackId: str(raw.personSlackId),
  };
  return containCardLine({
    action,
    words,
    appId: str(p.appId),
    entitlementId: str(p.entitlementId),
    appUserId: str(p.appUserId),
    subjectId: str(p.subjectId),
    status: str(p.status) ?? '',
    taskLabel: str(p.task) ?? null,
    taskStatus: TASK_STATUSES.find((s) => s === p.taskStatus),
    requesterId: e.user_id,
  });
}
