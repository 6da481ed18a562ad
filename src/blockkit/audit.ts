import type { FindingAction } from '../domain/actions.js';
import type { Finding } from '../tenant/schemas.js';
import { mention, safeMrkdwn, slackDate } from './mrkdwn.js';

/**
 * The thread reply after a change: who did what, with the reason and the until-date. Dates come
 * from the finding the tenant returned when it has them (what is true), else from the request.
 */
export function describeChange(
  action: FindingAction,
  actorId: string,
  finding: Finding,
  requesterId?: string,
): string {
  const who = mention(actorId);
  switch (action.kind) {
    case 'snooze':
      return `${who} snoozed this until ${slackDate(finding.snoozeUntil ?? action.until)}: ${safeMrkdwn(action.reason, 2_000)}`;
    case 'acceptRisk':
      if (requesterId) {
        return `${who} approved ${mention(requesterId)}'s request and accepted the risk until ${slackDate(finding.riskAcceptanceExpiresAt ?? action.expiresAt)}: ${safeMrkdwn(action.justification, 2_000)}`;
      }
      return `${who} accepted the risk until ${slackDate(finding.riskAcceptanceExpiresAt ?? action.expiresAt)}: ${safeMrkdwn(action.justification, 2_000)}`;
    case 'suppress':
      return `${who} suppressed this until someone reopens it: ${safeMrkdwn(action.reason, 2_000)}`;
    case 'resolve':
      return action.reason
        ? `${who} resolved this: ${safeMrkdwn(action.reason, 2_000)}`
        : `${who} resolved this.`;
    case 'reopen':
      return `${who} reopened this.`;
    case 'unsuppress':
      return `${who} unsuppressed this.`;
  }
}

export const ACTION_VERB: Record<FindingAction['kind'], string> = {
  snooze: 'snooze',
  acceptRisk: 'accept the risk of',
  suppress: 'suppress',
  resolve: 'resolve',
  reopen: 'reopen',
  unsuppress: 'unsuppress',
};

/**
 * The thread reply when an alert is delivered again for a finding that already has a message:
 * what changed since the message last showed it. Undefined when nothing worth a reply changed.
 */
export function describeOutsideChange(
  before: { lastState: string | null; lastRecurrence: number | null },
  finding: Finding,
): string | undefined {
  const lines: string[] = [];
  if (finding.state && before.lastState && finding.state !== before.lastState) {
    lines.push(
      `:arrows_counterclockwise: State changed outside Slack: ${stateWords(before.lastState)} → ${stateWords(finding.state)}.`,
    );
  }
  const count = finding.recurrenceCount;
  if (typeof count === 'number' && (before.lastRecurrence ?? 0) < count) {
    lines.push(`:repeat: Seen again: ${count} time${count === 1 ? '' : 's'} in all.`);
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

function stateWords(state: string): string {
  const words = state.startsWith('FINDING_STATE_')
    ? state.slice('FINDING_STATE_'.length).toLowerCase().replaceAll('_', ' ')
    : state;
  return `*${safeMrkdwn(words, 60)}*`;
}
