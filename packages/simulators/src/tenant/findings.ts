import { randomBytes } from 'node:crypto';
import { findingTypeMember, findingTypeValue } from './finding-types.js';
import { type JsonFinding, seedFindings } from './seed-findings.js';

/** A tenant answer: status and JSON body. Errors use the gRPC-transcoded `{code, message}` shape. */
export interface Answer {
  status: number;
  body: unknown;
}

export const grpcError = (status: number, code: number, message: string): Answer => ({
  status,
  body: { code, message, details: [] },
});

const ACTIONS = ['snooze', 'suppress', 'acceptRisk', 'unsuppress', 'resolve', 'reopen'] as const;
export type Action = (typeof ACTIONS)[number];

/** The likely transition table (api-facts.md [I]) the sandbox enforces. */
const ALLOWED: Record<string, readonly Action[]> = {
  FINDING_STATE_OPEN: ['snooze', 'suppress', 'acceptRisk', 'resolve'],
  FINDING_STATE_IN_PROGRESS: ['snooze', 'suppress', 'acceptRisk', 'resolve'],
  FINDING_STATE_SNOOZED: ['reopen'],
  FINDING_STATE_RISK_ACCEPTED: ['reopen'],
  FINDING_STATE_RESOLVED: ['reopen'],
  FINDING_STATE_SUPPRESSED: ['reopen', 'unsuppress'],
};

/** Finding types whose state the detector owns: no manual resolve (api-facts.md [C]: only some types). */
const NO_MANUAL_RESOLVE = new Set(['decoyCredentialUsed', 'credentialPubliclyExposed']);

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

function futureTime(v: unknown, now: number): number | undefined {
  if (typeof v !== 'string') return undefined;
  const t = Date.parse(v);
  return Number.isFinite(t) && t > now ? t : undefined;
}

/** What is wrong with an action's parameters, whatever the finding (the 400 the tenant answers). */
export function actionParamsProblem(
  action: Action,
  params: Record<string, unknown>,
  now: number,
): Answer | undefined {
  switch (action) {
    case 'snooze':
      if (!nonEmpty(params.reason)) return grpcError(400, 3, 'snooze.reason is required');
      if (futureTime(params.snoozeUntil, now) === undefined)
        return grpcError(400, 3, 'snooze.snoozeUntil must be a future timestamp');
      return undefined;
    case 'acceptRisk':
      if (!nonEmpty(params.justification)) return grpcError(400, 3, 'acceptRisk.justification is required');
      if (futureTime(params.expiresAt, now) === undefined)
        return grpcError(400, 3, 'acceptRisk.expiresAt must be a future timestamp');
      return undefined;
    case 'suppress':
      return nonEmpty(params.reason) ? undefined : grpcError(400, 3, 'suppress.reason is required');
    default:
      return undefined;
  }
}

export interface SearchFilters {
  query?: unknown;
  states?: unknown;
  severities?: unknown;
  findingTypes?: unknown;
  sourceKinds?: unknown;
  appIds?: unknown;
  refs?: unknown;
  ownerIdentityUserIds?: unknown;
  includeUnassigned?: unknown;
}

const list = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.length > 0 ? v.filter((x): x is string => typeof x === 'string') : undefined;

/**
 * `refs` is a list of FindingRef messages, `[{"id": …}]` (the vendor's FindingSearchRequest). A
 * bare string where a message belongs is a JSON parse error on the server: undefined here.
 */
function refIds(v: unknown): { ok: true; ids: string[] | undefined } | { ok: false } {
  if (v === undefined || v === null || (Array.isArray(v) && v.length === 0))
    return { ok: true, ids: undefined };
  if (!Array.isArray(v)) return { ok: false };
  const ids: string[] = [];
  for (const ref of v) {
    if (!isObject(ref) || (ref.id !== undefined && typeof ref.id !== 'string')) return { ok: false };
    ids.push(typeof ref.id === 'string' ? ref.id : '');
  }
  return { ok: true, ids };
}

/** The sandbox's findings: state, transitions and search, as the tenant would keep them. */
export class TenantFindings {
  readonly #byId = new Map<string, JsonFinding>();

  constructor(seed: JsonFinding[] = seedFindings()) {
    for (const f of seed) this.#byId.set(f.id, structuredClone(f));
  }

  /** Adds or replaces a finding (tests and the demo create their own). */
  put(finding: JsonFinding): void {
    this.#byId.set(finding.id, structuredClone(finding));
  }

  /** The finding as it is now: snoozes and risk acceptances lapse by themselves (api-facts.md). */
  get(id: string, now: number): JsonFinding | undefined {
    const f = this.#byId.get(id);
    if (!f) return undefined;
    const lapsed =
      (f.state === 'FINDING_STATE_SNOOZED' &&
        typeof f.snoozeUntil === 'string' &&
        Date.parse(f.snoozeUntil) <= now) ||
      (f.state === 'FINDING_STATE_RISK_ACCEPTED' &&
        typeof f.riskAcceptanceExpiresAt === 'string' &&
        Date.parse(f.riskAcceptanceExpiresAt) <= now);
    if (lapsed) f.state = 'FINDING_STATE_OPEN';
    return f;
  }

  all(now: number): JsonFinding[] {
    return [...this.#byId.keys()].flatMap((id) => this.get(id, now) ?? []);
  }

  /** The findings a search matches, or the 400 a malformed filter gets. */
  search(filters: SearchFilters, now: number): JsonFinding[] | Answer {
    const refs = refIds(filters.refs);
    if (!refs.ok) return grpcError(400, 3, 'invalid value for refs: each must be a FindingRef {"id": …}');
    const states = list(filters.states);
    const severities = list(filters.severities);
    const types = list(filters.findingTypes);
    const sources = list(filters.sourceKinds);
    const apps = list(filters.appIds);
    const owners = list(filters.ownerIdentityUserIds);
    const query = typeof filters.query === 'string' ? filters.query.toLowerCase() : '';
    return this.all(now).filter((f) => {
      if (states && !states.includes(f.state)) return false;
      if (severities && !severities.includes(String(f.severity))) return false;
      if (sources && !sources.includes(String(f.sourceKind))) return false;
      if (apps && !apps.includes(String(f.appId))) return false;
      if (refs.ids && !refs.ids.includes(f.id)) return false;
      if (types && !types.includes(findingTypeValue(f))) return false;
      if (owners) {
        const owner = isObject(f.assignedOwner) ? f.assignedOwner.identityUserId : undefined;
        const unassigned = !nonEmpty(owner);
        if (
          !(typeof owner === 'string' && owners.includes(owner)) &&
          !(unassigned && filters.includeUnassigned === true)
        )
          return false;
      }
      if (
        query &&
        !String(f.description ?? '')
          .toLowerCase()
          .includes(query)
      )
        return false;
      return true;
    });
  }

  /** POST /api/v1/findings/{id}/state */
  changeState(id: string, body: unknown, actor: string, now: number): Answer {
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
    const allowed = ALLOWED[f.state] ?? ['reopen'];
    if (!allowed.includes(action)) {
      return grpcError(400, 9, `cannot ${action} a finding in state ${f.state}`);
    }
    const problem = actionParamsProblem(action, params, now);
    if (problem) return problem;
    const stamp = new Date(now).toISOString();
    switch (action) {
      case 'snooze':
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
    return { status: 200, body: { finding: f } };
  }

  /** A new assigned owner (the bulk operation's assignOwner): one member of the owner oneof. */
  assignOwner(id: string, owner: Record<string, string>, actor: string, now: number): Answer {
    const f = this.get(id, now);
    if (!f) return grpcError(404, 5, `finding ${id} not found`);
    Object.assign(f, {
      assignedOwner: { ...owner },
      stateUpdatedById: actor,
      updatedAt: new Date(now).toISOString(),
    });
    return { status: 200, body: { finding: f } };
  }

  /** POST /api/v1/findings/{id}/task: one remediation task a finding (a second is refused). */
  createTask(id: string, now: number): Answer {
    const f = this.get(id, now);
    if (!f) return grpcError(404, 5, `finding ${id} not found`);
    if (nonEmpty(f.taskId)) return grpcError(400, 9, `finding ${id} already has task ${String(f.taskId)}`);
    const taskId = `TSK_${randomBytes(6).toString('hex').toUpperCase()}`;
    Object.assign(f, { taskId, updatedAt: new Date(now).toISOString() });
    return { status: 200, body: { taskId, finding: f } };
  }
}
