import { grpcError } from '../answer.js';
import type { Route } from './types.js';

/** GetCampaignScopeAndEntitlements (tenant-api.md): the path parameter only, no expand mask. */
export const campaignRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/v1/access_review/:id/scope_and_entitlements',
    handle(s, p) {
      const campaign = s.campaigns.get(p.id ?? '');
      return campaign
        ? { status: 200, body: campaign }
        : grpcError(404, 5, `access review ${p.id} not found`);
    },
  },
];
