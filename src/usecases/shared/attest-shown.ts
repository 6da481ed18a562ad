import type { AskShown } from '../../blockkit/attest.js';
import { ANSWERS } from '../../domain/attest.js';
import type { AuditEntry } from '../../ports/store.js';

/**
 * What a card shows of its attestation, read from Warden's audit log (the entries the card reads
 * anyway for who acted): who was asked or why they could not be, the answer, the escalation.
 */
export function askShownOf(entries: readonly AuditEntry[]): AskShown | undefined {
  // Newest first: the last ask, and what followed it.
  const askAt = entries.findIndex((e) => e.action === 'attest.ask');
  const ask = entries[askAt];
  if (!ask) return undefined;
  const after = entries.slice(0, askAt);
  const id = ask.params.ask;
  const of = (action: string) =>
    after.find((e) => e.action === action && e.params.ask === id && e.outcome === 'ok');
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const answered = of('attest.answer');
  const answer = ANSWERS.find((a) => a === answered?.params.answer);
  const escalated = of('attest.escalate');
  return {
    asked: str(ask.params.asked),
    unreachable: str(ask.params.unreachable),
    askedAt: ask.at,
    answer: answered && answer ? { answer, by: answered.user_id, at: answered.at } : undefined,
    escalated: escalated
      ? {
          at: escalated.at,
          to: str(escalated.params.to),
          why: escalated.params.why === 'answer' ? 'answer' : 'silence',
        }
      : undefined,
  };
}
