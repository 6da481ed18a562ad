import type { UpdateFindingStateBody } from '../model/finding.js';
import type { Evidence } from './closure.js';

/**
 * The six workflow actions of UpdateFindingState (spec: the `action` oneof), what state each
 * leads to, which ones a state likely offers (api-facts.md: no transition table is published,
 * so these are offers; the API decides), and the exact request body of each.
 */

export type FindingAction =
  | { kind: 'snooze'; reason: string; until: Date }
  | { kind: 'suppress'; reason: string; closure?: string; evidence?: readonly Evidence[] }
  | { kind: 'acceptRisk'; justification: string; expiresAt: Date }
  | { kind: 'unsuppress' }
  | { kind: 'resolve'; reason: string; closure?: string; evidence?: readonly Evidence[] }
  | { kind: 'reopen' };

export type FindingActionKind = FindingAction['kind'];

export const FINDING_ACTION_KINDS: readonly FindingActionKind[] = [
  'snooze',
  'suppress',
  'acceptRisk',
  'unsuppress',
  'resolve',
  'reopen',
];

export function buildStateRequestBody(action: FindingAction): UpdateFindingStateBody {
  switch (action.kind) {
    case 'snooze':
      return { snooze: { reason: action.reason, snoozeUntil: action.until.toISOString() } };
    case 'suppress':
      return { suppress: { reason: action.reason } };
    case 'acceptRisk':
      return {
        acceptRisk: { expiresAt: action.expiresAt.toISOString(), justification: action.justification },
      };
    case 'unsuppress':
      return { unsuppress: {} };
    case 'resolve':
      return { resolve: { reason: action.reason } };
    case 'reopen':
      return { reopen: {} };
  }
}

/** The state a finding is in once the action has been applied. */
export function targetStateOf(kind: FindingActionKind): string {
  switch (kind) {
    case 'snooze':
      return 'FINDING_STATE_SNOOZED';
    case 'suppress':
      return 'FINDING_STATE_SUPPRESSED';
    case 'acceptRisk':
      return 'FINDING_STATE_RISK_ACCEPTED';
    case 'resolve':
      return 'FINDING_STATE_RESOLVED';
    case 'unsuppress':
    case 'reopen':
      return 'FINDING_STATE_OPEN';
  }
}

/** The fields of a finding that say whether an action has taken effect. */
export interface FindingStateView {
  state?: string | null | undefined;
  snoozeUntil?: string | null | undefined;
  riskAcceptanceExpiresAt?: string | null | undefined;
}

function sameInstant(a: string | null | undefined, b: Date): boolean {
  if (!a) return false;
  const t = Date.parse(a);
  // The tenant may store a coarser precision than we send: a second either way is the same.
  return Number.isFinite(t) && Math.abs(t - b.getTime()) < 1_000;
}

/**
 * Whether `finding` already shows `action` applied. Used after an ambiguous failure of a state
 * change: repeating a snooze on a finding that is snoozed until another date is not a no-op,
 * so the until/expiry must match too.
 */
export function isActionApplied(finding: FindingStateView, action: FindingAction): boolean {
  if (finding.state !== targetStateOf(action.kind)) return false;
  if (action.kind === 'snooze') return sameInstant(finding.snoozeUntil, action.until);
  if (action.kind === 'acceptRisk') return sameInstant(finding.riskAcceptanceExpiresAt, action.expiresAt);
  return true;
}

const OPEN_STATES = new Set(['FINDING_STATE_OPEN', 'FINDING_STATE_IN_PROGRESS']);

/**
 * The actions a state likely offers (api-facts.md [I]). An unknown or unspecified state offers
 * every non-deprecated action: the API is the authority and will refuse what it must.
 * `unsuppress` is deprecated in favour of `reopen`, which does the same: it is offered next to
 * Reopen only when an operator asks for it (WARDEN_CONFIG `cards.offerUnsuppress`).
 */
export function offeredActions(
  state: string | null | undefined,
  opts: { unsuppress?: boolean } = {},
): FindingActionKind[] {
  if (state && OPEN_STATES.has(state)) return ['snooze', 'acceptRisk', 'suppress', 'resolve'];
  switch (state) {
    case 'FINDING_STATE_SNOOZED':
    case 'FINDING_STATE_RISK_ACCEPTED':
    case 'FINDING_STATE_RESOLVED':
      return ['reopen'];
    case 'FINDING_STATE_SUPPRESSED':
      return opts.unsuppress ? ['reopen', 'unsuppress'] : ['reopen'];
    default:
      return ['snooze', 'acceptRisk', 'suppress', 'resolve', 'reopen'];
  }
}

/** Create task is offered where remediation is due (open, in progress) and no task exists yet. */
export function offersTask(f: {
  state?: string | null | undefined;
  taskId?: string | null | undefined;
}): boolean {
  return !f.taskId && (f.state == null || OPEN_STATES.has(f.state));
}

/** The words a person gave with an action (a reason or a justification), if it takes any. */
export function actionText(action: FindingAction): string | undefined {
  switch (action.kind) {
    case 'acceptRisk':
      return action.justification;
    case 'snooze':
    case 'suppress':
    case 'resolve':
      return action.reason;
    default:
      return undefined;
  }
}

/** The same action with other words (the tenant's record carries who acted: attribution). */
export function withText(action: FindingAction, text: string): FindingAction {
  switch (action.kind) {
    case 'acceptRisk':
      return { ...action, justification: text };
    case 'snooze':
    case 'suppress':
    case 'resolve':
      return { ...action, reason: text };
    default:
      return action;
  }
}

/** When what the action starts ends by itself (a snooze, a risk acceptance), if it does. */
export function actionEnd(action: FindingAction): Date | undefined {
  if (action.kind === 'snooze') return action.until;
  if (action.kind === 'acceptRisk') return action.expiresAt;
  return undefined;
}

/** What an action sent, for the audit log (dates as ISO text). */
export function actionParams(action: FindingAction): Record<string, unknown> {
  switch (action.kind) {
    case 'snooze':
      return { reason: action.reason, until: action.until.toISOString() };
    case 'acceptRisk':
      return { justification: action.justification, expiresAt: action.expiresAt.toISOString() };
    case 'suppress':
    case 'resolve':
      return {
        reason: action.reason,
        ...(action.closure ? { closure: action.closure } : {}),
        ...(action.evidence?.length ? { evidence: action.evidence } : {}),
      };
    default:
      return {};
  }
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const date = (v: unknown): Date | undefined => {
  const ms = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms) : undefined;
};

/** The evidence an audit entry records (unreadable items left out). */
function evidenceOf(v: unknown): Evidence[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((e: unknown) => {
    if (typeof e !== 'object' || e === null) return [];
    const { note, link } = e as Record<string, unknown>;
    if (typeof note !== 'string') return [];
    return [{ note, ...(typeof link === 'string' ? { link } : {}) }];
  });
}

/** The action an audit entry records (its kind and `actionParams`), or undefined if unreadable. */
export function actionFromParams(kind: string, params: Record<string, unknown>): FindingAction | undefined {
  const reason = text(params.reason);
  switch (kind) {
    case 'snooze': {
      const until = date(params.until);
      return reason !== undefined && until ? { kind, reason, until } : undefined;
    }
    case 'acceptRisk': {
      const justification = text(params.justification);
      const expiresAt = date(params.expiresAt);
      return justification !== undefined && expiresAt ? { kind, justification, expiresAt } : undefined;
    }
    case 'suppress':
    case 'resolve': {
      const closure = text(params.closure);
      const evidence = evidenceOf(params.evidence);
      return reason !== undefined
        ? { kind, reason, ...(closure ? { closure } : {}), ...(evidence.length ? { evidence } : {}) }
        : undefined;
    }
    case 'reopen':
    case 'unsuppress':
      return { kind };
    default:
      return undefined;
  }
}
