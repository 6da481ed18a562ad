import { z } from 'zod';
import { FindingSchema } from './finding.js';

/**
 * POST /api/v1/findings/{id}/task (the vendor's CreateFindingTaskResponse): the remediation task
 * the tenant created, and the finding (which may be null: read it back).
 */
export const CreateFindingTaskResponseSchema = z.looseObject({
  taskId: z.string().min(1),
  finding: FindingSchema.nullish(),
});

/** POST /api/v1/tasks/{task_id}/action/comment (TaskActionsServiceCommentResponse): the task as it is now. */
export const TaskCommentResponseSchema = z.looseObject({ taskView: z.looseObject({}).nullish() });
