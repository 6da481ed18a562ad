import type { Button, KnownBlock } from '@slack/types';
import { ANSWERS, type Answer } from '../domain/attest.js';
import { t } from '../i18n/speak.js';
import type { Finding } from '../model/finding.js';
import type { TargetNames } from '../ports/names.js';
import { answerLabel, questionFor, whyYou } from './attest-words.js';
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
    text: { type: 'plain_text', text: answerLabel(a) },
    ...(about ? { accessibility_label: spokenLabel(answerLabel(a), about) } : {}),
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
  const lead = q.reminder ? t('attest.reminderLead') : '';
  const head = `${lead}:grey_question: *${questionFor(q.type)}*\n${what}`;
  const desc = f.description ? `\n${quoted(f.description, 600)}` : '';
  const why = q.inChannel
    ? t('attest.inChannel', { why: safeMrkdwn(q.inChannel.why, 300) })
    : t('attest.askedYou', { why: whyYou(q.who) });
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
          text: { type: 'plain_text', text: t('attest.addNote') },
          value: q.askId,
        },
      ],
    });
  const text = truncate(
    t(q.reminder ? 'attest.textReminder' : 'attest.text', { question: questionFor(q.type), finding: f.id }),
    SLACK_LIMITS.fallbackText,
  );
  return { text, blocks };
}

/** "@x answered *No, not me* at …". */
export const answeredLine = (a: { answer: Answer; by: string; at: number }): string =>
  t('attest.answered', {
    who: mention(a.by),
    answer: answerLabel(a.answer),
    when: slackDate(new Date(a.at)),
  });

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
const shownTo = (to: string): string => (to.startsWith('<!subteam^') ? t('attest.card.approverGroup') : to);

export function askCardLine(a: AskShown): string {
  const lines: string[] = [];
  if (a.answer) {
    const values = {
      asked: a.asked ? mention(a.asked) : t('attest.card.theChannel'),
      answer: answerLabel(a.answer.answer),
      when: slackDate(new Date(a.answer.at)),
    };
    lines.push(
      a.asked && a.answer.by === a.asked
        ? t('attest.card.answered', values)
        : t('attest.card.answeredBy', { ...values, by: mention(a.answer.by) }),
    );
  } else if (a.asked)
    lines.push(t('attest.card.waiting', { asked: mention(a.asked), when: slackDate(new Date(a.askedAt)) }));
  else lines.push(t('attest.card.waitingChannel', { when: slackDate(new Date(a.askedAt)) }));
  if (a.unreachable) lines.push(t('attest.card.unreachable', { why: safeMrkdwn(a.unreachable, 400) }));
  if (a.escalated) {
    const values = {
      when: slackDate(new Date(a.escalated.at)),
      why: t(a.escalated.why === 'answer' ? 'attest.card.saysNotThem' : 'attest.card.noAnswer'),
    };
    lines.push(
      a.escalated.to
        ? t('attest.card.escalatedTo', { ...values, to: shownTo(a.escalated.to) })
        : t('attest.card.escalated', values),
    );
  }
  return lines.join('\n');
}

/** The thread's line when the person answers. */
export function answerThreadLine(a: {
  asked: string | null;
  answer: Answer;
  by: string;
  note?: string | null;
}): string {
  const by = a.asked === a.by ? '' : t('attest.thread.answeredBy', { by: mention(a.by) });
  const values = { answer: answerLabel(a.answer), by, note: a.note ? `\n${quoted(a.note, 800)}` : '' };
  return a.asked
    ? t('attest.thread.asked', { ...values, asked: mention(a.asked) })
    : t('attest.thread.askedChannel', values);
}

/** The thread's line for a note the asked person added. */
export const noteThreadLine = (by: string, note: string): string =>
  t('attest.thread.note', { by: mention(by), note: quoted(note, 1_000) });

/** The thread's line when the question goes out, or could not go to the person. */
export function askedThreadLine(a: { asked: string | undefined; unreachable: string | undefined }): string {
  return a.asked
    ? t('attest.thread.dm', { who: mention(a.asked) })
    : t('attest.thread.unreachable', { why: safeMrkdwn(a.unreachable ?? t('attest.unknown'), 400) });
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
  const question = questionFor(e.type);
  const why =
    e.why === 'answer'
      ? e.asked
        ? t('attest.notThem', { who: mention(e.asked) })
        : t('attest.notThemAnon')
      : e.asked
        ? t('attest.silent', { who: mention(e.asked), question })
        : t('attest.silentAnon', { question });
  const link = e.cardLink ? t('attest.theAlert', { link: e.cardLink }) : '';
  const text = e.to
    ? t('attest.escalationTo', { what, link, why, to: e.to })
    : t('attest.escalation', { what, link, why });
  return {
    text: truncate(t('attest.escalationText', { finding: f.id }), SLACK_LIMITS.fallbackText),
    blocks: [section(text)],
  };
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
            text: { type: 'plain_text', text: t('attest.resolve') },
            value: n.askId,
            confirm: {
              title: { type: 'plain_text', text: t('attest.resolveTitle') },
              text: {
                type: 'plain_text',
                text: truncate(t('attest.resolveText', { reason: n.reason }), 300),
              },
              confirm: { type: 'plain_text', text: t('attest.resolve') },
              deny: { type: 'plain_text', text: t('attest.notNow') },
            },
          },
        ],
      },
    ],
  };
}
