import { parseAnswerValue } from '../../blockkit/attest.js';
import { askGone, notAsked } from '../../blockkit/attest-words.js';
import { parseNote } from '../../blockkit/forms/attest-note.js';
import { AttestId } from '../../blockkit/ids.js';
import { ANSWERS } from '../../domain/attest.js';
import { isResourceId } from '../../domain/finding-id.js';
import type { Ports } from '../../ports/index.js';
import { addNote, answerAsk, openNote, resolveAfterAnswer } from '../../usecases/attest/attest-answer.js';
import { action, type Granted, view } from '../route.js';

/**
 * Attestation's buttons: the answers and Add a note… (only the person asked may give them:
 * anyone else is refused and nothing is recorded), and Resolve offered to the channel after
 * *Not needed*.
 */

/**
 * Who may answer: the person asked, and nobody else. An ask that could not reach its person is
 * in the route's channel: there, whoever may ask a finding's people (Notify owner's permission).
 */
async function mayAnswer(p: Ports, askId: string, c: { userId: string; ref: string }): Promise<Granted> {
  const ask = await p.asks.getAsk(askId);
  if (!ask) return { gone: askGone() };
  if (ask.slackUserId) {
    if (ask.slackUserId === c.userId) return { own: true };
    p.logger.warn({ ref: c.ref, user: c.userId, askId }, 'attestation answer refused: not the person asked');
    return { refused: notAsked() };
  }
  return { kind: 'act', userId: c.userId, action: 'notifyOwner', channel: ask.channel };
}

/** Resolve after an answer: the Resolve permission on the ask's card, as for the card's own button. */
async function mayResolve(p: Ports, askId: string, c: { userId: string }): Promise<Granted> {
  const ask = await p.asks.getAsk(askId);
  if (!ask?.cardTs) return { gone: askGone() };
  return {
    kind: 'act',
    userId: c.userId,
    action: 'resolve',
    channel: ask.channel,
    findingId: ask.findingId,
    cardTs: ask.cardTs,
  };
}

const isAskId = (v: string): boolean => isResourceId(v) && v.startsWith('ask_');

export const ATTEST_ROUTES = [
  action({
    ids: ANSWERS.map((a) => `${AttestId.answerPrefix}${a}`),
    what: 'record your answer',
    value: (c) => {
      const v = parseAnswerValue(c.value);
      // The button's id and its value name the same answer, or the click is not Warden's.
      return v && c.actionId === `${AttestId.answerPrefix}${v.answer}` ? v : undefined;
    },
    belongs: (v) => ({ ask: v.askId }),
    access: (p, v, c) => mayAnswer(p, v.askId, c),
    run: (p, v, c) =>
      answerAsk(p, {
        askId: v.askId,
        answer: v.answer,
        userId: c.userId,
        audience: c.audience,
        ref: c.ref,
        clickedOn: c.message,
      }),
  }),
  action({
    ids: [AttestId.note],
    what: 'open Add a note',
    value: (c) => (isAskId(c.value) ? c.value : undefined),
    belongs: (ask) => ({ ask }),
    modal: 'open',
    access: (p, askId, c) => mayAnswer(p, askId, c),
    run: (p, askId, c) => openNote(p, askId, c.viewId ?? ''),
  }),
  view({
    callbackIds: [AttestId.note],
    what: 'add your note',
    read: (_p, s) => {
      if (!isAskId(s.metadata)) return { ok: false, unreadable: true };
      const read = parseNote(s.values);
      if (!read.ok) return read;
      return {
        ok: true,
        value: { askId: s.metadata, note: read.note },
        audience: (user) => ({ channel: user, user }),
      };
    },
    access: (p, v, s) => mayAnswer(p, v.askId, s),
    run: (p, v, s) => addNote(p, { ...v, userId: s.userId, audience: s.audience, ref: s.ref }),
  }),
  action({
    ids: [AttestId.resolve],
    what: 'resolve the finding',
    value: (c) => (isAskId(c.value) ? c.value : undefined),
    belongs: (askChannel) => ({ askChannel }),
    access: (p, askId, c) => mayResolve(p, askId, c),
    run: (p, askId, c) =>
      resolveAfterAnswer(p, { askId, userId: c.userId, audience: c.audience, ref: c.ref }),
  }),
];
