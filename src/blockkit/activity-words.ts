import type { MessageKey } from '../i18n/catalog/index.js';
import { t } from '../i18n/speak.js';
import type { AuditEntry } from '../ports/store.js';

/**
 * What a person did, in their own words, from an audit entry: the Home tab's *Recent activity*
 * ("you suppressed …", "you asked for a fresh sign-in to suppress …"). Never an internal key
 * (`stepUp.suppress`, `bulk.snooze`): a key this does not know yet is told in words ("acted
 * (rotate key) on"). test/unit/blockkit/activity-words.test.ts lists every key Warden writes.
 * The words are in i18n/catalog/people/activity.ts; each phrase places the finding (`target`)
 * where its language wants it.
 */

/** Audit keys with a past-tense phrase naming the finding: "snoozed {target}". */
const DONE = [
  'snooze',
  'acceptRisk',
  'acceptRisk.request',
  'acceptRisk.deny',
  'suppress',
  'resolve',
  'reopen',
  'unsuppress',
  'createTask',
  'notifyOwner',
  'assignOwner',
  'letEnd',
  'attest.ask',
  'attest.answer',
  'attest.escalate',
  'attest.note',
  'attest.comment',
  'note.attach',
  'report.activity',
  'contain.request',
  'contain.approve',
  'contain.deny',
  'contain.revoke',
  'contain.offboard',
  'contain.state',
  'contain.attempts',
  'contain.expire',
] as const;

/** Access reviews: the entry names a review task, not a finding (nothing to link). */
const REVIEWED = ['certify', 'verified', 'revoke', 'reassign', 'comment', 'link', 'unlink', 'unchanged'];

/** What a fresh sign-in was asked for: "to suppress {target}". */
const TO_DO = [
  'snooze',
  'acceptRisk',
  'suppress',
  'resolve',
  'reopen',
  'unsuppress',
  'approve',
  'deny',
  'bulk',
  'show',
  'notifyOwner',
  'contain',
  'contain.revoke',
  'contain.offboard',
];
/** The infinitive of an access review's step-up: nothing to link. */
const TO_REVIEW = ['review.certify', 'review.revoke', 'review.reassign', 'review.link'];

const has = (list: readonly string[], key: string): boolean => list.includes(key);

/** A key this file does not know yet, in words: `stepUp.rotateKey` -> "rotate key". */
export function humanisedKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[._\s-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  return words.join(' ') || t('activity.something');
}

/** What the entry's `finding_id` names: a finding, a roll-up of many, or nothing to link. */
export type ActivityTarget = 'finding' | 'group' | 'none';

/** A phrase with no finding to name reads without the gap its placeholder leaves. */
const tidy = (s: string): string => s.replace(/ {2,}/g, ' ').trim();

/**
 * `target`: the finding as mrkdwn (home.ts links it), placed in the phrase when the entry names
 * one (`target: 'finding'`); empty when it names none.
 */
export function activityWords(
  entry: Pick<AuditEntry, 'action' | 'outcome' | 'params'>,
  target = '',
): { what: string; target: ActivityTarget } {
  const { action, outcome } = entry;
  if (has(DONE, action))
    return { what: tidy(t(`activity.done.${action}` as MessageKey, { target })), target: 'finding' };
  if (action.startsWith('review.') && has(REVIEWED, action.slice('review.'.length)))
    return { what: t(`activity.${action}` as MessageKey), target: 'none' };
  if (action.startsWith('bulk.')) {
    const kind = action.slice('bulk.'.length);
    const count = entry.params.findings;
    const many = t('activity.bulkTarget', { count: typeof count === 'number' && count > 0 ? count : 0 });
    const key: MessageKey = has(DONE, kind)
      ? (`activity.done.${kind}` as MessageKey)
      : 'activity.done.changed';
    return { what: t(key, { target: many }), target: 'none' };
  }
  if (action.startsWith('stepUp.')) {
    const key = action.slice('stepUp.'.length);
    const review = has(TO_REVIEW, key);
    const todo = key.startsWith('attest.')
      ? t('activity.todo.attest', { target })
      : review || has(TO_DO, key)
        ? t(`activity.todo.${key}` as MessageKey, { target })
        : t('activity.todo.other', { key: humanisedKey(key), target });
    const names: ActivityTarget = key === 'bulk' || review ? 'none' : 'finding';
    const said =
      outcome === 'requested'
        ? 'activity.stepUp.requested'
        : outcome === 'ok'
          ? 'activity.stepUp.ok'
          : 'activity.stepUp.refused';
    return { what: tidy(t(said, { todo: tidy(todo) })), target: names };
  }
  if (action.startsWith('review.'))
    return { what: t('activity.other.review', { key: humanisedKey(action) }), target: 'none' };
  return { what: tidy(t('activity.other', { key: humanisedKey(action), target })), target: 'finding' };
}
