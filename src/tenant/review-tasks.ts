import { z } from 'zod';
import {
  StepUpApproveAnswerSchema,
  StepUpTransactionSchema,
  TaskAnswerSchema,
  TaskAuditViewSchema,
  TaskSearchPageSchema,
  TaskViewSchema,
  type WireTaskView,
} from '../model/access-review.js';
import type { ExpandedItem } from '../model/finding.js';
import type { TenantClient } from './client.js';
import { clampPageSize } from './paginate.js';
import { encodePathSegment } from './path-segment.js';

/**
 * Certify tasks of access reviews over the tenant API (the vendor's c1.api.task.v1, as its CLI
 * `cone task …` and SDK call them): search, read one, act on one, its step-up transactions and
 * audit trail. The client says who acts: Warden's own for reads of a campaign, a person's own
 * credential for everything they see and decide (tenant/client.ts `withAuth`). Decisions are never
 * repeated blindly: the caller reads the task back after an ambiguous failure.
 */

/** What the expand mask asks for: the names a reviewer reads (campaign, app, entitlement, person). */
const EXPAND = ['access_review_id', 'app_id', 'app_entitlement_ids', 'identity_user_id'];

export interface TaskFilters {
  assigneesInIds?: readonly string[];
  accessReviewIds?: readonly string[];
  applicationIds?: readonly string[];
  refs?: readonly string[];
  /** Open tasks only (the default), or any state. */
  open?: boolean;
}

export interface TaskPage {
  views: WireTaskView[];
  expanded: ExpandedItem[];
  /** The items the schema could not read (told, skipped). */
  unreadable: number;
  next: string;
}

/** One page of certify tasks (POST /api/v1/search/tasks), with its `expanded` names. */
export async function searchCertifyTasks(
  client: TenantClient,
  f: TaskFilters,
  page: { size?: number; token?: string } = {},
): Promise<TaskPage> {
  const body = {
    taskTypes: [{ certify: {} }],
    ...(f.open === false ? {} : { taskStates: ['TASK_STATE_OPEN'] }),
    ...(f.assigneesInIds?.length ? { assigneesInIds: [...f.assigneesInIds] } : {}),
    ...(f.accessReviewIds?.length ? { accessReviewIds: [...f.accessReviewIds] } : {}),
    ...(f.applicationIds?.length ? { applicationIds: [...f.applicationIds] } : {}),
    ...(f.refs?.length ? { refs: f.refs.map((id) => ({ id })) } : {}),
    expandMask: { paths: EXPAND },
    page_size: clampPageSize(page.size ?? 50),
    ...(page.token ? { page_token: page.token } : {}),
  };
  const answer = await client.request({
    operation: 'searchTasks',
    method: 'POST',
    path: '/api/v1/search/tasks',
    body,
    schema: TaskSearchPageSchema,
    idempotent: true,
  });
  const views: WireTaskView[] = [];
  let unreadable = 0;
  for (const raw of answer.list ?? []) {
    const parsed = TaskViewSchema.safeParse(raw);
    if (parsed.success && parsed.data.task) views.push(parsed.data);
    else unreadable++;
  }
  return { views, expanded: answer.expanded ?? [], unreadable, next: answer.nextPageToken ?? '' };
}

/** Every page, at most `limit` tasks (a page token seen twice ends it: the tenant's paging loops). */
export async function allCertifyTasks(
  client: TenantClient,
  f: TaskFilters,
  limit = 2_000,
): Promise<TaskPage> {
  const all: TaskPage = { views: [], expanded: [], unreadable: 0, next: '' };
  const seen = new Set<string>();
  let token: string | undefined;
  do {
    const page = await searchCertifyTasks(client, f, { size: 100, ...(token ? { token } : {}) });
    // Each page's paths point into its own `expanded`: re-pointed into the gathered list.
    const offset = all.expanded.length;
    all.expanded.push(...page.expanded);
    all.views.push(...page.views.map((v) => shiftPaths(v, offset)));
    all.unreadable += page.unreadable;
    token = page.next && !seen.has(page.next) ? page.next : undefined;
    if (token) seen.add(token);
  } while (token && all.views.length < limit);
  return all;
}

const PATH = /^\$\.expanded\[(\d+)\]$/;
function shiftPaths(v: WireTaskView, by: number): WireTaskView {
  if (by === 0) return v;
  const shift = (p: string | null | undefined) => {
    const m = PATH.exec(p ?? '');
    return m ? `$.expanded[${Number(m[1]) + by}]` : p;
  };
  return {
    ...v,
    accessReviewPath: shift(v.accessReviewPath),
    appPath: shift(v.appPath),
    entitlementsPath: shift(v.entitlementsPath),
    identityUserPath: shift(v.identityUserPath),
  };
}

/** GET /api/v1/tasks/{id}, with its names. */
export async function getTask(client: TenantClient, taskId: string) {
  return client.request({
    operation: 'getTask',
    method: 'GET',
    path: `/api/v1/tasks/${encodePathSegment(taskId, 'task id')}`,
    schema: TaskAnswerSchema,
    idempotent: true,
  });
}

export type TaskAction =
  | { kind: 'approve' | 'deny'; policyStepId: string; comment?: string | undefined }
  | { kind: 'comment'; comment: string }
  | {
      kind: 'reassign';
      policyStepId: string;
      newStepUserIds: readonly string[];
      comment?: string | undefined;
    };

/** POST /api/v1/tasks/{id}/action/approve|deny|comment|reassign (bodies as `cone` and the SDK send them). */
export async function actOnTask(client: TenantClient, taskId: string, a: TaskAction) {
  const { kind, ...body } = a;
  return client.request({
    operation: `${kind}Task`,
    method: 'POST',
    path: `/api/v1/tasks/${encodePathSegment(taskId, 'task id')}/action/${kind}`,
    body: a.kind === 'reassign' ? { ...body, newStepUserIds: [...a.newStepUserIds] } : body,
    schema: TaskAnswerSchema,
    idempotent: false,
  });
}

/** approve-with-step-up: without a transaction the tenant answers where to verify; with one, it approves. */
export async function approveWithStepUp(
  client: TenantClient,
  taskId: string,
  b: { policyStepId: string; stepUpTransactionId: string; comment?: string },
) {
  return client.request({
    operation: 'approveTaskWithStepUp',
    method: 'POST',
    path: `/api/v1/tasks/${encodePathSegment(taskId, 'task id')}/action/approve-with-step-up`,
    body: b,
    schema: StepUpApproveAnswerSchema,
    idempotent: false,
  });
}

/** The person's verified step-up transactions for a task (POST /api/v1/search/step-up/transactions). */
export async function verifiedStepUps(client: TenantClient, taskId: string, userId: string) {
  const answer = await client.request({
    operation: 'searchStepUpTransactions',
    method: 'POST',
    path: '/api/v1/search/step-up/transactions',
    body: { taskId, userId, state: 'STEP_UP_TRANSACTION_STATE_VERIFIED', pageSize: 10 },
    schema: z.looseObject({ list: z.array(StepUpTransactionSchema).nullish() }),
    idempotent: true,
  });
  return answer.list ?? [];
}

/** The task's audit trail, oldest first (POST /api/v1/task/audits), at most one page of 100. */
export async function taskAudits(client: TenantClient, taskId: string) {
  const answer = await client.request({
    operation: 'listTaskAudits',
    method: 'POST',
    path: '/api/v1/task/audits',
    body: { taskId, pageSize: 100 },
    schema: z.looseObject({ list: z.array(TaskAuditViewSchema).nullish() }),
    idempotent: true,
  });
  return answer.list ?? [];
}
