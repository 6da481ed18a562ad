import type { BulkOperations } from '../bulk-state.js';
import type { Answer, TenantFindings } from '../findings.js';
import type { JsonCampaign } from '../seed-campaigns.js';

/** How the tenant answers where the vendor's schema allows more than one way (set per test). */
export interface AnswerOptions {
  /** Answer a state change with `{"finding": null}` (the schema allows it) instead of the finding. */
  stateChangeWithoutFinding: boolean;
  /** How long a bulk state change takes before the tenant applies it (it is asynchronous). */
  bulkDelayMs: number;
}

/** What a route handler can reach: the tenant's state, its clock and its answer options. */
export interface TenantState {
  findings: TenantFindings;
  campaigns: Map<string, JsonCampaign>;
  now: () => number;
  answers: AnswerOptions;
  bulk: BulkOperations;
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
