import { type Answer, grpcError, nonEmpty } from './answer.js';

/** The state changes the sandbox tenant knows, and when it refuses one (api-facts.md "State changes"). */

export const ACTIONS = ['snooze', 'suppress', 'acceptRisk', 'unsuppress', 'resolve', 'reopen'] as const;
export type Action = (typeof ACTIONS)[number];

/** The likely transition table (api-facts.md [I]) the sandbox enforces. */
const ALLOWED: Record<string, readonly Action[]> = {
  FINDING_STATE_OPEN: ['snooze', 'suppress', 'acceptRisk', 'resolve'],
  FINDING_STATE_IN_PROGRESS: ['snooze', 'suppress', 'acceptRisk', 'resolve'],
  FINDING_STATE_SNOOZED: ['reopen'],
  FINDING_STATE_RISK_ACCEPTED: ['reopen'],
  FINDING_STATE_RESOLVED: ['reopen'],
  FINDING_STATE_SUPPRESSED: ['reopen', 'unsuppress'],
};

/**
 * The changes that extend what a finding is already in: a new snooze of a snoozed finding, a new
 * acceptance of an accepted risk. No transition table is published (api-facts.md [I]), so the
 * sandbox can answer either way (`answers.extendInPlace`).
 */
const EXTENSIONS: Record<string, Action> = {
  FINDING_STATE_SNOOZED: 'snooze',
  FINDING_STATE_RISK_ACCEPTED: 'acceptRisk',
};

/** Finding types whose state the detector owns: no manual resolve (api-facts.md [C]: only some types). */
export const NO_MANUAL_RESOLVE = new Set(['decoyCredentialUsed', 'credentialPubliclyExposed']);

/** Whether `action` may be applied to a finding in `state`. */
export function isAllowed(action: Action, state: string, extendInPlace: boolean): boolean {
  if (extendInPlace && EXTENSIONS[state] === action) return true;
  return (ALLOWED[state] ?? ['reopen']).includes(action);
}

function futureTime(v: unknown, now: number): number | undefined {
  if (typeof v !== 'string') return undefined;
  const t = Date.parse(v);
  return Number.isFinite(t) && t > now ? t : undefined;
}

/** What is wrong with an action's parameters, whatever the finding (the 400 the tenant answers). */
export function actionParamsProblem(
  action: Action,
  params: Record<string, unknown>,
  now: number,
): Answer | undefined {
  switch (action) {
    case 'snooze':
      if (!nonEmpty(params.reason)) return grpcError(400, 3, 'snooze.reason is required');
      if (futureTime(params.snoozeUntil, now) === undefined)
        return grpcError(400, 3, 'snooze.snoozeUntil must be a future timestamp');
      return undefined;
    case 'acceptRisk':
      if (!nonEmpty(params.justification)) return grpcError(400, 3, 'acceptRisk.justification is required');
      if (futureTime(params.expiresAt, now) === undefined)
        return grpcError(400, 3, 'acceptRisk.expiresAt must be a future timestamp');
      return undefined;
    case 'suppress':
      return nonEmpty(params.reason) ? undefined : grpcError(400, 3, 'suppress.reason is required');
    default:
      return undefined;
  }
}
