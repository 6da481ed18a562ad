import type { AccessReviews } from '../access-reviews.js';
import type { AccessTasks } from '../access-tasks.js';
import type { Answer } from '../answer.js';
import type { TenantApps } from '../apps.js';
import type { BulkOperations } from '../bulk-state.js';
import type { TenantFindings } from '../findings.js';
import type { PersonalClients } from '../personal-clients.js';
import type { Principal } from '../principal.js';
import type { JsonCampaign } from '../seed-campaigns.js';
import type { StepUpTransactions } from '../step-up-transactions.js';
import type { TenantTasks } from '../tasks.js';
import type { TenantUsers } from '../users.js';

/** How the tenant answers where the vendor's schema allows more than one way (set per test). */
export interface AnswerOptions {
  /** Answer a state change with `{"finding": null}` (the schema allows it) instead of the finding. */
  stateChangeWithoutFinding: boolean;
  /** How long a bulk state change takes before the tenant applies it (it is asynchronous). */
  bulkDelayMs: number;
  /**
   * A snooze of a snoozed finding sets its new end and reason, an acceptance of an accepted risk
   * its new expiry and justification (an extension). With false both are refused (400, code 9)
   * like any change the state does not allow. No transition table is published (api-facts.md [I]).
   */
  extendInPlace: boolean;
  /** A new revoke or offboarding task waits for an approval first (else it goes to provisioning). */
  taskApprovalStep: boolean;
  /** When set, tasks move one stage further each this many ms of the tenant's clock (the demo). */
  taskAutoAdvanceMs?: number | undefined;
}

/** What a route handler can reach: the tenant's state, its clock and its answer options. */
export interface TenantState {
  findings: TenantFindings;
  users: TenantUsers;
  campaigns: Map<string, JsonCampaign>;
  now: () => number;
  answers: AnswerOptions;
  bulk: BulkOperations;
  /** Access review campaigns (AccessReviewService.Get), their reports. */
  reviews: AccessReviews;
  /** Tasks of access reviews (certify), their actions and audit trail. */
  tasks: TenantTasks;
  personalClients: PersonalClients;
  stepUps: StepUpTransactions;
  /** The tenant's own address (report downloads, step-up redirects, the device page). */
  url: string;
  /** Apps, accounts and grants. */
  apps: TenantApps;
  /** Revoke and offboarding tasks (containment). */
  accessTasks: AccessTasks;
}

/**
 * One API route: a method and path pattern (`:name` segments are parameters, already
 * percent-decoded one by one), answered from the state with the parsed JSON body.
 */
export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  handle(
    state: TenantState,
    params: Record<string, string>,
    body: Record<string, unknown>,
    /** Who the request's token acts as. */
    who: Principal,
  ): Answer | Promise<Answer>;
}

export { SERVICE_PRINCIPAL } from '../principal.js';
