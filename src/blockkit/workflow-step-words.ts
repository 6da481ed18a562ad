import { t } from '../i18n/speak.js';
import { code, mention, safeMrkdwn } from './mrkdwn.js';
import { mrkdwnToPlain } from './plain-text.js';

/**
 * What a Workflow Builder step's failure says (functions.completeError: Slack shows it to the
 * person who ran the workflow in a Slackbot message). One sentence, a ref where the log has more.
 */

/** Slack shows the error in a message: kept short, whatever it quotes. */
export const MAX_STEP_ERROR = 500;

const tail = (ref: string) => ` ${t('step.ref', { ref: ref.slice(0, 40) })}`;

/** Words read when used (getters for the fixed ones): the step's error speaks the scope's language. */
export const stepWords = {
  badInput: (why: string, ref: string) => `${t('step.badInput', { why })}${tail(ref)}`,
  /** No valid interactivity input: a scheduled or event trigger, or a step not mapped to it. */
  noPerson: (ref: string) => `${t('step.noPerson')}${tail(ref)}`,
  refused: (why: string) => t('step.refused', { why }),
  busy: (findingId: string) => t('step.busy', { finding: code(findingId) }),
  stepUpNotSent: (ref: string) => `${t('step.stepUpNotSent')}${tail(ref)}`,
  get stepUpElsewhere() {
    return t('step.stepUpElsewhere');
  },
  stepUpRefused: (why: string) => t('step.stepUpRefused', { why }),
  days: (max: number) => t('step.days', { max: String(max) }),
  closure: (ids: readonly string[]) => t('step.closure', { ids: ids.map((id) => code(id, 40)).join(', ') }),
  get otherNeedsNote() {
    return t('step.otherNeedsNote');
  },
  denied: (approver: string, reason: string) =>
    t('step.denied', { approver: mention(approver), reason: safeMrkdwn(reason, 300) }),
  get expired() {
    return t('step.expired');
  },
  notPosted: (ref: string) => `${t('step.notPosted')}${tail(ref)}`,
  notTaken: (ref: string) => `${t('step.notTaken')}${tail(ref)}`,
  crashed: (ref: string) => `${t('step.crashed')}${tail(ref)}`,
};

/**
 * A failure sentence as a step's error: Slack shows it as plain text in the workflow's activity,
 * so no mrkdwn marks, people by name (`names`), one ref style ("(ref …)"), within its length.
 */
export function stepError(text: string, names: Readonly<Record<string, string>> = {}): string {
  const plain = mrkdwnToPlain(text, names);
  return plain.length > MAX_STEP_ERROR ? `${plain.slice(0, MAX_STEP_ERROR - 1)}…` : plain;
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
