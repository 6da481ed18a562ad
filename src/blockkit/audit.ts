import { actionEnd, actionText, type FindingAction } from '../domain/actions.js';
import { t } from '../i18n/speak.js';
import type { Finding } from '../model/finding.js';
import { actionRow } from './action-table.js';
import { stateLabel } from './finding-state.js';
import { mention, safeMrkdwn, slackDate } from './mrkdwn.js';
import { evidenceLine } from './shortcut-words.js';

/**
 * The thread reply after a change: who did what, with the reason and the end date. The date comes
 * from the finding the tenant returned when it has it (what is true), else from the request.
 */
export function describeChange(
  action: FindingAction,
  actorId: string,
  finding: Finding,
  requesterId?: string,
): string {
  const row = actionRow(action.kind);
  const who = t('change.who', {
    approved: requesterId ? 'yes' : 'no',
    who: mention(actorId),
    requester: requesterId ? mention(requesterId) : '',
  });
  const recorded = row.endField ? finding[row.endField] : undefined;
  const end = recorded ?? actionEnd(action);
  const words = actionText(action);
  const evidence = 'evidence' in action && action.evidence ? evidenceLine(action.evidence) : '';
  const line = t(`change.${action.kind}`, {
    who,
    end: end ? 'yes' : 'no',
    until: end ? slackDate(end) : '',
    said: words ? 'yes' : 'no',
    reason: words ? safeMrkdwn(words, 2_000) : '',
  });
  return `${line}${evidence}`;
}

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
      t('change.outside', { before: stateWords(before.lastState), after: stateWords(finding.state) }),
    );
  }
  const count = finding.recurrenceCount;
  if (typeof count === 'number' && (before.lastRecurrence ?? 0) < count) {
    lines.push(t('change.seenAgain', { count }));
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** A state in words, lower case as the sentence reads ("open → snoozed"); an unknown one humanised. */
function stateWords(state: string): string {
  const label = stateLabel(state);
  return `*${safeMrkdwn(label.toLowerCase(), 60)}*`;
}
