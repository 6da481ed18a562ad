import type { FindingAction } from '../domain/actions.js';
import type { Finding } from '../tenant/schemas.js';
import { mention, safeMrkdwn, slackDate } from './mrkdwn.js';

/**
 * The thread reply after a change: who did what, with the reason and the until-date. Dates come
 * from the finding the tenant returned when it has them (what is true), else from the request.
 */
export function describeChange(action: FindingAction, actorId: string, finding: Finding): string {
  const who = mention(actorId);
  switch (action.kind) {
    case 'snooze':
      return `${who} snoozed this until ${slackDate(finding.snoozeUntil ?? action.until)}: ${safeMrkdwn(action.reason, 2_000)}`;
    case 'acceptRisk':
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
