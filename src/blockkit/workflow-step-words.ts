import { code, mention, safeMrkdwn } from './mrkdwn.js';
import { mrkdwnToPlain } from './plain-text.js';

/**
 * What a Workflow Builder step's failure says (functions.completeError: Slack shows it to the
 * person who ran the workflow in a Slackbot message). One sentence, a ref where the log has more.
 */

/** Slack shows the error in a message: kept short, whatever it quotes. */
export const MAX_STEP_ERROR = 500;

const tail = (ref: string) => ` (ref ${ref.slice(0, 40)})`;

export const stepWords = {
  badInput: (why: string, ref: string) => `Warden could not run this step: ${why}${tail(ref)}`,
  /** No valid interactivity input: a scheduled or event trigger, or a step not mapped to it. */
  noPerson: (ref: string) =>
    `Warden could not run this step: this step must be run by a person. Start the workflow from a link, button or shortcut trigger (or a form), and give the step's *Person who ran the workflow* that trigger's interactivity. Nothing was read or changed.${tail(ref)}`,
  refused: (why: string) => `Warden refused this step: ${why}`,
  busy: (findingId: string) =>
    `Another change to finding ${code(findingId)} is under way; nothing was changed. Run the step again in a moment.`,
  stepUpNotSent: (ref: string) =>
    `This action needs a fresh sign-in (step-up verification), and Warden could not send you its link here. Nothing was changed.${tail(ref)}`,
  stepUpElsewhere:
    'This action needs a fresh sign-in (step-up verification): Warden sent you its link in Slack, and the change is made once you sign in. This step made no change.',
  stepUpRefused: (why: string) =>
    `The fresh sign-in (step-up verification) this step needs was refused: ${why}. Nothing was changed.`,
  days: (max: number) => `\`days\` must be between 1 and ${max}.`,
  closure: (ids: readonly string[]) =>
    `\`closure_reason\` must be one of ${ids.map((id) => code(id, 40)).join(', ')}.`,
  otherNeedsNote: '`closure_reason` `other` needs a `note` saying why.',
  denied: (approver: string, reason: string) =>
    `${mention(approver)} denied the risk acceptance: ${safeMrkdwn(reason, 300)}`,
  expired: 'The risk acceptance request expired without a decision; nothing was changed.',
  notPosted: (ref: string) =>
    `Warden could not post the approval request, so nothing was asked or changed.${tail(ref)}`,
  notTaken: (ref: string) =>
    `Warden could not take this step just now (its database did not answer); nothing was changed. Run the workflow again in a moment.${tail(ref)}`,
  crashed: (ref: string) =>
    `Something went wrong in Warden while running this step; nothing is shown as done that was not.${tail(ref)}`,
};

/**
 * A failure sentence as a step's error: Slack shows it as plain text in the workflow's activity,
 * so no mrkdwn marks, people by name (`names`), one ref style ("(ref …)"), within its length.
 */
export function stepError(text: string, names: Readonly<Record<string, string>> = {}): string {
  const t = mrkdwnToPlain(text, names);
  return t.length > MAX_STEP_ERROR ? `${t.slice(0, MAX_STEP_ERROR - 1)}…` : t;
}

const STEP_DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();

/**
 * A date as a step's readable output, beside the typed timestamp (a workflow's next step may put
 * it in a message as is): in the time zone of the person who ran the workflow, with the zone.
 */
export function stepDateText(ms: number, timeZone: string): string {
  let format = STEP_DATE_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    });
    if (STEP_DATE_FORMATS.size < 200) STEP_DATE_FORMATS.set(timeZone, format);
  }
  return format.format(new Date(ms));
}
