import type { KnownBlock } from '@slack/types';
import { EVIDENCE_MAX, type Evidence, NOTE_ID } from '../../domain/closure.js';
import { t } from '../../i18n/speak.js';
import { BlockId, INPUT_ACTION } from '../ids.js';
import { SLACK_LIMITS } from '../limits.js';
import { plain } from '../mrkdwn.js';
import type { StateValues } from './form-state.js';
import { txt } from './form-view.js';

/**
 * Closure evidence in Resolve… and Suppress…: the finding's attached notes (*Attach to
 * finding…*) as checkboxes, newest first, at most 10 (Slack's checkboxes limit). The chosen ids
 * are only ids: the use case re-reads them from the store before they count.
 */

/** What a note offers as an option (a FindingNote fits it). */
export interface NoteOption {
  id: string;
  text: string;
  userId: string;
}

/** One whitespace-folded line of a note's words, cut to the option's 75 characters. */
const line = (text: string, max: number) => plain(text, max) || t('form.noText');

export function evidenceInput(notes: readonly NoteOption[] | undefined): KnownBlock[] {
  const offered = (notes ?? []).slice(0, EVIDENCE_MAX);
  if (offered.length === 0) return [];
  return [
    {
      type: 'input',
      block_id: BlockId.evidence,
      optional: true,
      label: txt(t('form.evidenceLabel'), SLACK_LIMITS.inputLabel),
      element: {
        type: 'checkboxes',
        action_id: INPUT_ACTION,
        options: offered.map((n) => ({
          text: txt(line(n.text, SLACK_LIMITS.optionText), SLACK_LIMITS.optionText),
          description: txt(t('form.attachedBy', { user: n.userId }), SLACK_LIMITS.optionText),
          value: n.id,
        })),
      },
    },
  ];
}

/** The chosen note ids, or the error on the field for anything that is not one. */
export function readEvidence(
  values: StateValues,
): { evidence: Evidence[] } | { errors: Record<string, string> } {
  const chosen = values[BlockId.evidence]?.[INPUT_ACTION]?.selected_options ?? [];
  const ids = [...new Set(chosen.map((o) => o.value))];
  if (ids.length > EVIDENCE_MAX || ids.some((id) => !NOTE_ID.test(id)))
    return { errors: { [BlockId.evidence]: t('form.badEvidence') } };
  return { evidence: ids.map((note) => ({ note })) };
}
