import { randomBytes } from 'node:crypto';
import { type Answer, grpcError, isObject, messageOf, nonEmpty } from './answer.js';
import { actionParamsProblem } from './finding-rules.js';
import type { TenantFindings } from './findings.js';

/** One bulk change as the tenant ran it: which findings it reached and which it refused. */
export interface BulkOperation {
  id: string;
  action: BulkAction;
  findingIds: string[];
  applied: string[];
  refused: { findingId: string; message: string }[];
  /** Set once the tenant has gone through every finding (it works asynchronously). */
  done: boolean;
}

const BULK_ACTIONS = ['snooze', 'suppress', 'acceptRisk', 'reopen', 'unsuppress', 'assignOwner'] as const;
type BulkAction = (typeof BULK_ACTIONS)[number];
const OWNER_MEMBERS = ['identityUserId', 'appOwnerAppId', 'managerOfUserId', 'userSetId'];
const set = (v: unknown) => v !== undefined && v !== null;

/**
 * POST /api/v1/findings/bulk/state (api-facts.md "More operations"): checked whole at once (a bad
 * request is a 400 and nothing changes), then answered with a bulk action id and applied later,
 * finding by finding, as the real tenant does. A finding the action can't move (its state does
 * not allow it) is refused and the others still change.
 */
export class BulkOperations {
  readonly all = new Map<string, BulkOperation>();
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly findings: TenantFindings,
    private readonly now: () => number,
    /** How long the tenant takes before it applies a bulk change (ms). */
    private readonly delayMs: () => number,
  ) {}

  start(body: Record<string, unknown>, actor: string): Answer {
    const targets = this.#targets(body);
    if (!Array.isArray(targets)) return targets;
    const chosen = BULK_ACTIONS.filter((a) => set(body[a]));
    const [action] = chosen;
    if (chosen.length !== 1 || action === undefined) {
      return grpcError(400, 3, `exactly one action must be set (got ${chosen.join(', ') || 'none'})`);
    }
    const params = body[action];
    if (!isObject(params)) return grpcError(400, 3, `${action} must be an object`);
    const problem =
      action === 'assignOwner' ? ownerProblem(params) : actionParamsProblem(action, params, this.now());
    if (problem) return problem;
    const op: BulkOperation = {
      id: `BULK_${randomBytes(6).toString('hex')}`,
      action,
      findingIds: targets,
      applied: [],
      refused: [],
      done: false,
    };
    this.all.set(op.id, op);
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#apply(op, params, actor);
    }, this.delayMs());
    timer.unref();
    this.#timers.add(timer);
    return { status: 200, body: { bulkActionId: op.id } };
  }

  close(): void {
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
  }

  /** The findings named by `refs` or matched by `searchRequest` (one of the two, not both). */
  #targets(body: Record<string, unknown>): string[] | Answer {
    const hasRefs = Array.isArray(body.refs) && body.refs.length > 0;
    const hasSearch = isObject(body.searchRequest);
    if (hasRefs === hasSearch) return grpcError(400, 3, 'exactly one of refs and searchRequest must be set');
    if (hasSearch) {
      const found = this.findings.search(body.searchRequest as Record<string, unknown>, this.now());
      return Array.isArray(found) ? found.map((f) => f.id) : found;
    }
    const ids: string[] = [];
    for (const ref of body.refs as unknown[]) {
      if (!isObject(ref) || !nonEmpty(ref.id))
        return grpcError(400, 3, 'each ref must be a FindingRef {"id": …}');
      if (!ids.includes(ref.id)) ids.push(ref.id);
    }
    return ids;
  }

  #apply(op: BulkOperation, params: Record<string, unknown>, actor: string): void {
    // Each change is audited with the bulk operation's id (FindingAuditEvent.bulkOperationId).
    const ctx = { bulkOperationId: op.id };
    for (const id of op.findingIds) {
      const answer =
        op.action === 'assignOwner'
          ? this.findings.assignOwner(id, ownerOf(params), actor, this.now(), ctx)
          : this.findings.changeState(id, { [op.action]: params }, actor, this.now(), ctx);
      if (answer.status === 200) op.applied.push(id);
      else op.refused.push({ findingId: id, message: messageOf(answer) });
    }
    op.done = true;
  }
}

/** The owner oneof: exactly one member, a non-empty id. */
function ownerProblem(params: Record<string, unknown>): Answer | undefined {
  const owner = params.owner;
  if (!isObject(owner)) return grpcError(400, 3, 'assignOwner.owner is required');
  const members = OWNER_MEMBERS.filter((m) => set(owner[m]));
  if (members.length !== 1) return grpcError(400, 3, 'assignOwner.owner must set exactly one owner');
  return nonEmpty(owner[members[0] ?? '']) ? undefined : grpcError(400, 3, 'assignOwner.owner id is empty');
}

function ownerOf(params: Record<string, unknown>): Record<string, string> {
  const owner = isObject(params.owner) ? params.owner : {};
  return Object.fromEntries(
    OWNER_MEMBERS.filter((m) => nonEmpty(owner[m])).map((m) => [m, String(owner[m])]),
  );
}
