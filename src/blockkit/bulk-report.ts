import { actionEnd, actionText } from '../domain/actions.js';
import type { BulkChange } from '../domain/bulk-change.js';
import { t } from '../i18n/speak.js';
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

const LISTED = 20;

/** Up to 20 ids as code, then how many more. */
export function idList(ids: readonly string[]): string {
  const shown = ids.slice(0, LISTED).map((id) => code(id, 80));
  return ids.length > LISTED
    ? t('bulkReport.andMore', { ids: shown.join(', '), count: ids.length - LISTED })
    : shown.join(', ');
}

/** "@bob approved @alice's request and accepted the risk of 37 of 40 findings until …: why". */
export function describeBulk(
  change: BulkChange,
  actorId: string,
  tally: BulkTally,
  requesterId?: string,
): string {
  const already = tally.already ?? [];
  const asked = tally.changed.length + tally.unchanged.length + tally.busy.length + already.length;
  const end = change.kind === 'assignOwner' ? undefined : actionEnd(change);
  const words = change.kind === 'assignOwner' ? undefined : actionText(change);
  const lines = [
    t('bulkReport.line', {
      approved: requesterId ? 'yes' : 'no',
      actor: mention(actorId),
      requester: requesterId ? mention(requesterId) : '',
      kind: change.kind,
      all: tally.changed.length === asked ? 'yes' : 'no',
      changed: tally.changed.length,
      count: asked,
      owner: change.kind === 'assignOwner' ? ` (${code(change.identityUserId, 80)})` : '',
      hasEnd: end ? 'yes' : 'no',
      until: end ? slackDate(end) : '',
      hasWords: words ? 'yes' : 'no',
      words: words ? safeMrkdwn(words, 1_500) : '',
    }),
  ];
  if (tally.unchanged.length > 0)
    lines.push(t('bulkReport.unchanged', { count: tally.unchanged.length, ids: idList(tally.unchanged) }));
  if (already.length > 0)
    lines.push(t('bulkReport.already', { count: already.length, ids: idList(already) }));
  if (tally.busy.length > 0)
    lines.push(t('bulkReport.busy', { count: tally.busy.length, ids: idList(tally.busy) }));
  return truncate(lines.join('\n'), SLACK_LIMITS.messageText);
}

/**
 * To the person, when the tenant answered a bulk change with an error but the read-back shows it
 * changed findings all the same (`line`: describeBulk's words, as the thread says them).
 */
export function doneDespiteError(line: string, ref: string): string {
  // The ref stays whole: the report's words give way if the message would be too long.
  const words = truncate(line, SLACK_LIMITS.messageText - 200);
  return t('bulkReport.despiteError', { words, ref: code(ref, 40) });
}
