import { taskView } from './access-task-view.js';
import { type Answer, grpcError, isObject, jsonNamed, nonEmpty } from './answer.js';
import type { TenantApps } from './apps.js';
import type { TenantUsers } from './users.js';

/**
 * The tenant's access tasks started through its task API (api-facts.md "Tasks"; the vendor's
 * `c1.api.task.v1.TaskService`): `POST /api/v1/task/revoke` (TaskServiceCreateRevokeRequest, a
 * flat body), `POST /api/v1/task/offboarding` (TaskServiceCreateOffboardingRequest),
 * `GET /api/v1/tasks/{id}` and `POST /api/v1/search/tasks` (TaskSearchRequest). A task runs
 * through the tenant's policy: waiting for an approval, then provisioning, then closed with an
 * outcome (done, denied, an error, cancelled). Tests move a task along (`advance`, `finish`), or
 * the demo lets the clock do it (`autoAdvanceMs`). Like a real tenant this one does not refuse a
 * second identical task: whoever asks twice gets two.
 */

export type TaskStage = 'approval' | 'provisioning' | 'done' | 'denied' | 'error' | 'cancelled';
const FINAL: ReadonlySet<TaskStage> = new Set(['done', 'denied', 'error', 'cancelled']);

export interface SimTask {
  id: string;
  numericId: number;
  kind: 'revoke' | 'offboarding';
  displayName: string;
  description: string;
  createdAt: number;
  updatedAt: number;
  createdBy: string;
  stage: TaskStage;
  /** When it reached a final stage. */
  outcomeAt?: number;
  revoke?: { appId: string; appEntitlementId: string; appUserId: string; identityUserId: string };
  offboarding?: { subjectUserId: string };
}

export interface TasksOptions {
  now: () => number;
  apps: TenantApps;
  users: TenantUsers;
  /** The first stage of a new task: an approval step (the default), or provisioning at once. */
  approvalStep?: () => boolean;
  /** When set, a task moves one stage further each this many ms of the tenant's clock (the demo). */
  autoAdvanceMs?: () => number | undefined;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export class AccessTasks {
  readonly #byId = new Map<string, SimTask>();
  #seq = 0;

  constructor(private readonly o: TasksOptions) {}

  /** Every task, oldest first (after applying the clock). */
  all(): SimTask[] {
    return [...this.#byId.values()].map((t) => this.#current(t));
  }

  get(id: string): SimTask | undefined {
    const t = this.#byId.get(id);
    return t ? this.#current(t) : undefined;
  }

  /** Forgets a task (the tenant deleted it): a GET then answers 404. */
  remove(id: string): boolean {
    return this.#byId.delete(id);
  }

  /** One stage further: approval → provisioning → done. */
  advance(id: string): SimTask | undefined {
    const t = this.get(id);
    if (!t || FINAL.has(t.stage)) return t;
    this.#move(t, t.stage === 'approval' ? 'provisioning' : 'done', this.o.now());
    return t;
  }

  /** Ends it now with this outcome. */
  finish(id: string, stage: 'done' | 'denied' | 'error' | 'cancelled'): SimTask | undefined {
    const t = this.get(id);
    if (t && !FINAL.has(t.stage)) this.#move(t, stage, this.o.now());
    return t;
  }

  #move(t: SimTask, stage: TaskStage, at: number): void {
    t.stage = stage;
    t.updatedAt = at;
    if (!FINAL.has(stage)) return;
    t.outcomeAt = at;
    if (stage !== 'done') return;
    if (t.revoke) this.o.apps.revoke(t.revoke.appUserId, t.revoke.appEntitlementId);
    if (t.offboarding) {
      this.o.apps.offboard(t.offboarding.subjectUserId);
      const user = this.o.users.get(t.offboarding.subjectUserId);
      if (user) user.status = 'DISABLED';
    }
  }

  /** The clock moves the demo's tasks along, one stage each `autoAdvanceMs`. */
  #current(t: SimTask): SimTask {
    const step = this.o.autoAdvanceMs?.();
    if (step === undefined || step <= 0) return t;
    const now = this.o.now();
    while (!FINAL.has(t.stage) && now - t.updatedAt >= step) this.#move(t, this.#next(t), t.updatedAt + step);
    return t;
  }

  #next(t: SimTask): TaskStage {
    return t.stage === 'approval' ? 'provisioning' : 'done';
  }

  #create(
    kind: SimTask['kind'],
    fields: Partial<SimTask>,
    displayName: string,
    description: string,
    actor: string,
  ) {
    const now = this.o.now();
    const numericId = 1_000 + ++this.#seq;
    const t: SimTask = {
      id: `TSK_${kind === 'revoke' ? 'R' : 'O'}${String(numericId)}`,
      numericId,
      kind,
      displayName,
      description,
      createdAt: now,
      updatedAt: now,
      createdBy: actor,
      stage: this.o.approvalStep?.() === false ? 'provisioning' : 'approval',
      ...fields,
    };
    this.#byId.set(t.id, t);
    return { status: 200, body: { taskView: this.view(t), expanded: [] } };
  }

  /**
   * TaskService.CreateRevokeTask: `appId` and `appEntitlementId` are required, and exactly one of
   * `appUserId` and `identityUserId` (the vendor: "cannot both be set"). The account must hold
   * the entitlement (an identity: one of its accounts in the app must).
   */
  createRevoke(request: Record<string, unknown>, actor: string): Answer {
    const body = jsonNamed(request);
    const appId = str(body.appId);
    const entitlementId = str(body.appEntitlementId);
    if (!nonEmpty(appId))
      return grpcError(400, 3, 'invalid CreateRevokeRequest.AppId: value length must be at least 1 runes');
    if (!nonEmpty(entitlementId))
      return grpcError(
        400,
        3,
        'invalid CreateRevokeRequest.AppEntitlementId: value length must be at least 1 runes',
      );
    const appUserId = str(body.appUserId) ?? '';
    const identityUserId = str(body.identityUserId) ?? '';
    if (appUserId && identityUserId)
      return grpcError(400, 3, 'app_user_id and identity_user_id cannot both be set');
    if (!appUserId && !identityUserId)
      return grpcError(400, 3, 'one of app_user_id or identity_user_id is required');
    if (body.description !== undefined && typeof body.description !== 'string')
      return grpcError(400, 3, 'invalid value for description: a string');
    if (!this.o.apps.apps.has(appId)) return grpcError(404, 5, `app ${appId} not found`);
    const ent = this.o.apps.entitlement(appId, entitlementId);
    if (!ent) return grpcError(404, 5, `app entitlement ${entitlementId} not found`);
    const holders = appUserId
      ? [this.o.apps.appUser(appId, appUserId)].filter((u) => u !== undefined)
      : [...this.o.apps.appUsers.values()].filter(
          (u) => u.appId === appId && u.identityUserId === identityUserId,
        );
    const holder = holders.find((u) => this.o.apps.holds(u.id, entitlementId));
    if (!holder) return grpcError(400, 9, 'the user does not have a grant for this entitlement');
    const who = String(holder.displayName ?? holder.id);
    return this.#create(
      'revoke',
      {
        revoke: {
          appId,
          appEntitlementId: entitlementId,
          appUserId: holder.id,
          identityUserId: String(holder.identityUserId ?? ''),
        },
      },
      `Revoke ${String(ent.displayName)} from ${who}`,
      typeof body.description === 'string' ? body.description : '',
      actor,
    );
  }

  /** TaskService.CreateOffboardingTask: the identity user to offboard. */
  createOffboarding(request: Record<string, unknown>, actor: string): Answer {
    const body = jsonNamed(request);
    const subject = str(body.subjectUserId);
    if (!nonEmpty(subject)) return grpcError(400, 3, 'subject_user_id is required');
    if (body.description !== undefined && typeof body.description !== 'string')
      return grpcError(400, 3, 'invalid value for description: a string');
    const user = this.o.users.get(subject);
    if (!user) return grpcError(404, 5, `user ${subject} not found`);
    return this.#create(
      'offboarding',
      { offboarding: { subjectUserId: subject } },
      `Offboard ${String(user.displayName ?? user.username ?? subject)}`,
      typeof body.description === 'string' ? body.description : '',
      actor,
    );
  }

  /** TaskService.Get: `{taskView, expanded}`. */
  getTask(id: string): Answer {
    const t = this.get(id);
    return t
      ? { status: 200, body: { taskView: this.view(t), expanded: [] } }
      : grpcError(404, 5, `task ${id} not found`);
  }

  /**
   * TaskSearch.Search: `query` (a substring of the display name, the description or the id),
   * `refs` (`[{id}]`), `taskTypes` (`[{revoke: {}}]`, `[{offboarding: {}}]`), `taskStates`,
   * `createdAfter`, `subjectIds`, `appUserSubjectIds`, `appEntitlementIds`; ANDed.
   */
  search(request: Record<string, unknown>): Record<string, unknown>[] | Answer {
    const body = jsonNamed(request);
    if (body.query !== undefined && body.query !== null && typeof body.query !== 'string')
      return grpcError(400, 3, 'invalid value for query: a string');
    const query = typeof body.query === 'string' ? body.query.toLowerCase() : '';
    const lists: Record<string, string[] | undefined> = {};
    for (const field of ['taskStates', 'subjectIds', 'appUserSubjectIds', 'appEntitlementIds'] as const) {
      const v = body[field];
      if (v === undefined || v === null) continue;
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
        return grpcError(400, 3, `invalid value for ${field}: a list of strings`);
      if (v.length > 0) lists[field] = v as string[];
    }
    const types = body.taskTypes;
    if (types !== undefined && types !== null && (!Array.isArray(types) || types.some((x) => !isObject(x))))
      return grpcError(400, 3, 'invalid value for taskTypes: a list of TaskType');
    const kinds = Array.isArray(types)
      ? types.flatMap((t: Record<string, unknown>) => Object.keys(t).filter((k) => isObject(t[k])))
      : [];
    const refs = Array.isArray(body.refs)
      ? body.refs.flatMap((r) => (isObject(r) && typeof r.id === 'string' ? [r.id] : []))
      : [];
    const after = typeof body.createdAfter === 'string' ? Date.parse(body.createdAfter) : Number.NaN;
    if (body.createdAfter !== undefined && body.createdAfter !== null && Number.isNaN(after))
      return grpcError(400, 3, 'invalid value for createdAfter: an RFC 3339 timestamp');
    return this.all()
      .filter((t) => {
        if (query && ![t.displayName, t.description, t.id].some((v) => v.toLowerCase().includes(query)))
          return false;
        if (refs.length && !refs.includes(t.id)) return false;
        if (kinds.length && !kinds.includes(t.kind)) return false;
        if (lists.taskStates && !lists.taskStates.includes(this.#state(t))) return false;
        if (!Number.isNaN(after) && t.createdAt < after) return false;
        const subject = t.offboarding?.subjectUserId ?? t.revoke?.identityUserId ?? '';
        if (lists.subjectIds && !lists.subjectIds.includes(subject)) return false;
        if (lists.appUserSubjectIds && !lists.appUserSubjectIds.includes(t.revoke?.appUserId ?? ''))
          return false;
        if (lists.appEntitlementIds && !lists.appEntitlementIds.includes(t.revoke?.appEntitlementId ?? ''))
          return false;
        return true;
      })
      .map((t) => this.view(t));
  }

  #state(t: SimTask): string {
    return FINAL.has(t.stage) ? 'TASK_STATE_CLOSED' : 'TASK_STATE_OPEN';
  }

  /** A TaskView as proto3 JSON writes it (access-task-view.ts). */
  view(t: SimTask): Record<string, unknown> {
    return taskView(t, FINAL.has(t.stage), this.#state(t));
  }
}
