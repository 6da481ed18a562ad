import { actionEnd, actionText, type FindingAction } from '../domain/actions.js';
import type { Finding } from '../model/finding.js';
import { actionRow } from './action-table.js';
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
  const who = requesterId
    ? `${mention(actorId)} approved ${mention(requesterId)}'s request and`
    : mention(actorId);
  const recorded = row.endField ? finding[row.endField] : undefined;
  const end = recorded ?? actionEnd(action);
  const until = end ? ` until ${slackDate(end)}` : '';
  const words = actionText(action);
  const evidence = 'evidence' in action && action.evidence ? evidenceLine(action.evidence) : '';
  return `${who} ${row.done}${until}${words ? `: ${safeMrkdwn(words, 2_000)}` : '.'}${evidence}`;
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
