import { evidenceLeftOut } from '../../blockkit/shortcut-words.js';
import type { FindingAction } from '../../domain/actions.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';

/** How many of a finding's notes are read back to check a choice (more than a form offers). */
const NOTES_READ = 200;

/**
 * The evidence a Resolve… or Suppress… form chose, checked against the store: a chosen id counts
 * only when it is a note attached to this very finding (the form's values are the person's, or a
 * forger's). Each kept note carries its permalink as the store has it; anything else is left out,
 * the person told in one sentence and the log given the ids with the ref. Nothing else changes.
 */
export async function checkedEvidence(
  p: Pick<Ports, 'notes' | 'privately' | 'logger'>,
  s: { findingId: string; action: FindingAction; audience: Audience; ref: string },
): Promise<FindingAction> {
  const { action } = s;
  if ((action.kind !== 'resolve' && action.kind !== 'suppress') || !action.evidence?.length) return action;
  const notes = new Map((await p.notes.notesFor(s.findingId, NOTES_READ)).map((n) => [n.id, n]));
  const kept = action.evidence.flatMap((e) => {
    const note = notes.get(e.note);
    return note ? [{ note: note.id, ...(note.permalink ? { link: note.permalink } : {}) }] : [];
  });
  const left = action.evidence.filter((e) => !notes.has(e.note)).map((e) => e.note);
  if (left.length > 0) {
    p.logger.warn(
      { ref: s.ref, findingId: s.findingId, notes: left },
      'chosen evidence not attached to the finding: left out',
    );
    await p.privately.tell(s.audience, evidenceLeftOut(left.length, s.findingId));
  }
  const { evidence: _chosen, ...rest } = action;
  return kept.length > 0 ? { ...rest, evidence: kept } : rest;
}
