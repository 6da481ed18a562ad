import { t } from '../i18n/speak.js';
import { code, slackDate } from './mrkdwn.js';

/**
 * What people are told about step-up verification: in Slack (mrkdwn) and on the page their
 * browser shows after the sign-in (plain text; the HTTP route escapes it).
 */

/** Why a verification was refused. */
export type StepUpRefusal =
  | 'unknown'
  | 'used'
  | 'expired'
  | 'idpError'
  | 'badResponse'
  | 'mismatch'
  | 'noEmail'
  | 'stale'
  | 'weak'
  | 'otherBrowser'
  | 'unverifiedEmail'
  | 'deactivated'
  | 'notConfigured';

/** Why a verification was refused, as a clause ("this link expired (…)"). */
export const stepUpWhy = (why: StepUpRefusal): string => t(`stepUp.why.${why}`);

/** The finding action kinds and containments the gate names in words (others: their key). */
const ACTIONS: Record<string, string> = {
  snooze: 'snooze',
  suppress: 'suppress',
  acceptRisk: 'acceptRisk',
  unsuppress: 'unsuppress',
  resolve: 'resolve',
  reopen: 'reopen',
  'contain.revoke': 'containRevoke',
  'contain.offboard': 'containOffboard',
};

/**
 * What the gated action is, in a few words: "suppress finding `F1`" for Slack (mrkdwn), or
 * "suppress finding F1" for the browser's page (`plain`; the HTTP route escapes it).
 */
export function stepUpWhat(key: string, findingIds: readonly string[], plain = false): string {
  const id = (s: string) => (plain ? s.slice(0, 200) : code(s));
  const first = findingIds[0];
  const target = findingIds.length === 1 && first ? 'one' : findingIds.length > 1 ? 'many' : 'none';
  const on = { target, finding: first ? id(first) : '', count: findingIds.length };
  if (key === 'approve') return t('stepUp.whatApprove');
  if (key === 'deny') return t('stepUp.whatDeny');
  if (key === 'bulk') return t('stepUp.whatBulk', { count: findingIds.length });
  if (key === 'review.link') return t('stepUp.whatLink');
  if (key.startsWith('review.')) return t('stepUp.whatReview', { action: key.slice('review.'.length) });
  if (key.startsWith('attest.')) return t('stepUp.whatAttest', on);
  return t('stepUp.whatAction', { ...on, action: ACTIONS[key] ?? key });
}

export function stepUpAsked(what: string, link: string, minutes: number): string {
  return t('stepUp.asked', { what, link, minutes });
}

export function stepUpRefusedInSlack(what: string, why: StepUpRefusal): string {
  return t('stepUp.refusedInSlack', { why: stepUpWhy(why), what });
}

/** When a verification passed, to the second, in the reader's time zone (an audit record). */
const verifiedAt = (at: number) => slackDate(new Date(at), '{date_num} {time_secs}');

export function stepUpPassedInSlack(what: string, at: number): string {
  return t('stepUp.passedInSlack', { at: verifiedAt(at), what });
}

/** The thread line's mark on a change made after a verification. */
export function verifiedMark(at: number | undefined): string {
  return at === undefined ? '' : ` ${t('stepUp.verifiedMark', { at: verifiedAt(at) })}`;
}

/** The browser's page around the sign-in: functions, read in the language of the scope they are called in. */
export const STEP_UP_PAGE = {
  title: () => t('stepUp.page.title'),
  /** The link opened: what it is for, and the one button that goes on to the sign-in. */
  confirm: (what: string) => [t('stepUp.page.confirm', { what }), t('stepUp.page.warning')],
  button: () => t('stepUp.page.button'),
  noCookie: () => t('stepUp.page.noCookie'),
  passed: () => t('stepUp.page.passed'),
  refused: (why: StepUpRefusal) => t('stepUp.page.refused', { why: stepUpWhy(why) }),
  unavailable: () => t('stepUp.page.unavailable'),
};
