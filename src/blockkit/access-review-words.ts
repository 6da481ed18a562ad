import type { ReviewTask } from '../domain/access-review.js';
import { t } from '../i18n/speak.js';
import { code, mention, quoted, safeMrkdwn, slackDate } from './mrkdwn.js';

/**
 * Everything people read about access reviews in Slack (README "Access reviews in Slack"): one
 * function a sentence, its words in i18n/catalog/work/review-*.ts, in the language of the scope
 * the caller speaks in. Names, never ids, where the tenant gave names; what a person or the tenant
 * wrote is escaped.
 */

const name = (v: string | undefined, fallback: string, max = 80) => safeMrkdwn(v?.trim() || fallback, max);

export const reviewWords = {
  campaign: (c: { campaignName: string | undefined }) => name(c.campaignName, t('review.fallbackCampaign')),
  app: (a: { appName: string | undefined }) => name(a.appName, t('review.fallbackApp')),
  subject: (task: ReviewTask) => name(task.subjectName, t('review.fallbackSubject')),
  entitlement: (task: ReviewTask) => name(task.entitlementName, t('review.fallbackEntitlement')),
  /** "Dave Doe — Organization owner" */
  taskLine: (task: ReviewTask) => `*${reviewWords.subject(task)}* — ${reviewWords.entitlement(task)}`,
  due: (at: number | undefined) =>
    at === undefined ? t('review.noDue') : t('review.due', { date: slackDate(new Date(at)) }),
  /**
   * The personal client's name at the tenant, for the console's list of clients. Stays English:
   * it is stored at the tenant and read there by whoever administers it, not in this person's scope.
   */
  clientName: (handle: string) => `Created by Warden for @${handle}`,

  notConfigured: () => t('review.notConfigured'),

  // Linking
  linkStart: (url: string, userCode: string, minutes: number) =>
    t('review.linkStart', { url, code: safeMrkdwn(userCode, 20), minutes }),
  linkStartUnlinkable: () => t('review.linkStartUnlinkable'),
  linked: (clientName: string) => t('review.linked', { client: safeMrkdwn(clientName, 100) }),
  alreadyLinked: () => t('review.alreadyLinked'),
  linkInProgress: () => t('review.linkInProgress'),
  linkExpired: () => t('review.linkExpired'),
  linkDenied: () => t('review.linkDenied'),
  linkFailed: (why: string) => t('review.linkFailed', { why: safeMrkdwn(why, 120) }),
  linkMismatch: () => t('review.linkMismatch'),
  linkNoTenantUser: (why: string) => t('review.linkNoTenantUser', { why: safeMrkdwn(why, 120) }),
  notLinked: () => t('review.notLinked'),
  unlinked: () => t('review.unlinked'),
  unlinkedLocalOnly: () => t('review.unlinkedLocalOnly'),
  notLinkedToUnlink: () => t('review.notLinkedToUnlink'),
  revoked: () => t('review.revoked'),

  // Notices and reminders
  assigned: (campaign: string, count: number, due: number | undefined) =>
    t('review.assigned', { campaign, count, due: reviewWords.due(due) }),
  reminder: (campaign: string, count: number, due: number | undefined) =>
    t('review.reminder', { campaign, count, due: reviewWords.due(due) }),

  // Deciding
  certified: (task: ReviewTask) => t('review.certified', { task: reviewWords.taskLine(task) }),
  revokedAccess: (task: ReviewTask) => t('review.revokedAccess', { task: reviewWords.taskLine(task) }),
  reassigned: (task: ReviewTask, to: string) =>
    t('review.reassigned', { task: reviewWords.taskLine(task), to: mention(to) }),
  commented: (task: ReviewTask) => t('review.commented', { task: reviewWords.taskLine(task) }),
  tenantRefused: (message: string) => t('review.tenantRefused', { message: safeMrkdwn(message, 400) }),
  tenantDown: () => t('review.tenantDown'),
  otherCampaign: () => t('review.otherCampaign'),
  gone: () => t('review.gone'),
  stepUpAsked: (url: string) => t('review.stepUpAsked', { url }),
  stepUpMissing: () => t('review.stepUpMissing'),
  /** A sentence to append (with its leading space), or nothing. */
  needsStepUp: (count: number) => (count === 0 ? '' : ` ${t('review.needsStepUp', { count })}`),
  reassignNoTenantUser: () => t('review.reassignNoTenantUser'),
  reassignSelf: () => t('review.reassignSelf'),
  unchangedConfirm: (count: number, campaign: string, app: string) =>
    t('review.unchangedConfirm', { count, campaign, app }),
  unchangedProgress: (done: number, all: number) => t('review.unchangedProgress', { done, all }),
  unchangedDone: (ok: number, failed: number, skipped: number) =>
    `${t('review.unchangedDone', { ok })}${failed ? ` ${t('review.unchangedFailed', { failed })}` : ''}${reviewWords.needsStepUp(skipped)}`,
  nothingOpen: () => t('review.nothingOpen'),
  reasonRequired: () => t('review.reasonRequired'),
  commentRequired: () => t('review.commentRequired'),
  pickSomeone: () => t('review.pickSomeone'),

  // Tracker and report
  trackerTitle: (campaign: string) => t('review.trackerTitle', { campaign }),
  trackerLine: (who: string, done: number, left: number, overdue: boolean) =>
    t(overdue ? 'review.trackerLineOverdue' : 'review.trackerLine', {
      icon: overdue ? ':red_circle:' : left === 0 ? ':large_green_circle:' : ':large_yellow_circle:',
      who,
      done,
      left,
    }),
  trackerTotals: (done: number, left: number, due: number | undefined, closed: boolean) =>
    t('review.trackerTotals', { done, left, state: closed ? t('review.closed') : reviewWords.due(due) }),
  trackerNobody: () => t('review.trackerNobody'),
  reviewer: (slackUserId: string | undefined, tenantName: string | undefined) =>
    slackUserId ? mention(slackUserId) : name(tenantName, t('review.fallbackReviewer')),
  reportTitle: (campaign: string) => t('review.reportTitle', { campaign }),
  reportComment: (campaign: string) => t('review.reportComment', { campaign }),
  reportNoOwner: (campaign: string) => t('review.reportNoOwner', { campaign }),

  // Home
  homeHeader: () => t('review.homeHeader'),
  homeLinkPrompt: () => t('review.homeLinkPrompt'),
  homeGroup: (campaign: string, app: string, count: number, due: number | undefined) =>
    t('review.homeGroup', { campaign, app, count, due: reviewWords.due(due) }),
  homeNothing: () => t('review.homeNothing'),
  homeUnavailable: () => t('review.homeUnavailable'),
  homeLinkedAs: (clientName: string) => t('review.homeLinkedAs', { client: safeMrkdwn(clientName, 100) }),
  more: (n: number) => t('review.more', { count: n }),
  modalTitle: () => t('review.modalTitle'),
  modalIntro: (campaign: string, app: string, due: number | undefined, open: number) =>
    t('review.modalIntro', { campaign, app, open, due: reviewWords.due(due) }),
  page: (page: number, pages: number) => t('review.page', { page, pages }),
  comment: (text: string) => quoted(text, 500),
  taskId: (id: string) => code(id, 60),
} as const;
