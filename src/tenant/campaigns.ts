import {
  type SetupEntitlementAndScopeResponse,
  SetupEntitlementAndScopeResponseSchema,
} from '../model/campaign.js';
import type { TenantClient } from './client.js';
import { encodePathSegment } from './path-segment.js';

/**
 * The scope and selected entitlements of an access review campaign. The GET takes no expand mask
 * (api-facts.md: the mask exists only on POST operations); `expanded` is read when it comes.
 */
export async function getCampaignScopeAndEntitlements(
  client: TenantClient,
  accessReviewId: string,
): Promise<SetupEntitlementAndScopeResponse> {
  return client.request({
    operation: 'getCampaignScopeAndEntitlements',
    method: 'GET',
    path: `/api/v1/access_review/${encodePathSegment(accessReviewId, 'campaign id')}/scope_and_entitlements`,
    schema: SetupEntitlementAndScopeResponseSchema,
    idempotent: true,
  });
}
