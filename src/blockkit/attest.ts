import type { Button, KnownBlock } from '@slack/types';
import { ANSWERS, type Answer } from '../domain/attest.js';
import type { Finding } from '../model/finding.js';
import type { TargetNames } from '../ports/names.js';
import { ANSWER_LABELS, questionFor, whyYou } from './attest-words.js';
import type { RenderedMessage } from './finding.js';
import { findingTitle, targetName } from './finding-details.js';
import { AttestId } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, mention, quoted, safeMrkdwn, slackDate, truncate } from './mrkdwn.js';
import { spokenLabel } from './plain-text.js';

/**
 * Attestation ("Was this you?"): the question (a DM to the person, or the route's channel when
 * they cannot be reached), its reminder, the answer shown where the question was, on the card and
 * in the thread, and the escalation. Pure.
 */

export interface QuestionView {
  askId: string;
  finding: Finding;
  type: string;
  who: string;
  answers: readonly Answer[];
  /** In the channel: the person who could not be reached, and why (no DM possible). */
  inChannel?: { why: string } | undefined;
  reminder?: boolean | undefined;
  /** Answered: the buttons give way to the answer. */
  answered?: { answer: Answer; by: string; at: number } | undefined;
  /** The tenant's names of its target and app (ids where absent). */
  names?: TargetNames | undefined;
}

/** A button's value: the ask and the answer (`ask_… yes`), checked again when clicked. */
export const answerValue = (askId: string, answer: Answer): string => `${askId} ${answer}`;

export function parseAnswerValue(value: string): { askId: string; answer: Answer } | undefined {
  const [askId = '', answer = '', ...rest] = value.split(' ');
  const known = ANSWERS.find((a) => a === answer);
  return rest.length === 0 && /^ask_[A-Za-z0-9_-]{4,60}$/.test(askId) && known
    ? { askId, answer: known }
    : undefined;
}

/** The answers as buttons (the question, and Home's *Waiting for you*). */
/** `about`: the finding asked about, for a screen reader, where several questions are listed (Home). */
export function answerButtons(askId: string, answers: readonly Answer[], about?: string): KnownBlock {
  const buttons: Button[] = answers.map((a, i) => ({
    type: 'button',
    action_id: `${AttestId.answerPrefix}${a}`,
    text: { type: 'plain_text', text: ANSWER_LABELS[a] },
    ...(about ? { accessibility_label: spokenLabel(ANSWER_LABELS[a], about) } : {}),
    value: answerValue(askId, a),
    ...(i === 0 ? { style: 'primary' as const } : {}),
  }));
  return { type: 'actions', block_id: `attest.answers.${askId}`.slice(0, 255), elements: buttons };
}

const section = (text: string): KnownBlock => ({
  type: 'section',
  text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) },
});

export function renderQuestion(q: QuestionView): RenderedMessage {
  const f = q.finding;
  const name = targetName(f, q.names);
  const what = `${safeMrkdwn(findingTitle(f), 150)}${name ? ` · ${safeMrkdwn(name, 150)}` : ''} ${code(f.id, 80)}`;
  const lead = q.reminder ? ':hourglass: *Reminder — still waiting for your answer.*\n' : '';
  const head = `${lead}:grey_question: *${questionFor(q.type)}*\n${what}`;
  const desc = f.description ? `\n${quoted(f.description, 600)}` : '';
  const why = q.inChannel
    ? `Warden could not ask the person directly (${safeMrkdwn(q.inChannel.why, 300)}): whoever knows, please answer.`
    : `Warden asks you because ${whyYou(q.who)}. Only you can answer; your answer goes to the security channel.`;
  const blocks: KnownBlock[] = [
    section(`${head}${desc}`),
    { type: 'context', elements: [{ type: 'mrkdwn', text: truncate(why, SLACK_LIMITS.sectionText) }] },
  ];
  if (q.answered) blocks.push(section(answeredLine(q.answered)));
  else blocks.push(answerButtons(q.askId, q.answers));
  // The person's own words, before or after answering: only in their DM, only they may add them.
  if (!q.inChannel)
    blocks.push({
      type: 'actions',
      block_id: 'attest.note',
      elements: [
        {
          type: 'button',
          action_id: AttestId.note,
          text: { type: 'plain_text', text: 'Add a note…' },
          value: q.askId,
        },
      ],
    });
  const text = truncate(
    `${q.reminder ? 'Reminder: ' : ''}${questionFor(q.type)} (${f.id})`,
    SLACK_LIMITS.fallbackText,
  );
  return { text, blocks };
}

/** "@x answered *No, not me* at …". */
export const answeredLine = (a: { answer: Answer; by: string; at: number }): string =>
  `${mention(a.by)} answered *${ANSWER_LABELS[a.answer]}* ${slackDate(new Date(a.at))}.`;

/** What the card shows of its attestation (read from Warden's audit log). */
export interface AskShown {
  /** The person asked, when they could be. */
  asked?: string | undefined;
  /** Why they could not be (asked in the channel instead). */
  unreachable?: string | undefined;
  askedAt: number;
  answer?: { answer: Answer; by: string; at: number } | undefined;
  escalated?: { at: number; to: string | undefined; why: 'answer' | 'silence' } | undefined;
}

/** Whom an escalation went to, as the card names it: a group is named, not pinged again. */
const shownTo = (to: string): string => (to.startsWith('<!subteam^') ? 'the approver group' : to);

export function askCardLine(a: AskShown): string {
  const lines: string[] = [];
  if (a.answer)
    lines.push(
      `:speech_balloon: Asked ${a.asked ? mention(a.asked) : 'the channel'}: *${ANSWER_LABELS[a.answer.answer]}*${a.asked && a.answer.by === a.asked ? '' : ` (by ${mention(a.answer.by)})`} ${slackDate(new Date(a.answer.at))}`,
    );
  else if (a.asked)
    lines.push(
      `:grey_question: Asked ${mention(a.asked)} ${slackDate(new Date(a.askedAt))}: waiting for the answer`,
    );
  else
    lines.push(
      `:grey_question: Asked in this channel ${slackDate(new Date(a.askedAt))}: waiting for an answer`,
    );
  if (a.unreachable)
    lines.push(`:warning: Could not ask the person directly: ${safeMrkdwn(a.unreachable, 400)}`);
  if (a.escalated)
    lines.push(
      `:rotating_light: *Escalated* ${slackDate(new Date(a.escalated.at))}${a.escalated.to ? ` to ${shownTo(a.escalated.to)}` : ''}: ${a.escalated.why === 'answer' ? 'the person says it was not them' : 'no answer in time'}`,
    );
  return lines.join('\n');
}

/** The thread's line when the person answers. */
export function answerThreadLine(a: {
  asked: string | null;
  answer: Answer;
  by: string;
  note?: string | null;
}): string {
  const who = a.asked ? `Asked ${mention(a.asked)}` : 'Asked in the channel';
  const by = a.asked === a.by ? '' : ` (answered by ${mention(a.by)})`;
  const note = a.note ? `\n${quoted(a.note, 800)}` : '';
  return `${who}: *${ANSWER_LABELS[a.answer]}*${by}.${note}`;
}

/** The thread's line for a note the asked person added. */
export const noteThreadLine = (by: string, note: string): string =>
  `:memo: Note from ${mention(by)} on Warden's question:\n${quoted(note, 1_000)}`;

/** The thread's line when the question goes out, or could not go to the person. */
export function askedThreadLine(a: { asked: string | undefined; unreachable: string | undefined }): string {
  return a.asked
    ? `:grey_question: Warden asked ${mention(a.asked)} in a direct message whether this was them.`
    : `:warning: Warden could not ask the person directly (${safeMrkdwn(a.unreachable ?? 'unknown', 400)}): the question is in this channel.`;
}

/** The escalation: a fresh post in the route's critical channel, naming who must look. */
export function renderEscalation(e: {
  finding: Finding;
  type: string;
  why: 'answer' | 'silence';
  asked: string | null;
  to: string | undefined;
  cardLink: string | undefined;
}): RenderedMessage {
  const f = e.finding;
  const what = `${safeMrkdwn(findingTitle(f), 150)} ${code(f.id, 80)}`;
  const why =
    e.why === 'answer'
      ? `${e.asked ? mention(e.asked) : 'The person asked'} says it was *not them*`
      : `${e.asked ? mention(e.asked) : 'Nobody'} has not answered "${questionFor(e.type)}" in time`;
  const link = e.cardLink ? ` (<${e.cardLink}|the alert>)` : '';
  const text = `:rotating_light: *Escalated:* ${what}${link}. ${why}.${e.to ? ` ${e.to}, please look now.` : ''}`;
  return { text: truncate(`Escalated: ${f.id}`, SLACK_LIMITS.fallbackText), blocks: [section(text)] };
}

/** The next step an answer that settles it offers the channel: Resolve, its reason filled in. */
export function renderNextStep(n: { askId: string; line: string; reason: string }): RenderedMessage {
  return {
    text: truncate(n.line, SLACK_LIMITS.fallbackText),
    blocks: [
      section(n.line),
      {
        type: 'actions',
        block_id: 'attest.next',
        elements: [
          {
            type: 'button',
            action_id: AttestId.resolve,
            text: { type: 'plain_text', text: 'Resolve' },
            value: n.askId,
            confirm: {
              title: { type: 'plain_text', text: 'Resolve this finding?' },
              text: {
                type: 'plain_text',
                text: truncate(`It is resolved in the tenant with the reason "${n.reason}".`, 300),
              },
              confirm: { type: 'plain_text', text: 'Resolve' },
              deny: { type: 'plain_text', text: 'Not now' },
            },
          },
        ],
      },
    ],
  };
}
