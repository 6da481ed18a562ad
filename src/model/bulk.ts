import { z } from 'zod';
import type { FindingRef } from './finding.js';

/**
 * POST /api/v1/findings/bulk/state (the vendor's BulkUpdateFindingStateRequest): the findings by
 * `refs` and exactly one action. There is no bulk resolve in the vendor's API.
 */
export type BulkStateAction =
  | { snooze: { reason: string; snoozeUntil: string } }
  | { suppress: { reason: string } }
  | { acceptRisk: { expiresAt: string; justification: string } }
  | { reopen: Record<string, never> }
  | { unsuppress: Record<string, never> }
  | { assignOwner: { owner: { identityUserId: string } } };

export type BulkUpdateFindingStateBody = { refs: FindingRef[] } & BulkStateAction;

/** The change is applied asynchronously: the answer is only its id (read the findings back). */
export const BulkUpdateFindingStateResponseSchema = z.looseObject({
  bulkActionId: z.string().min(1),
});
