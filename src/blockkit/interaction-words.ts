import { code } from './mrkdwn.js';

/**
 * What the interaction runner tells a person, in one wording each whatever the surface
 * (listeners/runner.ts): a button or form it cannot read, a refusal, a failure.
 */

/** A button, menu or link whose value Warden did not write (forged, or from an old version). */
export const NOT_VALID =
  ':warning: This button is not valid (it may have been altered or is too old); nothing was done.';

/** A form whose metadata cannot be read: it is replaced by this, nothing is sent. */
export const FORM_NOT_VALID =
  ':warning: This form could not be read (it may have been altered or is too old). Nothing was changed; open it again from the alert.';

/** A click in a modal (or the Home tab) whose metadata is not what Warden wrote: altered, or opened before an upgrade. */
export const VIEW_NOT_VALID =
  ':warning: This window could not be checked (it may have been altered, or opened before Warden was updated); nothing was done. Close it and open it again.';

/** A shortcut Warden does not declare (forged, or from an older manifest). */
export const SHORTCUT_NOT_VALID =
  ':warning: Warden does not know this shortcut (it may have been altered or is from an older version of the app); nothing was done.';

/** A refusal: the reason comes from authorization (usecases/shared/authorize.ts). */
export const refused = (why: string): string => `:no_entry_sign: ${why}`;

/** Under overload: in the ack itself, no further work. */
export const BUSY =
  ':hourglass: Warden is very busy right now and did not take this; nothing was changed. Try again in a moment.';

/**
 * Slack refused to open the modal a click or command needs (views.open or views.push rate
 * limited): its trigger lives 3 s, so it is not tried again later. Nothing was done.
 */
export function formNotOpened(what: string, retryAfterMs: number | undefined, ref: string): string {
  const seconds = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1_000);
  const when = seconds !== undefined && seconds <= 60 ? `in ${seconds} s` : 'in a minute';
  return `:hourglass: Slack is limiting how many forms Warden may open right now, so Warden could not ${what}: the form did not open and nothing was changed. Try again ${when}. _(ref ${code(ref, 40)})_`;
}

/** A slash command payload Warden cannot read. */
export const COMMAND_NOT_VALID = ':warning: Warden could not read this command.';

/** A reminder whose snooze or acceptance changed since (Extend… / Let it end). */
export const REMINDER_GONE =
  ':information_source: This reminder is no longer current: the snooze or acceptance it was about has changed. The alert shows where the finding stands.';
/** Let it end by someone who neither made it nor may change it. */
export const NOT_YOURS = 'Only whoever made it, or someone who may change it, can decide this.';

/** A four-eyes request Warden does not have. */
export const NO_REQUEST = ':no_entry_sign: This approval request does not exist.';

/** A bulk button in Review with nothing ticked. */
export const NONE_PICKED = 'Pick at least one finding on this page first.';

/** Why authorization refused (usecases/shared/authorize.ts); the policy's own reasons are domain/policy.ts. */
export const Refusal = {
  unknownCard: (command: string) =>
    `This button does not belong to a current Warden alert for that finding, so nothing was done. Use the latest alert, or ${code(`${command} show <finding-id>`)}.`,
  cannotCheck:
    'Warden could not check your permissions just now (Slack did not answer). Try again in a moment.',
  otherWorkspace:
    'Warden acts only for people of its own workspace, not for guests from other organisations.',
  deactivated: 'Warden does not act for a deactivated Slack account.',
  noFourEyes: 'Four-eyes approval is not configured any more.',
  guestApprover: 'Guests and bots cannot approve risk acceptances.',
  notApprover: (group: string) => `Only members of <!subteam^${group}> may decide on risk acceptances.`,
  noRequest: 'This approval request does not exist.',
  decided: (status: string) => `This request was already ${status}.`,
  expired: 'This request has expired; the requester can ask again.',
  ownRequest: 'You asked for this acceptance: someone else must approve or deny it (four-eyes).',
} as const;
