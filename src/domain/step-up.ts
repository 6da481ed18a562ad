import { FINDING_ACTION_KINDS } from './actions.js';
import { SEVERITY_RANK } from './routing.js';

/**
 * Step-up verification (WARDEN_CONFIG `stepUp`): which actions need a fresh, strong sign-in at the
 * organisation's identity provider before Warden sends them. A gate is asked by an action key, so
 * any use case can require it: the finding actions by their kind, `approve` / `deny` (a four-eyes
 * decision), `bulk` (a change to many findings), and `attest.<findingType>.<answer>` or
 * `attest.<answer>` (an attestation answer, e.g. `attest.decoyCredentialUsed.yes`).
 */

export const STEP_UP_KEYS = [
  ...FINDING_ACTION_KINDS,
  'approve',
  'deny',
  'bulk',
  // Access reviews in Slack (a review task's decision; linking always asks when step-up is on).
  'review.certify',
  'review.revoke',
  'review.reassign',
] as const;

/** Attestation answers are keyed `attest.<answer>` or `attest.<findingType>.<answer>`. */
export const ATTEST_KEY = /^attest\.[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)?$/;

export interface StepUpPolicy {
  /** Keys that always need a verification. */
  actions: readonly string[];
  /** Accept risk on a finding at or above this severity (FINDING_SEVERITY_…) needs one. */
  acceptRiskFrom: string | undefined;
  /** A bulk change to more than this many findings needs one. */
  bulkOver: number | undefined;
}

export interface StepUpAsk {
  key: string;
  /** The finding's severity as the tenant sent it (accept risk). */
  severity?: unknown;
  /** How many findings a bulk change touches. */
  count?: number;
}

/**
 * Whether this action needs a verification. Fails closed where it cannot tell: an accept risk on a
 * finding whose severity is missing or unknown needs one when `acceptRiskFrom` is set.
 */
export function needsStepUp(policy: StepUpPolicy | undefined, ask: StepUpAsk): boolean {
  if (!policy) return false;
  if (ask.key === 'bulk') {
    if (policy.bulkOver !== undefined) return (ask.count ?? 0) > policy.bulkOver;
    return policy.actions.includes('bulk');
  }
  if (policy.actions.includes(ask.key)) return true;
  if (ask.key === 'acceptRisk' && policy.acceptRiskFrom !== undefined) {
    const rank = typeof ask.severity === 'string' ? SEVERITY_RANK[ask.severity] : undefined;
    const from = SEVERITY_RANK[policy.acceptRiskFrom] ?? 0;
    return rank === undefined || rank === 0 || rank >= from;
  }
  return false;
}

/** Any of these asks needs a verification (one verification covers the whole action). */
export function anyNeedsStepUp(policy: StepUpPolicy | undefined, asks: readonly StepUpAsk[]): boolean {
  return asks.some((ask) => needsStepUp(policy, ask));
}
