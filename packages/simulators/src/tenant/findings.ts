import { randomBytes } from 'node:crypto';
import { type Answer, grpcError, isObject, nonEmpty } from './answer.js';
import { type AuditContext, type AuditEventType, FindingAudit } from './audit.js';
import { ACTIONS, type Action, actionParamsProblem, isAllowed, NO_MANUAL_RESOLVE } from './finding-rules.js';
import { findingMatcher, type SearchFilters } from './finding-search.js';
import { findingTypeMember, findingTypeValue } from './finding-types.js';
import { positionPage } from './paging.js';
import { type JsonFinding, seedFindings } from './seed-findings.js';

export { type Answer, grpcError, isObject, nonEmpty } from './answer.js';
export { type Action, actionParamsProblem } from './finding-rules.js';
export type { SearchFilters } from './finding-search.js';

export interface TenantFindingsOptions {
  /** The tenant's clock: the default time of every read and change. */
  now?: () => number;
  /** Where every change is recorded (one is made when none is given). */
  audit?: FindingAudit;
  /** Whether a snooze of a snoozed finding (an acceptance of an accepted one) extends it; else refused. */
  extendInPlace?: () => boolean;
}

/** The audit event each action records. */
const EVENT_OF: Record<Action, AuditEventType> = {
  snooze: 'SNOOZED',
  acceptRisk: 'RISK_ACCEPTED',
  suppress: 'SUPPRESSED',
  resolve: 'RESOLVED',
  reopen: 'REOPENED',
  unsuppress: 'UNSUPPRESSED',
};

/** When a snooze or an acceptance ends by itself (api-facts.md), and what the audit calls it. */
function lapseOf(f: JsonFinding): { at: number; event: AuditEventType } | undefined {
  const end =
    f.state === 'FINDING_STATE_SNOOZED'
      ? { at: f.snoozeUntil, event: 'SNOOZE_EXPIRED' as const }
      : f.state === 'FINDING_STATE_RISK_ACCEPTED'
        ? { at: f.riskAcceptanceExpiresAt, event: 'RISK_ACCEPTANCE_EXPIRED' as const }
        : undefined;
  if (!end || typeof end.at !== 'string') return undefined;
  const at = Date.parse(end.at);
  return Number.isFinite(at) ? { at, event: end.event } : undefined;
}

const createdAtOf = (f: JsonFinding, fallback: number) => {
  const t = typeof f.createdAt === 'string' ? Date.parse(f.createdAt) : Number.NaN;
  return Number.isFinite(t) ? t : fallback;
};

/** The sandbox's findings: state, transitions and search, as the tenant would keep them. */
export class TenantFindings {
  readonly #byId = new Map<string, JsonFinding>();
  /** The ids in the order they were added (none is removed): where a search's pages stand. */
  readonly #order: string[] = [];
  readonly #now: () => number;
  readonly #extendInPlace: () => boolean;
  /** Every change made to a finding, as the tenant's audit search answers it. */
  readonly audit: FindingAudit;

  constructor(seed: JsonFinding[] = seedFindings(), opts: TenantFindingsOptions = {}) {
    this.#now = opts.now ?? Date.now;
    this.#extendInPlace = opts.extendInPlace ?? (() => true);
    this.audit = opts.audit ?? new FindingAudit();
    for (const f of seed) this.put(f);
  }

  /** Adds or replaces a finding (tests and the demo create their own); a new one is audited as created. */
  put(finding: JsonFinding): void {
    const isNew = !this.#byId.has(finding.id);
    const stored = structuredClone(finding);
    this.#byId.set(finding.id, stored);
    if (isNew) this.#order.push(finding.id);
    if (isNew) this.audit.record(stored, 'CREATED', createdAtOf(stored, this.#now()));
  }

  /**
   * The finding as it is now: snoozes and risk acceptances lapse by themselves (api-facts.md),
   * audited once, at the time they ended, with no actor.
   */
  get(id: string, now = this.#now()): JsonFinding | undefined {
    const f = this.#byId.get(id);
    if (!f) return undefined;
    const lapse = lapseOf(f);
    if (lapse && lapse.at <= now) {
      f.state = 'FINDING_STATE_OPEN';
      this.audit.record(f, lapse.event, lapse.at);
    }
    return f;
  }

  all(now = this.#now()): JsonFinding[] {
    return [...this.#byId.keys()].flatMap((id) => this.get(id, now) ?? []);
  }

  /** The findings a search matches, or the 400 a malformed filter gets. */
  search(filters: SearchFilters, now = this.#now()): JsonFinding[] | Answer {
    const matches = findingMatcher(filters);
    if (!matches) return grpcError(400, 3, 'invalid value for refs: each must be a FindingRef {"id": …}');
    return this.all(now).filter(matches);
  }

  /**
   * One page of a search (POST /api/v1/findings/search), walking on from where the last page
   * stopped rather than the whole tenant again each page; or the 400 a malformed filter gets.
   */
  searchPage(body: Record<string, unknown>, now = this.#now()): Answer {
    const matches = findingMatcher(body);
    if (!matches) return grpcError(400, 3, 'invalid value for refs: each must be a FindingRef {"id": …}');
    return positionPage(
      this.#order.length,
      (i) => {
        const f = this.get(this.#order[i] ?? '', now);
        return f && matches(f) ? f : undefined;
      },
      body,
    );
  }

  /**
   * POST /api/v1/findings/{id}/state, by `actor` (a principal id; the API routes act as the
   * client's service principal). `ctx.bulkOperationId` when a bulk change makes it.
   */
  changeState(
    id: string,
    body: unknown,
    actor: string,
    now = this.#now(),
    ctx: Pick<AuditContext, 'bulkOperationId'> = {},
  ): Answer {
    const f = this.get(id, now);
    if (!f) return grpcError(404, 5, `finding ${id} not found`);
    if (!isObject(body)) return grpcError(400, 3, 'request body must be a JSON object');
    const set = ACTIONS.filter((a) => body[a] !== undefined && body[a] !== null);
    const [action] = set;
    if (set.length !== 1 || action === undefined) {
      return grpcError(
        400,
        3,
        `exactly one action must be set (got ${set.length === 0 ? 'none' : set.join(', ')})`,
      );
    }
    const params = body[action];
    if (!isObject(params)) return grpcError(400, 3, `${action} must be an object`);
    if (!isAllowed(action, f.state, this.#extendInPlace())) {
      return grpcError(400, 9, `cannot ${action} a finding in state ${f.state}`);
    }
    const problem = actionParamsProblem(action, params, now);
    if (problem) return problem;
    const stamp = new Date(now).toISOString();
    switch (action) {
      case 'snooze':
        // Also an extension of a snooze (answers.extendInPlace): the new end and reason replace the old.
        Object.assign(f, {
          state: 'FINDING_STATE_SNOOZED',
          snoozeReason: params.reason,
          snoozeUntil: new Date(Date.parse(String(params.snoozeUntil))).toISOString(),
        });
        break;
      case 'acceptRisk':
        Object.assign(f, {
          state: 'FINDING_STATE_RISK_ACCEPTED',
          riskAcceptanceJustification: params.justification,
          riskAcceptanceExpiresAt: new Date(Date.parse(String(params.expiresAt))).toISOString(),
        });
        break;
      case 'suppress':
        Object.assign(f, { state: 'FINDING_STATE_SUPPRESSED', suppressReason: params.reason });
        break;
      case 'resolve': {
        const member = findingTypeMember(f);
        if (member && NO_MANUAL_RESOLVE.has(member)) {
          return grpcError(400, 9, `findings of type ${findingTypeValue(f)} cannot be resolved manually`);
        }
        Object.assign(f, { state: 'FINDING_STATE_RESOLVED', resolvedAt: stamp });
        break;
      }
      case 'reopen':
      case 'unsuppress':
        Object.assign(f, {
          state: 'FINDING_STATE_OPEN',
          snoozeReason: '',
          snoozeUntil: null,
          suppressReason: '',
          riskAcceptanceJustification: '',
          riskAcceptanceExpiresAt: null,
          resolvedAt: null,
        });
        break;
    }
    Object.assign(f, { stateUpdatedById: actor, updatedAt: stamp });
    this.audit.record(f, EVENT_OF[action], now, { actor, ...ctx });
    return { status: 200, body: { finding: f } };
  }

  /** A new assigned owner (the bulk operation's assignOwner): one member of the owner oneof. */
  assignOwner(
    id: string,
    owner: Record<string, string>,
    actor: string,
    now = this.#now(),
    ctx: Pick<AuditContext, 'bulkOperationId'> = {},
  ): Answer {
    const f = this.get(id, now);
    if (!f) return grpcError(404, 5, `finding ${id} not found`);
    Object.assign(f, {
      assignedOwner: { ...owner },
      stateUpdatedById: actor,
      updatedAt: new Date(now).toISOString(),
    });
    this.audit.record(f, 'OWNER_CHANGED', now, { actor, ...ctx });
    return { status: 200, body: { finding: f } };
  }

  /** POST /api/v1/findings/{id}/task: one remediation task a finding (a second is refused). */
  createTask(id: string, now = this.#now(), actor = ''): Answer {
    const f = this.get(id, now);
    if (!f) return grpcError(404, 5, `finding ${id} not found`);
    if (nonEmpty(f.taskId)) return grpcError(400, 9, `finding ${id} already has task ${String(f.taskId)}`);
    const taskId = `TSK_${randomBytes(6).toString('hex').toUpperCase()}`;
    Object.assign(f, { taskId, updatedAt: new Date(now).toISOString() });
    this.audit.record(f, 'TASK_CREATED', now, { actor, ticketId: taskId });
    return { status: 200, body: { taskId, finding: f } };
  }

  /** Comments on remediation tasks, by task id (what `POST /api/v1/tasks/{id}/action/comment` took). */
  readonly taskComments = new Map<string, string[]>();

  /**
   * POST /api/v1/tasks/{task_id}/action/comment: a comment on a finding's remediation task (the
   * finding's audit trail gets a COMMENT event, as api-facts.md says comments show there).
   */
  commentOnTask(taskId: string, comment: unknown, now = this.#now(), actor = ''): Answer {
    if (typeof comment !== 'string' || comment.trim() === '') return grpcError(400, 3, 'comment is required');
    const f = [...this.all()].find((x) => x.taskId === taskId);
    if (!f) return grpcError(404, 5, `task ${taskId} not found`);
    const list = this.taskComments.get(taskId) ?? [];
    list.push(comment);
    this.taskComments.set(taskId, list);
    this.audit.record(f, 'COMMENT', now, { actor, ticketId: taskId });
    return {
      status: 200,
      body: { taskView: { task: { id: taskId, commentCount: list.length } }, expanded: [] },
    };
  }
}
