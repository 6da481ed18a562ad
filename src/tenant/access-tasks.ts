import type { z } from 'zod';
import { ApiError, isApiError } from '../errors.js';
import { type Task, TaskAnswerSchema, TaskViewSchema } from '../model/task.js';
import type { TenantClient } from './client.js';
import { paginate } from './paginate.js';
import { encodePathSegment } from './path-segment.js';

/**
 * The tenant's access tasks (api-facts.md "Tasks"; the vendor's TaskService): a revoke task
 * (`POST /api/v1/task/revoke`, a flat body: `appId`, `appEntitlementId`, `appUserId` or
 * `identityUserId` — never both —, `description`), an offboarding task
 * (`POST /api/v1/task/offboarding`: `subjectUserId`, `description`), a task read
 * (`GET /api/v1/tasks/{id}`) and the task search (`POST /api/v1/search/tasks`). Creating is never
 * sent twice here: an ambiguous failure is handed back as it is, and the caller reads the task back
 * by the reference it put in the description (findTaskByReference).
 */

export type RevokeTaskBody = {
  appId: string;
  appEntitlementId: string;
  description: string;
} & ({ appUserId: string } | { identityUserId: string });

export interface OffboardingTaskBody {
  subjectUserId: string;
  description: string;
}

/** The task an answer carries; an answer without one is not one Warden can follow. */
function taskOf(answer: z.output<typeof TaskAnswerSchema>, operation: string): Task {
  const task = answer.taskView?.task;
  if (!task)
    throw new ApiError(`The tenant answered ${operation} without the task.`, {
      kind: 'bad_response',
      operation,
      processed: 'yes',
    });
  return task;
}

export async function createRevokeTask(client: TenantClient, body: RevokeTaskBody): Promise<Task> {
  const answer = await client.request({
    operation: 'createRevokeTask',
    method: 'POST',
    path: '/api/v1/task/revoke',
    body,
    schema: TaskAnswerSchema,
    idempotent: false,
  });
  return taskOf(answer, 'createRevokeTask');
}

export async function createOffboardingTask(client: TenantClient, body: OffboardingTaskBody): Promise<Task> {
  const answer = await client.request({
    operation: 'createOffboardingTask',
    method: 'POST',
    path: '/api/v1/task/offboarding',
    body,
    schema: TaskAnswerSchema,
    idempotent: false,
  });
  return taskOf(answer, 'createOffboardingTask');
}

/** The task, or undefined when the tenant no longer knows it (404). */
export async function getTask(client: TenantClient, taskId: string): Promise<Task | undefined> {
  try {
    const answer = await client.request({
      operation: 'getTask',
      method: 'GET',
      path: `/api/v1/tasks/${encodePathSegment(taskId, 'task id')}`,
      schema: TaskAnswerSchema,
      idempotent: true,
    });
    return taskOf(answer, 'getTask');
  } catch (error) {
    if (isApiError(error) && error.kind === 'not_found') return undefined;
    throw error;
  }
}

/**
 * The task of this kind whose description carries `reference` (Warden's own, unique per
 * containment), created at or after `createdAfter`: how a create that failed ambiguously is told
 * apart from one the tenant made. The search is fuzzy over names and descriptions (the vendor's
 * `query`), so each hit is checked for the very reference.
 */
export async function findTaskByReference(
  client: TenantClient,
  kind: 'revoke' | 'offboarding',
  reference: string,
  createdAfter: Date,
): Promise<Task | undefined> {
  const views = paginate(client, {
    operation: 'searchTasks',
    method: 'POST',
    path: '/api/v1/search/tasks',
    body: { query: reference, taskTypes: [{ [kind]: {} }], createdAfter: createdAfter.toISOString() },
    item: TaskViewSchema,
    pageSize: 10,
    limit: 50,
  });
  for await (const view of views) if (view.task?.description?.includes(reference)) return view.task;
  return undefined;
}
