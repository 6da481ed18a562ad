import type { Finding } from '../model/finding.js';
import { enumWords } from './finding-details.js';
import { code, safeMrkdwn, slackDate } from './mrkdwn.js';

/** A finding's severity and state in words, with their dates as Slack date tokens. */

const SEVERITY: Record<string, { icon: string; label: string }> = {
  FINDING_SEVERITY_CRITICAL: { icon: '🔴', label: 'Critical' },
  FINDING_SEVERITY_HIGH: { icon: '🟠', label: 'High' },
  FINDING_SEVERITY_MEDIUM: { icon: '🟡', label: 'Medium' },
  FINDING_SEVERITY_LOW: { icon: '🔵', label: 'Low' },
  FINDING_SEVERITY_INFO: { icon: '⚪', label: 'Info' },
};

export function severityOf(f: Finding): { icon: string; label: string } {
  const known = f.severity ? SEVERITY[f.severity] : undefined;
  if (known) return known;
  // Unknown or unspecified severities are shown as they came.
  return { icon: '⚫', label: f.severity ? enumWords(f.severity, 'FINDING_SEVERITY_') : 'Unspecified' };
}

export function stateLabel(state: string | null | undefined): string {
  const words = enumWords(state, 'FINDING_STATE_');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One line saying where the finding stands, with its dates as Slack date tokens. */
export function describeState(f: Finding): string {
  switch (f.state) {
    case 'FINDING_STATE_SNOOZED':
      return `💤 Snoozed${f.snoozeUntil ? ` until ${slackDate(f.snoozeUntil)}` : ''}${f.snoozeReason ? `: ${safeMrkdwn(f.snoozeReason, 600)}` : ''}`;
    case 'FINDING_STATE_RISK_ACCEPTED':
      return `🛡️ Risk accepted${f.riskAcceptanceExpiresAt ? ` until ${slackDate(f.riskAcceptanceExpiresAt)}` : ''}${f.riskAcceptanceJustification ? `: ${safeMrkdwn(f.riskAcceptanceJustification, 1_200)}` : ''}`;
    case 'FINDING_STATE_SUPPRESSED':
      return `🔕 Suppressed until reopened${f.suppressReason ? `: ${safeMrkdwn(f.suppressReason, 600)}` : ''}`;
    case 'FINDING_STATE_RESOLVED':
      return `✅ Resolved${f.resolvedAt ? ` ${slackDate(f.resolvedAt)}` : ''}`;
    case 'FINDING_STATE_IN_PROGRESS':
      return `🛠️ In progress${f.assigneeIdentityUserId ? `, assigned to ${code(f.assigneeIdentityUserId, 60)}` : ''}`;
    case 'FINDING_STATE_OPEN':
      return '🚨 Open';
    default:
      return `State: ${stateLabel(f.state)}`;
  }
}
