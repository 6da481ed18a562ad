import { z } from 'zod';
import { ApiError, isApiError, READ_BACK_AFTER_CHANGE } from '../errors.js';
import {
  type Finding,
  FindingSchema,
  type FindingSearchFilters,
  type FindingTypeRef,
  GetFindingResponseSchema,
  type UpdateFindingStateBody,
  UpdateFindingStateResponseSchema,
} from '../model/finding.js';
import type { TenantClient } from './client.js';
import { paginate } from './paginate.js';
import { encodePathSegment } from './path-segment.js';

export async function getFinding(client: TenantClient, findingId: string): Promise<Finding> {
  const answer = await client.request({
    operation: 'getFinding',
    method: 'GET',
    path: `/api/v1/findings/${encodePathSegment(findingId, 'finding id')}`,
    schema: GetFindingResponseSchema,
    idempotent: true,
  });
  return answer.finding;
}

/**
 * Changes a finding's workflow state and returns the finding the tenant answered with.
 *
 * A state change is never repeated blindly after an ambiguous failure (timeout, reset, 500, 502,
 * 504): the tenant may have applied it. The finding is read back first, and the change is sent
 * again only if the finding does not already show it (`isApplied`, the caller's knowledge of what
 * the change means). Failures where the tenant provably did not act (connection refused, 429,
 * 503) are retried inside `client.request`.
 */
export async function updateFindingState(
  client: TenantClient,
  findingId: string,
  body: UpdateFindingStateBody,
  isApplied: (current: Finding) => boolean,
): Promise<Finding> {
  const path = `/api/v1/findings/${encodePathSegment(findingId, 'finding id')}/state`;
  for (let round = 0; ; round++) {
    try {
      const answer = await client.request({
        operation: 'updateFindingState',
        method: 'POST',
        path,
        body,
        schema: UpdateFindingStateResponseSchema,
        idempotent: false,
      });
      // The answer's finding may be null (the vendor's schema): the change was made all the same.
      return answer.finding ?? (await readBack(client, findingId));
    } catch (error) {
      if (!isApiError(error) || error.processed !== 'maybe') throw error;
      let current: Finding;
      try {
        current = await getFinding(client, findingId);
      } catch (readError) {
        throw new ApiError(
          `The tenant failed while changing finding ${findingId} and could not be asked whether the change took effect: it may or may not have been applied. Check the finding before trying again.`,
          { kind: error.kind, operation: 'updateFindingState', processed: 'maybe', cause: readError },
        );
      }
      if (isApplied(current)) return current;
      if (!(await client.backoff(error, round))) throw error;
    }
  }
}

/** The finding after a change the tenant confirmed without returning it. */
async function readBack(client: TenantClient, findingId: string): Promise<Finding> {
  try {
    return await getFinding(client, findingId);
  } catch (error) {
    throw new ApiError(
      `The tenant changed finding ${findingId} but did not return it, and reading it back failed.`,
      {
        kind: isApiError(error) ? error.kind : 'unavailable',
        operation: READ_BACK_AFTER_CHANGE,
        processed: 'yes',
        cause: error,
      },
    );
  }
}

export function searchFindings(
  client: TenantClient,
  filters: FindingSearchFilters,
  opts: {
    pageSize?: number;
    limit?: number;
    onUnreadable?: (raw: unknown, reason: string) => void | Promise<void>;
  } = {},
): AsyncGenerator<Finding, void, undefined> {
  return paginate(client, {
    operation: 'searchFindings',
    method: 'POST',
    path: '/api/v1/findings/search',
    body: { ...filters },
    item: FindingSchema,
    // Findings are large: the vendor advises pages of 10.
    pageSize: opts.pageSize ?? 10,
    ...(opts.limit === undefined ? {} : { limit: opts.limit }),
    ...(opts.onUnreadable ? { onUnreadable: opts.onUnreadable } : {}),
  });
}

/**
 * Every matching finding's id and its finding_type members (`members`: the oneof's names), in
 * pages of 100: the SLA report needs every finding's type and nothing more, and the whole
 * finding's schema costs more to read than the page's HTTP round trip.
 */
export function searchFindingTypes(
  client: TenantClient,
  filters: FindingSearchFilters,
  members: readonly string[],
): AsyncGenerator<FindingTypeRef, void, undefined> {
  const item = z.object({
    id: z.string().min(1),
    ...Object.fromEntries(members.map((m) => [m, z.unknown().optional()])),
  });
  return paginate(client, {
    operation: 'searchFindings',
    method: 'POST',
    path: '/api/v1/findings/search',
    body: { ...filters },
    item,
    pageSize: 100,
  });
}
