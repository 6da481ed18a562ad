import { hideEmails } from '../domain/attribution.js';
import { ApiError, InvalidInputError, READ_BACK_AFTER_CHANGE, SlackApiError } from '../errors.js';
import { enumsInWords } from './finding-details.js';
import { code, safeMrkdwn } from './mrkdwn.js';

/**
 * What went wrong, for the person who asked: short, what happened and what to do next. The
 * detail (request, status, stack) goes to the log under the same `ref`.
 */
export function describeFailure(error: unknown, what: string, ref: string): string {
  const tail = ` _(ref ${code(ref, 40)})_`;
  if (error instanceof InvalidInputError) return `:warning: ${safeMrkdwn(error.message, 500)}`;
  if (error instanceof SlackApiError) {
    // Slack's pace for the channel (or a 429) outlasted what a person is kept waiting: no call went.
    if (error.failure === 'rate_limited')
      return `:hourglass: Slack is limiting how fast Warden can post here right now, so it could not ${what}. Try again in a minute.${tail}`;
    if (error.notInChannel)
      return `:warning: Warden is not in this channel (${code(error.slackCode, 60)}), so it could not ${what}. Invite it with \`/invite @Warden\` and try again.${tail}`;
    return `:warning: Slack refused while Warden tried to ${what} (${code(error.slackCode, 60)}). Try again; if it repeats, an admin can look up the ref in Warden's log.${tail}`;
  }
  if (!(error instanceof ApiError))
    return `:warning: Something went wrong in Warden while trying to ${what}. Nothing is shown as done that was not; an admin can look up the ref in Warden's log.${tail}`;
  if (error.operation === READ_BACK_AFTER_CHANGE)
    return `:white_check_mark: The tenant made the change, but Warden could not read the finding back to show it; the alert still shows it as it was. Use \`show\` to refresh it.${tail}`;
  // The tenant's words can echo what it was asked, a person's email included: never shown. The
  // enum values they quote are shown in words ("in state suppressed").
  const said = error.serverMessage
    ? ` The tenant said: “${safeMrkdwn(enumsInWords(hideEmails(error.serverMessage)), 300)}”.`
    : '';
  switch (error.kind) {
    case 'not_found':
      return `:mag: The tenant has no such item: could not ${what}. Check the id.${tail}`;
    case 'invalid':
      return `:no_entry: The tenant refused to ${what}.${said} The alert still shows the finding as it is.${tail}`;
    case 'conflict':
      return `:twisted_rightwards_arrows: The finding changed meanwhile, so Warden could not ${what}. Look at its current state and try again.${said}${tail}`;
    case 'permission_denied':
      return `:lock: Warden's tenant credentials are not allowed to ${what}.${said} Ask a tenant admin to grant Warden's service principal the needed role.${tail}`;
    case 'auth':
      return `:lock: Warden could not sign in to the tenant, so it could not ${what}. An admin should check Warden's tenant credentials.${tail}`;
    case 'rate_limited':
      return `:hourglass: The tenant is rate limiting Warden; could not ${what}. Try again in a minute.${tail}`;
    case 'bad_response':
      return `:warning: The tenant sent an answer Warden cannot read while trying to ${what}. An admin can find the details in Warden's log.${tail}`;
    case 'timeout':
    case 'unavailable':
      return error.processed === 'maybe' && error.operation === 'updateFindingState'
        ? `:grey_question: The tenant failed mid-way while Warden tried to ${what}: it may or may not have been applied. Check the finding (\`show\`) before trying again.${tail}`
        : `:hourglass: The tenant is unavailable or not answering; could not ${what}. Nothing was changed. Try again in a minute.${tail}`;
  }
}
