import { ApiError, isApiError } from '../errors.js';
import type { Finding } from '../model/finding.js';
import { CreateFindingTaskResponseSchema } from '../model/task.js';
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
