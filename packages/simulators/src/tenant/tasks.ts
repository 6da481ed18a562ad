import { type AccessReviews, certifyOf } from './access-reviews.js';
import { type Answer, grpcError, isObject, jsonNamed } from './answer.js';
import { pageOf } from './paging.js';
import type { Principal } from './principal.js';
import { SEED_IDS } from './seed-ids.js';
import { type CertifySeed, certifyTask, type JsonTask } from './seed-reviews.js';
import { TaskAuditTrail } from './task-audit.js';
import type { TenantUsers } from './users.js';

/**
 * The tenant's tasks of access reviews (certify tasks): read one (`GET /api/v1/tasks/{id}`),
 * search (`POST /api/v1/search/tasks`: task types, states, assignees, campaigns, apps, refs,
 * outcomes; paged; `expandMask` fills `expanded` with the campaign, app, entitlement and user the
 * task names). A person sees the tasks they are (or were) an approver of and those of campaigns
 * they own; Warden's service principal sees all. The actions are in task-actions.ts.
 */

const STATES = new Set(['TASK_STATE_UNSPECIFIED', 'TASK_STATE_OPEN', 'TASK_STATE_CLOSED']);
const TYPE_MEMBERS = new Set(['action', 'certify', 'finding', 'grant', 'offboarding', 'revoke']);

const list = (v: unknown): string[] | undefined | 'malformed' => {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return 'malformed';
  return v.length ? (v as string[]) : undefined;
};

/** The current step's approval instance (where a decision is recorded). */
export function approvalOf(t: JsonTask): Record<string, unknown> | undefined {
  const current = (t.policy as { current?: { approval?: Record<string, unknown> } } | undefined)?.current;
  return current?.approval;
}
export function currentStepId(t: JsonTask): string {
  const current = (t.policy as { current?: { id?: unknown } } | undefined)?.current;
  return typeof current?.id === 'string' ? current.id : '';
}
export const stepApprovers = (t: JsonTask): string[] =>
  Array.isArray(t.stepApproverIds) ? (t.stepApproverIds as string[]) : [];

export class TenantTasks {
  readonly #byId = new Map<string, JsonTask>();
  readonly audit = new TaskAuditTrail();

  constructor(
    readonly reviews: AccessReviews,
    readonly users: TenantUsers,
    seeds: CertifySeed[],
    now: number,
  ) {
    for (const s of seeds) this.put(certifyTask(s, now, Object.fromEntries(reviews.entitlements)));
  }

  put(task: JsonTask): void {
    this.#byId.set(task.id, task);
  }
  has(id: string): boolean {
    return this.#byId.has(id);
  }
  /** The live task (a test may change it). */
  get(id: string): JsonTask | undefined {
    return this.#byId.get(id);
  }
  all(): JsonTask[] {
    return [...this.#byId.values()];
  }

  /** `count` open certify tasks of one campaign and entitlement for one reviewer (benchmarks, paging). */
  seedMany(
    campaignId: string,
    entitlementId: string,
    reviewer: string,
    count: number,
    now: number,
  ): string[] {
    const ids: string[] = [];
    const base = 10_000 + this.#byId.size;
    for (let i = 0; i < count; i++) {
      const id = `TK_${campaignId}_${String(base + i)}`;
      const subject =
        [SEED_IDS.users.dave, SEED_IDS.users.bob, SEED_IDS.users.hanna, SEED_IDS.users.carol][i % 4] ??
        SEED_IDS.users.dave;
      this.put(
        certifyTask(
          { id, numericId: base + i, campaignId, entitlementId, subject, reviewer },
          now,
          Object.fromEntries(this.reviews.entitlements),
        ),
      );
      ids.push(id);
    }
    return ids;
  }

  /** Whether the principal may see the task. */
  visible(t: JsonTask, who: Principal): boolean {
    if (who.kind === 'service') return true;
    if (stepApprovers(t).includes(who.userId)) return true;
    if (Array.isArray(t.approverIds) && (t.approverIds as string[]).includes(who.userId)) return true;
    const campaign = this.reviews.campaigns.get(String(certifyOf(t).accessReviewId ?? ''));
    return campaign?.createdById === who.userId;
  }

  /** GET /api/v1/tasks/{id} */
  answerGet(id: string, who: Principal): Answer {
    const t = this.#byId.get(id);
    if (!t || !this.visible(t, who)) return grpcError(404, 5, `task ${id} not found`);
    const expanded = new Expanded(this.reviews, this.users);
    return { status: 200, body: { taskView: this.view(t, expanded, ['*']), expanded: expanded.items } };
  }

  /** A TaskView: the task, and where its related objects are in `expanded` (those the mask asked for). */
  view(t: JsonTask, expanded: Expanded, paths: readonly string[]): Record<string, unknown> {
    const c = certifyOf(t);
    const all = paths.includes('*');
    const want = (p: string) => all || paths.includes(p);
    const ent = this.reviews.entitlements.get(String(c.appEntitlementId));
    return {
      task: structuredClone(t),
      ...(want('access_review_id')
        ? pathOf('accessReviewPath', expanded.campaign(String(c.accessReviewId)))
        : {}),
      ...(want('app_id') ? pathOf('appPath', expanded.app(String(c.appId))) : {}),
      ...(want('app_entitlement_ids') && ent
        ? pathOf('entitlementsPath', expanded.entitlement(String(c.appEntitlementId), ent))
        : {}),
      ...(want('identity_user_id')
        ? pathOf('identityUserPath', expanded.user(String(c.identityUserId)))
        : {}),
    };
  }

  /** POST /api/v1/search/tasks */
  answerSearch(request: Record<string, unknown>, who: Principal): Answer {
    const body = jsonNamed(request);
    const filters: Record<string, string[] | undefined> = {};
    for (const f of [
      'taskStates',
      'assigneesInIds',
      'accessReviewIds',
      'applicationIds',
      'certifyOutcomes',
      'excludeIds',
    ] as const) {
      const v = list(body[f]);
      if (v === 'malformed') return grpcError(400, 3, `invalid value for ${f}: a list of strings`);
      filters[f] = v;
    }
    if (filters.taskStates?.some((s) => !STATES.has(s)))
      return grpcError(400, 3, 'invalid value for taskStates: unknown task state');
    const types = body.taskTypes;
    if (types !== undefined && types !== null && (!Array.isArray(types) || types.some((x) => !isObject(x))))
      return grpcError(400, 3, 'invalid value for taskTypes: a list of TaskType objects');
    const typeNames = Array.isArray(types)
      ? types.flatMap((x: Record<string, unknown>) => Object.keys(x))
      : [];
    if (typeNames.some((n) => !TYPE_MEMBERS.has(n)))
      return grpcError(400, 3, 'invalid value for taskTypes: unknown task type');
    const refs = body.refs;
    if (refs !== undefined && refs !== null && (!Array.isArray(refs) || refs.some((r) => !isObject(r))))
      return grpcError(400, 3, 'invalid value for refs: each must be a TaskRef {"id": …}');
    const refIds = Array.isArray(refs) ? refs.map((r: Record<string, unknown>) => String(r.id)) : [];
    const mask =
      isObject(body.expandMask) && Array.isArray(body.expandMask.paths) ? body.expandMask.paths : [];
    const found = this.all().filter((t) => {
      if (!this.visible(t, who)) return false;
      const c = certifyOf(t);
      const kind = Object.keys(isObject(t.type) ? t.type : {})[0] ?? '';
      if (typeNames.length && !typeNames.includes(kind)) return false;
      if (filters.taskStates && !filters.taskStates.includes(t.state)) return false;
      if (filters.assigneesInIds && !stepApprovers(t).some((u) => filters.assigneesInIds?.includes(u)))
        return false;
      if (filters.accessReviewIds && !filters.accessReviewIds.includes(String(c.accessReviewId)))
        return false;
      if (filters.applicationIds && !filters.applicationIds.includes(String(c.appId))) return false;
      const outcome = String(c.outcome ?? 'CERTIFY_OUTCOME_UNSPECIFIED');
      if (filters.certifyOutcomes && !filters.certifyOutcomes.includes(outcome)) return false;
      if (filters.excludeIds?.includes(t.id)) return false;
      if (refIds.length && !refIds.includes(t.id)) return false;
      return true;
    });
    const page = pageOf(found, request);
    if (page.status !== 200 || !isObject(page.body)) return page;
    const expanded = new Expanded(this.reviews, this.users);
    const views = (page.body.list as JsonTask[]).map((t) => this.view(t, expanded, mask.map(String)));
    return { status: 200, body: { ...page.body, list: views, expanded: expanded.items } };
  }
}

const pathOf = (field: string, index: number | undefined) =>
  index === undefined ? {} : { [field]: `$.expanded[${index}]` };

/** The `expanded` list of one answer: each related object once, with its `@type`. */
export class Expanded {
  readonly items: Record<string, unknown>[] = [];
  readonly #index = new Map<string, number>();

  constructor(
    readonly reviews: AccessReviews,
    readonly users: TenantUsers,
  ) {}

  #add(key: string, make: () => Record<string, unknown> | undefined): number | undefined {
    const known = this.#index.get(key);
    if (known !== undefined) return known;
    const item = make();
    if (!item) return undefined;
    this.items.push(item);
    this.#index.set(key, this.items.length - 1);
    return this.items.length - 1;
  }

  campaign(id: string) {
    return this.#add(`ar:${id}`, () => {
      const c = this.reviews.campaigns.get(id);
      return (
        c && { '@type': 'type.googleapis.com/c1.api.accessreview.v1.AccessReview', ...structuredClone(c) }
      );
    });
  }
  app(id: string) {
    return this.#add(`app:${id}`, () => {
      const name = this.reviews.apps.get(id);
      return name === undefined
        ? undefined
        : { '@type': 'type.googleapis.com/c1.api.app.v1.App', id, displayName: name };
    });
  }
  entitlement(id: string, [appId, name]: [string, string]) {
    return this.#add(`ent:${id}`, () => ({
      '@type': 'type.googleapis.com/c1.api.app.v1.AppEntitlement',
      id,
      appId,
      displayName: name,
    }));
  }
  user(id: string) {
    return this.#add(`user:${id}`, () => {
      const u = this.users.get(id);
      return u && { '@type': 'type.googleapis.com/c1.api.user.v1.User', ...structuredClone(u) };
    });
  }
}
