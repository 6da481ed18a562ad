import type { Answer, TenantFindings } from '../findings.js';
import type { JsonCampaign } from '../seed-campaigns.js';

/** What a route handler can reach: the tenant's state and its clock. */
export interface TenantState {
  findings: TenantFindings;
  campaigns: Map<string, JsonCampaign>;
  now: () => number;
}

/**
 * One API route: a method and path pattern (`:name` segments are parameters, already
 * percent-decoded one by one), answered from the state with the parsed JSON body.
 */
export interface Route {
  method: 'GET' | 'POST';
  path: string;
  handle(
    state: TenantState,
    params: Record<string, string>,
    body: Record<string, unknown>,
  ): Answer | Promise<Answer>;
}
