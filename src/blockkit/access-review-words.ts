import type { ReviewTask } from '../domain/access-review.js';
import { code, mention, quoted, safeMrkdwn, slackDate } from './mrkdwn.js';

/**
 * Everything people read about access reviews in Slack (README "Access reviews in Slack"): one
 * function a sentence, so the words can move to a message catalogue. Names, never ids, where the
 * tenant gave names; what a person or the tenant wrote is escaped.
 */

const name = (v: string | undefined, fallback: string, max = 80) => safeMrkdwn(v?.trim() || fallback, max);

export const reviewWords = {
  campaign: (t: { campaignName: string | undefined }) => name(t.campaignName, 'an access review'),
  app: (t: { appName: string | undefined }) => name(t.appName, 'an app'),
  subject: (t: ReviewTask) => name(t.subjectName, 'a person'),
  entitlement: (t: ReviewTask) => name(t.entitlementName, 'an entitlement'),
  /** "Dave Doe — Organization owner" */
  taskLine: (t: ReviewTask) => `*${reviewWords.subject(t)}* — ${reviewWords.entitlement(t)}`,
  due: (at: number | undefined) => (at === undefined ? 'no due date' : `due ${slackDate(new Date(at))}`),
  /** The personal client's name at the tenant, for the console's list of clients. */
  clientName: (handle: string) => `Created by Warden for @${handle}`,

  notConfigured: () =>
    ':information_source: Access reviews are not set up in this Warden (WARDEN_CONFIG `reviews`): decide them in the console.',

  // Linking
  linkStart: (url: string, code: string, minutes: number) =>
    `:key: To decide your access reviews here as yourself, sign in to the tenant: <${url}|open the sign-in page> and check it shows the code *${safeMrkdwn(code, 20)}*. The code works for ${minutes} minutes. Warden then keeps a personal credential of yours, sealed, and uses it only for what you decide here.`,
  linkStartUnlinkable: () =>
    ':warning: Warden could not start the tenant sign-in just now. Nothing was changed; try again in a moment.',
  linked: (clientName: string) =>
    `:white_check_mark: Linked. Your decisions in Slack are now recorded by the tenant as yours (personal client “${safeMrkdwn(clientName, 100)}”). \`/warden unlink\` removes it.`,
  alreadyLinked: () => ':information_source: You are already linked. `/warden unlink` first to link again.',
  linkInProgress: () =>
    ':hourglass: A tenant sign-in for you is already waiting. Finish it, or wait for it to expire, then try again.',
  linkExpired: () =>
    ':hourglass: The tenant sign-in expired before it was approved. Nothing was kept; `/warden link` to start again.',
  linkDenied: () => ':no_entry_sign: The tenant sign-in was denied. Nothing was kept.',
  linkFailed: (why: string) =>
    `:warning: The tenant sign-in did not complete (${safeMrkdwn(why, 120)}). Nothing was kept; try \`/warden link\` again.`,
  linkMismatch: () =>
    ':no_entry_sign: The account that signed in at the tenant is not the one your Slack email belongs to, so Warden did not link it. Nothing was kept. Sign in as yourself.',
  linkNoTenantUser: (why: string) =>
    `:no_entry_sign: Warden cannot tell which tenant account is yours (${safeMrkdwn(why, 120)}), so it cannot link one. Nothing was kept.`,
  notLinked: () =>
    ':key: Link your tenant account first, so the tenant records your decisions as yours: `/warden link` (or *Link* on Warden’s Home tab). Nothing was sent to the tenant.',
  unlinked: () =>
    ':wave: Unlinked: Warden deleted your personal credential at the tenant and forgot it. `/warden link` to link again.',
  unlinkedLocalOnly: () =>
    ':wave: Unlinked. The tenant did not confirm deleting your personal credential (it may be gone already); Warden forgot it. Check your personal clients in the console.',
  notLinkedToUnlink: () => ':information_source: You are not linked; there is nothing to unlink.',
  revoked: () =>
    ':warning: The tenant no longer accepts your personal credential (it was revoked, or your account was disabled). Warden unlinked you and sent nothing. `/warden link` to link again.',

  // Notices and reminders
  assigned: (campaign: string, count: number, due: number | undefined) =>
    `:clipboard: *${campaign}* gives you ${count} access ${count === 1 ? 'grant' : 'grants'} to review, ${reviewWords.due(due)}. Decide them here: open Warden’s Home tab, or *Review…* below.`,
  reminder: (campaign: string, count: number, due: number | undefined) =>
    `:alarm_clock: Reminder: ${count} of your access ${count === 1 ? 'review' : 'reviews'} in *${campaign}* ${count === 1 ? 'is' : 'are'} still open, ${reviewWords.due(due)}.`,

  // Deciding
  certified: (t: ReviewTask) => `:white_check_mark: Certified ${reviewWords.taskLine(t)}.`,
  revokedAccess: (t: ReviewTask) => `:no_entry: Revoked ${reviewWords.taskLine(t)}.`,
  reassigned: (t: ReviewTask, to: string) =>
    `:arrow_right: Reassigned ${reviewWords.taskLine(t)} to ${mention(to)}.`,
  commented: (t: ReviewTask) => `:speech_balloon: Commented on ${reviewWords.taskLine(t)}.`,
  tenantRefused: (message: string) =>
    `:no_entry_sign: The tenant refused: “${safeMrkdwn(message, 400)}”. Nothing was changed.`,
  tenantDown: () =>
    ':warning: The tenant did not answer. Nothing was decided as far as Warden can tell; try again in a moment.',
  otherCampaign: () =>
    ':no_entry_sign: That task is not one of this review’s (another campaign or app), so Warden did not send it. Reopen the review.',
  gone: () => ':information_source: That task is no longer open for you (decided, reassigned or closed).',
  stepUpAsked: (url: string) =>
    `:lock: The tenant asks you to verify it is you before certifying this one: <${url}|verify at the tenant>, then press *I have verified*. Nothing is certified until then.`,
  stepUpMissing: () =>
    ':lock: The tenant has no completed verification of yours for this task yet. Verify first (the link Warden sent), then press *I have verified* again.',
  needsStepUp: (count: number) =>
    count === 0
      ? ''
      : ` ${count} ${count === 1 ? 'asks' : 'ask'} for a verification first: certify ${count === 1 ? 'it' : 'them'} one by one.`,
  reassignNoTenantUser: () =>
    ':no_entry_sign: Warden cannot find that person’s tenant account by their Slack email, so it did not reassign.',
  reassignSelf: () => ':information_source: That is you: pick someone else to reassign to.',
  unchangedConfirm: (count: number, campaign: string, app: string) =>
    `Certify all ${count} open ${count === 1 ? 'grant' : 'grants'} of *${app}* in *${campaign}* unchanged? Each is recorded by the tenant as your decision.`,
  unchangedProgress: (done: number, all: number) => `:hourglass_flowing_sand: Certifying… ${done} of ${all}.`,
  unchangedDone: (ok: number, failed: number, skipped: number) =>
    `:white_check_mark: Certified ${ok} unchanged.${failed ? ` ${failed} could not be certified (see the review).` : ''}${reviewWords.needsStepUp(skipped)}`,
  nothingOpen: () => ':tada: Nothing left to review here.',
  reasonRequired: () => 'Say why access is revoked (the tenant records it with the decision).',
  commentRequired: () => 'Write a comment.',
  pickSomeone: () => 'Pick the person to reassign to.',

  // Tracker and report
  trackerTitle: (campaign: string) => `Access review: ${campaign}`,
  trackerLine: (who: string, done: number, left: number, overdue: boolean) =>
    `${overdue ? ':red_circle:' : left === 0 ? ':large_green_circle:' : ':large_yellow_circle:'} ${who}: ${done} done, ${left} left${overdue ? ' — *overdue*' : ''}`,
  trackerTotals: (done: number, left: number, due: number | undefined, closed: boolean) =>
    `${done} decided, ${left} open · ${closed ? 'closed' : reviewWords.due(due)}`,
  trackerNobody: () => '_No reviewer has work in this campaign yet._',
  reviewer: (slackUserId: string | undefined, tenantName: string | undefined) =>
    slackUserId ? mention(slackUserId) : name(tenantName, 'a reviewer without a Slack account'),
  reportTitle: (campaign: string) => `Access review report: ${campaign}`,
  reportComment: (campaign: string) =>
    `:page_facing_up: *${campaign}* has closed. Here is its report, as the tenant generated it.`,
  reportNoOwner: (campaign: string) =>
    `:warning: *${campaign}* has closed, but Warden cannot reach its owner in Slack to send the report. It is in the console.`,

  // Home
  homeHeader: () => 'Your access reviews',
  homeLinkPrompt: () =>
    'Decide the access reviews assigned to you here, recorded by the tenant as your own decisions. Link your tenant account once:',
  homeGroup: (campaign: string, app: string, count: number, due: number | undefined) =>
    `*${campaign}* · ${app}\n${count} to review, ${reviewWords.due(due)}`,
  homeNothing: () => '_No access reviews are waiting for you._',
  homeUnavailable: () => '_Warden could not read your access reviews just now._',
  homeLinkedAs: (clientName: string) =>
    `Linked: the tenant records your decisions as yours (“${safeMrkdwn(clientName, 100)}”). \`/warden unlink\` to remove it.`,
  more: (n: number) => `_…and ${n} more._`,
  modalTitle: () => 'Access review',
  modalIntro: (campaign: string, app: string, due: number | undefined, open: number) =>
    `*${campaign}* · ${app} — ${open} open, ${reviewWords.due(due)}`,
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  comment: (text: string) => quoted(text, 500),
  taskId: (id: string) => code(id, 60),
} as const;
