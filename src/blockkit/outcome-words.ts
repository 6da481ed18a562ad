import { t } from '../i18n/speak.js';
import { code } from './mrkdwn.js';

/**
 * What the use cases tell the person who acted, in one place with the renderers: an outcome, a
 * change in flight, an answer that came back partly. Anything the tenant or a person wrote is
 * escaped by the caller before it reaches these. The words are in i18n/catalog/outcome.ts, in the
 * language of the scope the caller speaks in (i18n/speak.ts).
 */

export const noneInRollup = (): string => t('outcome.noneInRollup');
export const noneInRollupDone = (): string => t('outcome.noneInRollupDone');
export const notInRollup = (): string => t('outcome.notInRollup');

/** A second change to a finding while one is running (the in-flight claim). */
export const inFlight = (findingId: string): string => t('outcome.inFlight', { finding: code(findingId) });
export const inFlightWatch = (findingId: string): string =>
  t('outcome.inFlightWatch', { finding: code(findingId) });

/** The change is made; only showing it failed (`failure`: describeFailure's words). */
export const doneBut = (line: string, failure: string): string => t('outcome.doneBut', { line, failure });
export const done = (line: string): string => t('outcome.done', { line });
export const said = (line: string): string => `:white_check_mark: ${line}`;
export const taskCreatedBut = (taskId: string, failure: string): string =>
  t('outcome.taskCreatedBut', { task: code(taskId, 80), failure });

export const notAssigned = (why: string): string => t('outcome.notAssigned', { why });
export const ownerNowBut = (who: string, failure: string): string =>
  t('outcome.ownerNowBut', { who, failure });
export const assignNotShown = (who: string, findingId: string): string =>
  t('outcome.assignNotShown', { who, finding: code(findingId) });
export const nobodyNotified = (why: string): string => t('outcome.nobodyNotified', { why });
export const noPersonalOwner = (): string => t('outcome.noPersonalOwner');

export const mayNotExtend = (): string => t('outcome.mayNotExtend');
export const decidedFirst = (): string => t('outcome.decidedFirst');
export const awaitingApprover = (subject: string, approvers: string, where: string): string =>
  t('outcome.awaitingApprover', { subject, approvers, where });

/** After a restart, what became of an interrupted change (`what`: e.g. "snooze finding `X`"). */
export const restartedNotApplied = (what: string): string => t('outcome.restartedNotApplied', { what });
export const restartedApplied = (what: string, line: string): string =>
  t('outcome.restartedApplied', { what, line });
export const restartedBulk = (action: string, groupId: string): string =>
  t('outcome.restartedBulk', { action, group: code(groupId) });

export const restartedBulkRead = (action: string, groupId: string, changed: number, of: number): string =>
  changed === of
    ? t('outcome.restartedBulkAll', { action, group: code(groupId), of })
    : t('outcome.restartedBulkSome', { action, group: code(groupId), changed, of });

/** A form opened on a finding that moved on meanwhile (`state`: its label). */
export const nothingToExtend = (state: string): string =>
  t('outcome.nothingToExtend', { state: state.toLowerCase() });
export const notOfferedNow = (state: string): string => t('outcome.notOfferedNow', { state });

export const csvSent = (campaignId: string): string => t('outcome.csvSent', { campaign: code(campaignId) });

/**
 * `show` (or Open card) for a finding whose card is in this channel already: one live card per
 * finding and channel, so a later change costs one update here however often it was shown.
 */
export const alreadyShown = (findingId: string, link: string | undefined): string =>
  link
    ? t('outcome.alreadyShownLink', { finding: code(findingId), link })
    : t('outcome.alreadyShown', { finding: code(findingId) });
