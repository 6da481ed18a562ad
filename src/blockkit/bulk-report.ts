import { actionEnd, actionText } from '../domain/actions.js';
import type { BulkChange } from '../domain/bulk-change.js';
import { SLACK_LIMITS } from './limits.js';
import { code, mention, safeMrkdwn, slackDate, truncate } from './mrkdwn.js';

/** What a change to many findings came to: the thread reply of the roll-up says it once. */
export interface BulkTally {
  /** Findings the tenant changed (read back). */
  changed: readonly string[];
  /** Findings the tenant did not change: it refused them, or did not get to them in time. */
  unchanged: readonly string[];
  /** Findings left alone because a change to them was already in progress. */
  busy: readonly string[];
  /** Findings that were already as asked (nothing sent for them). */
  already?: readonly string[];
}

const DONE: Record<BulkChange['kind'], string> = {
  snooze: 'snoozed',
  acceptRisk: 'accepted the risk of',
  suppress: 'suppressed',
  reopen: 'reopened',
  unsuppress: 'unsuppressed',
  assignOwner: 'assigned an owner to',
};

const LISTED = 20;

/** Up to 20 ids as code, then how many more. */
export function idList(ids: readonly string[]): string {
  const shown = ids.slice(0, LISTED).map((id) => code(id, 80));
  return ids.length > LISTED ? `${shown.join(', ')} and ${ids.length - LISTED} more` : shown.join(', ');
}

const findings = (n: number) => `${n} finding${n === 1 ? '' : 's'}`;

/** "@bob approved @alice's request and accepted the risk of 37 of 40 findings until …: why". */
export function describeBulk(
  change: BulkChange,
  actorId: string,
  tally: BulkTally,
  requesterId?: string,
): string {
  const already = tally.already ?? [];
  const asked = tally.changed.length + tally.unchanged.length + tally.busy.length + already.length;
  const who = requesterId
    ? `${mention(actorId)} approved ${mention(requesterId)}'s request and`
    : mention(actorId);
  const count =
    tally.changed.length === asked ? findings(asked) : `${tally.changed.length} of ${findings(asked)}`;
  const end = change.kind === 'assignOwner' ? undefined : actionEnd(change);
  const words = change.kind === 'assignOwner' ? undefined : actionText(change);
  const owner = change.kind === 'assignOwner' ? ` (${code(change.identityUserId, 80)})` : '';
  const lines = [
    `${who} ${DONE[change.kind]} ${count}${owner}${end ? ` until ${slackDate(end)}` : ''}${words ? `: ${safeMrkdwn(words, 1_500)}` : '.'}`,
  ];
  if (tally.unchanged.length > 0) {
    lines.push(
      `:warning: The tenant did not change ${findings(tally.unchanged.length)} (their state does not allow it, or it refused them): ${idList(tally.unchanged)}.`,
    );
  }
  if (already.length > 0) {
    lines.push(
      `:information_source: ${findings(already.length)} already so, left as they were: ${idList(already)}.`,
    );
  }
  if (tally.busy.length > 0) {
    lines.push(
      `:hourglass: ${findings(tally.busy.length)} left alone, a change to them was already in progress: ${idList(tally.busy)}.`,
    );
  }
  return truncate(lines.join('\n'), SLACK_LIMITS.messageText);
}

/**
 * To the person, when the tenant answered a bulk change with an error but the read-back shows it
 * changed findings all the same (`line`: describeBulk's words, as the thread says them).
 */
export function doneDespiteError(line: string, ref: string): string {
  // The ref stays whole: the report's words give way if the message would be too long.
  const words = truncate(line, SLACK_LIMITS.messageText - 200);
  return `:warning: The tenant answered with an error, but reading the findings back shows what it did: ${words}\n_(ref ${code(ref, 40)})_`;
}
