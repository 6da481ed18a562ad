import { t } from '../i18n/speak.js';
import type { Finding } from '../model/finding.js';
import { enumWords } from './finding-details.js';
import { code, safeMrkdwn, slackDate } from './mrkdwn.js';

/**
 * A finding's severity and state in words, with their dates as Slack date tokens. The words are
 * in i18n/catalog/card/state.ts, in the language of the caller's scope (i18n/speak.ts).
 */

const SEVERITY = {
  FINDING_SEVERITY_CRITICAL: { icon: '🔴', key: 'severity.critical' },
  FINDING_SEVERITY_HIGH: { icon: '🟠', key: 'severity.high' },
  FINDING_SEVERITY_MEDIUM: { icon: '🟡', key: 'severity.medium' },
  FINDING_SEVERITY_LOW: { icon: '🔵', key: 'severity.low' },
  FINDING_SEVERITY_INFO: { icon: '⚪', key: 'severity.info' },
} as const;

const STATE = {
  FINDING_STATE_UNSPECIFIED: 'state.unspecified',
  FINDING_STATE_OPEN: 'state.open',
  FINDING_STATE_IN_PROGRESS: 'state.inProgress',
  FINDING_STATE_RESOLVED: 'state.resolved',
  FINDING_STATE_SNOOZED: 'state.snoozed',
  FINDING_STATE_RISK_ACCEPTED: 'state.riskAccepted',
  FINDING_STATE_SUPPRESSED: 'state.suppressed',
} as const;

const has = <T extends object>(table: T, key: string | null | undefined): key is keyof T & string =>
  typeof key === 'string' && Object.hasOwn(table, key);

export function severityOf(f: Finding): { icon: string; label: string } {
  if (has(SEVERITY, f.severity)) {
    const known = SEVERITY[f.severity];
    return { icon: known.icon, label: t(known.key) };
  }
  // Unknown or unspecified severities are shown as they came.
  return {
    icon: '⚫',
    label: f.severity ? enumWords(f.severity, 'FINDING_SEVERITY_') : t('severity.unspecified'),
  };
}

export function stateLabel(state: string | null | undefined): string {
  if (has(STATE, state)) return t(STATE[state]);
  const words = enumWords(state, 'FINDING_STATE_');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "<state>: <reason>" when a reason was given. */
const withReason = (state: string, reason: string | null | undefined, max: number): string =>
  reason ? t('state.withReason', { state, reason: safeMrkdwn(reason, max) }) : state;

/** One line saying where the finding stands, with its dates as Slack date tokens. */
export function describeState(f: Finding): string {
  switch (f.state) {
    case 'FINDING_STATE_SNOOZED':
      return withReason(
        f.snoozeUntil ? t('state.snoozedUntil', { until: slackDate(f.snoozeUntil) }) : t('state.snoozedLine'),
        f.snoozeReason,
        600,
      );
    case 'FINDING_STATE_RISK_ACCEPTED':
      return withReason(
        f.riskAcceptanceExpiresAt
          ? t('state.acceptedUntil', { until: slackDate(f.riskAcceptanceExpiresAt) })
          : t('state.acceptedLine'),
        f.riskAcceptanceJustification,
        1_200,
      );
    case 'FINDING_STATE_SUPPRESSED':
      return withReason(t('state.suppressedLine'), f.suppressReason, 600);
    case 'FINDING_STATE_RESOLVED':
      return f.resolvedAt
        ? t('state.resolvedAt', { when: slackDate(f.resolvedAt) })
        : t('state.resolvedLine');
    case 'FINDING_STATE_IN_PROGRESS':
      return f.assigneeIdentityUserId
        ? t('state.inProgressAssigned', { who: code(f.assigneeIdentityUserId, 60) })
        : t('state.inProgressLine');
    case 'FINDING_STATE_OPEN':
      return t('state.openLine');
    default:
      return t('state.otherLine', { state: stateLabel(f.state) });
  }
}
