import { type BulkUpdateFindingStateBody, BulkUpdateFindingStateResponseSchema } from '../model/bulk.js';
import type { TenantClient } from './client.js';

/**
 * Starts a change to many findings (POST /api/v1/findings/bulk/state). The tenant answers with
 * the id of a bulk action and applies it asynchronously: the caller reads the findings back
 * (search by `refs`) to see which it reached. Not idempotent for the client: an ambiguous
 * failure is not repeated blindly, the caller reads back first (as for a single change).
 */
export async function bulkUpdateFindingState(
  client: TenantClient,
  body: BulkUpdateFindingStateBody,
): Promise<{ bulkActionId: string }> {
  const answer = await client.request({
    operation: 'bulkUpdateFindingState',
    method: 'POST',
    path: '/api/v1/findings/bulk/state',
    body,
    schema: BulkUpdateFindingStateResponseSchema,
    idempotent: false,
  });
  return { bulkActionId: answer.bulkActionId };
}
