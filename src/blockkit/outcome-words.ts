import { code } from './mrkdwn.js';

/**
 * What the use cases tell the person who acted, in one place with the renderers: an outcome, a
 * change in flight, an answer that came back partly. Anything the tenant or a person wrote is
 * escaped by the caller before it reaches these.
 */

export const NONE_IN_ROLLUP = 'None of these findings belongs to this roll-up any more.';
export const NONE_IN_ROLLUP_DONE =
  'None of these findings belongs to this roll-up any more; nothing was done.';
export const NOT_IN_ROLLUP = 'This finding is not in this roll-up.';

/** A second change to a finding while one is running (the in-flight claim). */
export const inFlight = (findingId: string): string =>
  `:hourglass: A change to finding ${code(findingId)} is already in progress; nothing was sent. Try again in a moment.`;
export const inFlightWatch = (findingId: string): string =>
  `:hourglass: A change to finding ${code(findingId)} is already in progress; Warden sent nothing more. Watch the alert for its result.`;

/** The change is made; only showing it failed (`failure`: describeFailure's words). */
export const doneBut = (line: string, failure: string): string =>
  `:white_check_mark: Done: ${line}\n${failure}`;
export const done = (line: string): string => `:white_check_mark: Done: ${line}`;
export const said = (line: string): string => `:white_check_mark: ${line}`;
export const taskCreatedBut = (taskId: string, failure: string): string =>
  `:white_check_mark: Task ${code(taskId, 80)} created; ${failure}`;

export const notAssigned = (why: string): string => `:no_entry_sign: Nothing was assigned. ${why}`;
export const ownerNowBut = (who: string, failure: string): string =>
  `:white_check_mark: ${who} is now the owner; ${failure}`;
export const assignNotShown = (who: string, findingId: string): string =>
  `:warning: The tenant accepted the request to make ${who} the owner of ${code(findingId)}, but the finding does not show it: the tenant refused it or has not applied it yet. Check the finding in a minute.`;
export const nobodyNotified = (why: string): string => `:no_entry_sign: Nobody was notified. ${why}`;
export const NO_PERSONAL_OWNER =
  'This finding has no owner who is a person in the tenant. Use *Assign owner…* to give it one.';

export const MAY_NOT_EXTEND =
  ':no_entry_sign: You may shorten the acceptance, not extend it; nothing was decided.';
export const DECIDED_FIRST =
  ':information_source: Someone else decided on this request first; nothing more was done.';
export const awaitingApprover = (subject: string, approvers: string, where: string): string =>
  `:hourglass_flowing_sand: Your risk acceptance for ${subject} needs an approver from <!subteam^${approvers}>; the request is in ${where}. Nothing is changed until someone approves it.`;

/** After a restart, what became of an interrupted change (`what`: e.g. "snooze finding `X`"). */
export const restartedNotApplied = (what: string): string =>
  `:warning: Warden restarted while trying to ${what}; the tenant did not apply it and nothing was changed. Try again if it is still needed.`;
export const restartedApplied = (what: string, line: string): string =>
  `:white_check_mark: Warden restarted while trying to ${what}; the tenant had applied it, and the alert now shows it: ${line}`;
export const restartedBulk = (action: string, groupId: string): string =>
  `:warning: Warden restarted during your ${action} of roll-up ${code(groupId)}: the tenant may have applied it to some of its findings. The roll-up's summary now shows where each stands; run it again for the rest if it is still needed.`;

export const restartedBulkRead = (action: string, groupId: string, changed: number, of: number): string =>
  changed === of
    ? `:white_check_mark: Warden restarted during your ${action} of roll-up ${code(groupId)}; the tenant had applied it to all ${of} of its findings, and their alerts now show it.`
    : `:warning: Warden restarted during your ${action} of roll-up ${code(groupId)}; the tenant had applied it to ${changed} of ${of} findings, and their alerts now show it. Run it again for the rest if it is still needed.`;

/** A form opened on a finding that moved on meanwhile (`state`: its label). */
export const nothingToExtend = (state: string): string =>
  `This finding is ${state.toLowerCase()} now: there is nothing to extend. Its card shows where it stands.`;
export const notOfferedNow = (state: string): string =>
  `This finding is now ${state}, so this action is not offered any more. The alert has been refreshed.`;

export const csvSent = (campaignId: string): string =>
  `:page_facing_up: Sent the CSV of ${code(campaignId)} to you in a direct message with Warden.`;

/**
 * `show` (or Open card) for a finding whose card is in this channel already: one live card per
 * finding and channel, so a later change costs one update here however often it was shown.
 */
export const alreadyShown = (findingId: string, link: string | undefined): string =>
  link
    ? `:pushpin: ${code(findingId)} already has a card in this channel, kept up to date: <${link}|see the card>.`
    : `:pushpin: ${code(findingId)} already has a card in this channel, kept up to date (above).`;
