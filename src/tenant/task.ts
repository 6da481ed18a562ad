import { ApiError, isApiError } from '../errors.js';
import type { Finding } from '../model/finding.js';
import { CreateFindingTaskResponseSchema, TaskCommentResponseSchema } from '../model/task.js';
import type { TenantClient } from './client.js';
import { getFinding } from './findings.js';
import { encodePathSegment } from './path-segment.js';

/**
 * Creates the finding's remediation task (POST /api/v1/findings/{id}/task; the tenant picks the
 * app's grant policy). Never repeated blindly: after an ambiguous failure the finding is read
 * back, and a task id on it means the tenant created one.
 */
export async function createFindingTask(
  client: TenantClient,
  findingId: string,
): Promise<{ taskId: string; finding: Finding }> {
  const path = `/api/v1/findings/${encodePathSegment(findingId, 'finding id')}/task`;
  try {
    const answer = await client.request({
      operation: 'createFindingTask',
      method: 'POST',
      path,
      body: {},
      schema: CreateFindingTaskResponseSchema,
      idempotent: false,
    });
    return { taskId: answer.taskId, finding: answer.finding ?? (await getFinding(client, findingId)) };
  } catch (error) {
    if (!isApiError(error) || error.processed !== 'maybe') throw error;
    const current = await getFinding(client, findingId).catch((readError: unknown) => {
      throw new ApiError(
        `The tenant failed while creating a task for finding ${findingId} and could not be asked whether it did. Check the finding before trying again.`,
        { kind: error.kind, operation: 'createFindingTask', processed: 'maybe', cause: readError },
      );
    });
    if (current.taskId) return { taskId: current.taskId, finding: current };
    throw error;
  }
}

/**
 * A comment on a remediation task (POST /api/v1/tasks/{task_id}/action/comment): the tenant has
 * no comment on a finding itself (api-facts.md). Not repeated after an ambiguous failure: a
 * doubled note is worse than a missing one, which Warden's audit log and the thread still hold.
 */
export async function commentOnTask(client: TenantClient, taskId: string, comment: string): Promise<void> {
  await client.request({
    operation: 'commentOnTask',
    method: 'POST',
    path: `/api/v1/tasks/${encodePathSegment(taskId, 'task id')}/action/comment`,
    body: { comment },
    schema: TaskCommentResponseSchema,
    idempotent: false,
  });
}
