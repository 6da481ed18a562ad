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

const WHY: Record<StepUpRefusal, string> = {
  unknown: 'this link is not one Warden sent',
  used: 'this link was already used (each link works once)',
  expired: 'this link expired (it is valid for 5 minutes)',
  idpError: 'the identity provider did not complete the sign-in',
  badResponse: 'the identity provider’s answer did not pass Warden’s checks',
  mismatch: 'the account that signed in is not the Slack person the link was sent to',
  noEmail: 'Slack does not show Warden your email address, so the sign-in cannot be matched to you',
  stale: 'the sign-in was not a fresh one',
  weak: 'the sign-in was not as strong as required (e.g. without a second factor)',
  otherBrowser:
    'the sign-in came back to a different browser than the one that opened the link (open the link and sign in in the same browser)',
  unverifiedEmail: 'the identity provider has not verified the email address of the account that signed in',
  deactivated: 'your Slack account is deactivated',
  notConfigured: 'step-up verification is not configured',
};

/** Why a verification was refused, as a clause ("this link expired (…)"). */
export const stepUpWhy = (why: StepUpRefusal): string => WHY[why];

/**
 * What the gated action is, in a few words: "suppress finding `F1`" for Slack (mrkdwn), or
 * "suppress finding F1" for the browser's page (`plain`; the HTTP route escapes it).
 */
export function stepUpWhat(key: string, findingIds: readonly string[], plain = false): string {
  const id = (s: string) => (plain ? s.slice(0, 200) : code(s));
  const one = findingIds.length === 1 && findingIds[0] ? ` finding ${id(findingIds[0])}` : '';
  const many = findingIds.length > 1 ? ` ${findingIds.length} findings` : '';
  if (key === 'approve' || key === 'deny') return `${key} the risk acceptance request`;
  if (key === 'bulk') return `change ${findingIds.length} findings at once`;
  if (key === 'review.link') return 'link your tenant account to Warden';
  if (key.startsWith('review.')) return `${key.slice('review.'.length)} access in a review`;
  if (key.startsWith('attest.')) return `answer about${one || many || ' the finding'}`;
  return `${key}${one || many}`;
}

export function stepUpAsked(what: string, link: string, minutes: number): string {
  return (
    `:lock: To ${what}, verify it is you: <${link}|sign in at your identity provider>. ` +
    `The link works once, only for you, for ${minutes} minutes. Nothing is sent to the tenant until you do.`
  );
}

export function stepUpRefusedInSlack(what: string, why: StepUpRefusal): string {
  return `:no_entry: Verification refused: ${WHY[why]}. Nothing was sent to the tenant (${what}).`;
}

/** When a verification passed, to the second, in the reader's time zone (an audit record). */
const verifiedAt = (at: number) => slackDate(new Date(at), '{date_num} {time_secs}');

export function stepUpPassedInSlack(what: string, at: number): string {
  return `:white_check_mark: Verified at ${verifiedAt(at)}: sending it (${what}).`;
}

/** The thread line's mark on a change made after a verification. */
export function verifiedMark(at: number | undefined): string {
  return at === undefined ? '' : ` (verified at ${verifiedAt(at)})`;
}

export const STEP_UP_PAGE = {
  title: 'Warden: verification',
  /** The link opened: what it is for, and the one button that goes on to the sign-in. */
  confirm: (what: string) => [
    `Warden asks you to verify it is you before it will ${what}.`,
    'Continue only if you asked for this in Slack yourself, a few minutes ago: you will sign in at your identity provider, in this browser.',
  ],
  button: 'Continue to sign in',
  noCookie:
    'This browser did not open the link, or does not keep Warden’s cookie: open the link from Slack again in this browser (cookies allowed for this site). The link still works.',
  passed: 'Verified. Warden is sending the change; the outcome is in Slack. You can close this page.',
  refused: (why: StepUpRefusal) =>
    `Verification refused: ${WHY[why]}. Nothing was sent. You can close this page.`,
  unavailable: 'The identity provider cannot be reached now. The link still works: try it again in a moment.',
};
