import {
  actionFromParams,
  actionText,
  type FindingAction,
  type FindingStateView,
  isActionApplied,
} from './actions.js';
import { withoutAttribution } from './attribution.js';

/**
 * Whether a change Warden made (its audit entry) is the one the tenant's record of a finding
 * shows now, so a Slack person may be credited with where the finding stands. The state's kind
 * is not enough: someone re-suppressing it in the tenant's console with other words leaves it
 * suppressed too. The tenant's record must show the change itself: its state and end, its words
 * (the tenant keeps them with the attribution Warden added), and the principal the tenant named
 * for Warden's change when Warden kept it.
 */

/** What a finding's record says about its last state change (the vendor's Finding). */
export interface TenantStateRecord extends FindingStateView {
  stateUpdatedById?: string | null | undefined;
  snoozeReason?: string | null | undefined;
  suppressReason?: string | null | undefined;
  riskAcceptanceJustification?: string | null | undefined;
}

/** A change as Warden's audit log keeps it. */
export interface KeptChange {
  action: string;
  params: Record<string, unknown>;
}

/**
 * The principal the tenant named for a change Warden made (the finding's `stateUpdatedById` right
 * after it), kept in the audit entry as `principal`; undefined for entries made before it was kept.
 */
export function principalOf(params: Record<string, unknown>): string | undefined {
  return typeof params.principal === 'string' && params.principal ? params.principal : undefined;
}

/** What Warden keeps of the tenant's answer to a state change it made: who the tenant says acted. */
export function keptPrincipal(finding: {
  stateUpdatedById?: string | null | undefined;
}): Record<string, string> {
  return finding.stateUpdatedById ? { principal: finding.stateUpdatedById } : {};
}

/** The words the tenant keeps for the state an action leads to (undefined: it keeps none). */
function recordedWords(f: TenantStateRecord, action: FindingAction): string | undefined {
  switch (action.kind) {
    case 'snooze':
      return f.snoozeReason ?? '';
    case 'suppress':
      return f.suppressReason ?? '';
    case 'acceptRisk':
      return f.riskAcceptanceJustification ?? '';
    default:
      return undefined;
  }
}

/**
 * Whether `f` as the tenant has it now is what `made` did. `template` is the attribution template:
 * the tenant's words are the person's words signed with it.
 */
export function showsChange(f: TenantStateRecord, made: KeptChange, template: string): boolean {
  const action = actionFromParams(made.action, made.params);
  if (!action || !isActionApplied(f, action)) return false;
  const principal = principalOf(made.params);
  if (principal && f.stateUpdatedById && f.stateUpdatedById !== principal) return false;
  const words = actionText(action);
  const recorded = recordedWords(f, action);
  if (words === undefined || recorded === undefined) return true;
  return withoutAttribution(template, recorded).trim() === words.trim();
}
