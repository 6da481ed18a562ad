import { answerThreadLine, noteThreadLine, renderNextStep, renderQuestion } from '../../blockkit/attest.js';
import { alreadyAnswered, answerLabel, askGone } from '../../blockkit/attest-words.js';
import { renderContainOffer } from '../../blockkit/contain.js';
import { containAfterNo } from '../../blockkit/contain-words.js';
import { renderNoteForm } from '../../blockkit/forms/attest-note.js';
import { mention } from '../../blockkit/mrkdwn.js';
import { type Answer, answersFor, attestRuleOf, raisesAtOnce, settles } from '../../domain/attest.js';
import { closureReasonText, OTHER_REASON } from '../../domain/closure.js';
import { offersContain } from '../../domain/contain.js';
import { say, t } from '../../i18n/speak.js';
import type { Ask } from '../../ports/asks.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { type SubmitPorts, submitFindingAction } from '../findings/submit-action.js';
import { refreshKnownCards } from '../shared/alert-life.js';
import { recordAudit } from '../shared/record-audit.js';
import { acknowledgeClock } from '../shared/sla-clock.js';
import { type GatePorts, holdForStepUp, mustStepUp } from '../shared/step-up.js';
import type { AskPorts } from './attest-ask.js';
import { escalateAsk } from './attest-escalate.js';

/**
 * The asked person's answer (the route's access let only them through): taken once in the store,
 * then shown where it was asked, on the card and in its thread, in Warden's audit log and, where
 * the finding has a remediation task, as a comment on it (the tenant has no comment on a finding:
 * api-facts.md). *No, not me* on a decoy or an exposed credential is escalated at once; an answer
 * that settles it offers the channel Resolve. Nothing changes in the tenant's finding here.
 */
export type AnswerPorts = AskPorts & GatePorts & Pick<Ports, 'privately'>;

export interface AnswerInput {
  askId: string;
  answer: Answer;
  userId: string;
  audience: Audience;
  ref: string;
  /** Set once a step-up verification passed (usecases/step-up/step-up-resume.ts): not held again. */
  verifiedAt?: number;
  /**
   * The message the answer was clicked on (the question, in the person's DM): shows the answer
   * even when the click came before Warden had stored where it posted the question.
   */
  clickedOn?: { channel: string; ts: string } | undefined;
}

/** The step-up keys an answer is asked by: `attest.<answer>` and `attest.<findingType>.<answer>`. */
const answerKeys = (findingType: string, answer: Answer) => [
  { key: `attest.${findingType}.${answer}` },
  { key: `attest.${answer}` },
];

export async function answerAsk(p: AnswerPorts, a: AnswerInput): Promise<void> {
  const ask = await p.asks.getAsk(a.askId);
  if (!ask) {
    await p.privately.tell(a.audience, askGone());
    return;
  }
  const keys = answerKeys(ask.findingType, a.answer);
  // An answer step-up covers (e.g. *Yes, this was me* on a decoy credential) is taken only from a
  // fresh sign-in: held, and given again by step-up-resume.ts once verified. One already given is
  // not held: it is told below as answered.
  if (!ask.answer && mustStepUp(p, keys, a.verifiedAt)) {
    const key = keys.find((k) => p.settings.stepUp?.actions.includes(k.key))?.key ?? `attest.${a.answer}`;
    await holdForStepUp(p, {
      key,
      userId: a.userId,
      findingIds: [ask.findingId],
      audience: a.audience,
      intent: {
        kind: 'attest',
        askId: ask.id,
        answer: a.answer,
        userId: a.userId,
        channel: a.audience.channel,
        ref: a.ref,
      },
      ref: a.ref,
    });
    return;
  }
  const finding = await p.findings.get(ask.findingId);
  const now = p.clock();
  if (!(await p.asks.answerAsk(ask.id, { answer: a.answer, by: a.userId, note: null }, now))) {
    const known = await p.asks.getAsk(ask.id);
    const label = known?.answer ? answerLabel(known.answer) : t('attest.anAnswer');
    await p.privately.tell(
      a.audience,
      alreadyAnswered(label, known?.answeredBy ? mention(known.answeredBy) : t('attest.someone')),
    );
    return;
  }
  const log = p.logger.child({ ref: a.ref, askId: ask.id, findingId: ask.findingId });
  const answered = { ...ask, answer: a.answer, answeredBy: a.userId, answeredAt: now };
  await recordAudit(p, {
    userId: a.userId,
    action: 'attest.answer',
    channel: ask.channel,
    findingId: ask.findingId,
    params: {
      ref: a.ref,
      ask: ask.id,
      type: ask.findingType,
      answer: a.answer,
      asked: ask.slackUserId,
      ...(a.verifiedAt !== undefined ? { verifiedAt: a.verifiedAt } : {}),
    },
    outcome: 'ok',
  });
  p.metrics.asks.inc({ finding_type: ask.findingType, event: 'answered', answer: a.answer });
  const rule = attestRuleOf(p.settings.attest.rules, finding)?.rule;
  const question =
    ask.questionChannel && ask.questionTs
      ? { channel: ask.questionChannel, ts: ask.questionTs }
      : a.clickedOn;
  if (question)
    await p.chat
      .update({
        ...question,
        ...renderQuestion({
          askId: ask.id,
          names: await p.names?.targetNames(finding),
          finding,
          type: ask.findingType,
          who: ask.who,
          answers: answersFor(ask.findingType, rule),
          answered: { answer: a.answer, by: a.userId, at: now },
        }),
      })
      .catch((error: unknown) => log.warn({ err: error }, 'the question could not show its answer'));
  const line = answerThreadLine({ asked: ask.slackUserId, answer: a.answer, by: a.userId });
  if (ask.cardTs) {
    const place = { channel: ask.channel, threadTs: ask.cardTs };
    // *No, not me* on a finding Contain… is set up for: the thread is offered it (issue 39).
    const contain = a.answer === 'no' && offersContain(p.settings.contain?.rules, finding);
    const post = settles(a.answer)
      ? p.chat.post({
          ...place,
          ...renderNextStep({ askId: ask.id, line, reason: resolveReasonOf(p, answered).label }),
        })
      : contain
        ? p.chat.post({ ...place, ...renderContainOffer(containAfterNo(line), finding.id) })
        : p.chat.post({ ...place, text: line });
    await post.catch((error: unknown) =>
      log.warn({ err: error }, 'the answer could not be told in the thread'),
    );
  }
  await commentOnTask(p, answered, finding.taskId ?? undefined, line).catch((error: unknown) =>
    log.warn({ err: error }, 'the answer could not be written on the remediation task'),
  );
  // An answer is a person's action on the finding: its SLA acknowledge clock stops (before the cards render).
  await acknowledgeClock(p, ask.findingId, now).catch((error: unknown) =>
    log.warn({ err: error }, 'SLA clock not acknowledged'),
  );
  if (raisesAtOnce(ask.findingType, a.answer)) await escalateAsk(p, answered, finding, 'answer');
  else await refreshKnownCards(p, finding);
  await p.privately
    .tell(a.audience, t('attest.thanks', { answer: answerLabel(a.answer) }))
    .catch(() => undefined);
}

/** The tenant's record of the answer: a comment on the finding's remediation task, when it has one. */
async function commentOnTask(p: AnswerPorts, ask: Ask, taskId: string | undefined, line: string) {
  if (!taskId) return;
  const text = line.replace(/<@([A-Z0-9]+)>/g, '@$1').replace(/\*/g, '');
  await p.findings.comment(taskId, `Warden attestation: ${text}`);
  await recordAudit(p, {
    userId: ask.answeredBy ?? 'warden',
    action: 'attest.comment',
    channel: ask.channel,
    findingId: ask.findingId,
    params: { ask: ask.id, task: taskId },
    outcome: 'ok',
  });
}

/** Add a note…: its form, in the loading modal the runner opened. */
export async function openNote(p: Pick<Ports, 'views'>, askId: string, viewId: string): Promise<void> {
  await p.views.update(viewId, renderNoteForm(askId));
}

/**
 * The asked person's note: kept with the ask, and told where the answer is (the thread, the
 * audit log, the remediation task's comments).
 */
export async function addNote(
  p: AnswerPorts,
  n: { askId: string; note: string; userId: string; audience: Audience; ref: string },
): Promise<void> {
  const ask = await p.asks.getAsk(n.askId);
  if (!ask) {
    await p.privately.tell(n.audience, askGone());
    return;
  }
  await p.asks.setAskNote(ask.id, n.note);
  await recordAudit(p, {
    userId: n.userId,
    action: 'attest.note',
    channel: ask.channel,
    findingId: ask.findingId,
    params: { ref: n.ref, ask: ask.id, note: n.note },
    outcome: 'ok',
  });
  const line = noteThreadLine(n.userId, n.note);
  const log = p.logger.child({ ref: n.ref, askId: ask.id });
  if (ask.cardTs)
    await p.chat
      .post({ channel: ask.channel, threadTs: ask.cardTs, text: line })
      .catch((error: unknown) => log.warn({ err: error }, 'the note could not be told in the thread'));
  const finding = await p.findings.get(ask.findingId).catch(() => undefined);
  await commentOnTask(
    p,
    { ...ask, answeredBy: n.userId },
    finding?.taskId ?? undefined,
    `Note from <@${n.userId}>: ${n.note}`,
  ).catch((error: unknown) =>
    log.warn({ err: error }, 'the note could not be written on the remediation task'),
  );
  await p.privately.tell(n.audience, t('attest.noteSent')).catch(() => undefined);
}

/** Resolve after *Not needed*: the closure reason `not_needed` if configured, else Other with words. */
export function resolveReasonOf(p: Pick<Ports, 'settings'>, ask: Pick<Ask, 'answer'>) {
  const reasons = p.settings.closureReasons;
  const words = `${say('en', `attest.answer.${ask.answer ?? 'notNeeded'}`)}, the person asked in Slack answered`;
  const closure = reasons.find((r) => r.id === 'not_needed') ?? reasons.find((r) => r.id === OTHER_REASON);
  const reason = closure ? closureReasonText(closure, closure.id === OTHER_REASON ? words : '') : words;
  return { closure: closure?.id, label: reason };
}

/**
 * Resolve, as offered after an answer that settles it: the same entry every finding action goes
 * through (submit-action.ts), so whatever guards a Resolve — permissions, and step-up verification
 * where configured — guards this one too. The seam for step-up on an answer is here as well.
 */
export async function resolveAfterAnswer(
  p: SubmitPorts & Pick<Ports, 'asks'>,
  r: { askId: string; userId: string; audience: Audience; ref: string },
): Promise<void> {
  const ask = await p.asks.getAsk(r.askId);
  if (!ask?.cardTs) {
    await p.privately.tell(r.audience, askGone());
    return;
  }
  const reason = resolveReasonOf(p, ask);
  await submitFindingAction(p, {
    findingId: ask.findingId,
    action: { kind: 'resolve', reason: reason.label, ...(reason.closure ? { closure: reason.closure } : {}) },
    actorId: r.userId,
    channel: ask.channel,
    card: { channel: ask.channel, ts: ask.cardTs },
    audience: r.audience,
    ref: r.ref,
  });
}
