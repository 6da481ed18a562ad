import type { KnownBlock } from '@slack/types';
import { type ClosureReason, closureReasonText, lacksWords } from '../../domain/closure.js';
import { BlockId, INPUT_ACTION } from '../ids.js';
import { SLACK_LIMITS } from '../limits.js';
import { input, type StateValues, text } from './form-state.js';
import { REASON_MAX, txt } from './form-view.js';

/** Room for the label in the tenant's reason (labels are at most 60 characters). */
const WORDS_MAX = REASON_MAX - 100;

/**
 * The closure reason of Resolve… and Suppress… (and Suppress all…): one of a fixed list, then
 * the person's words (required for Other). The tenant records "<label>: <words>".
 */
export function closureInputs(
  reasons: readonly ClosureReason[],
  wordsLabel: string,
  placeholder: string,
): KnownBlock[] {
  return [
    {
      type: 'input',
      block_id: BlockId.closure,
      label: txt('Why', SLACK_LIMITS.inputLabel),
      element: {
        type: 'static_select',
        action_id: INPUT_ACTION,
        placeholder: txt('Choose a reason', 150),
        options: reasons.map((r) => ({ text: txt(r.label, SLACK_LIMITS.optionText), value: r.id })),
      },
    },
    {
      type: 'input',
      block_id: BlockId.reason,
      optional: true,
      label: txt(wordsLabel, SLACK_LIMITS.inputLabel),
      hint: txt('Required for Other.', 2_000),
      element: {
        type: 'plain_text_input',
        action_id: INPUT_ACTION,
        multiline: true,
        max_length: WORDS_MAX,
        placeholder: txt(placeholder, 150),
      },
    },
  ];
}

/** The closure chosen and the reason text, or the field errors. */
export function readClosure(
  values: StateValues,
  reasons: readonly ClosureReason[],
): { closure: ClosureReason; reason: string } | { errors: Record<string, string> } {
  const id = input(values, BlockId.closure)?.selected_option?.value;
  const closure = reasons.find((r) => r.id === id);
  const words = text(values, BlockId.reason);
  const errors: Record<string, string> = {};
  if (!closure) errors[BlockId.closure] = 'Choose why.';
  if (words.length > WORDS_MAX) errors[BlockId.reason] = `At most ${WORDS_MAX} characters.`;
  else if (lacksWords(closure?.id, words)) errors[BlockId.reason] = 'Say why: it is required for Other.';
  if (!closure || Object.keys(errors).length > 0) return { errors };
  return { closure, reason: closureReasonText(closure, words) };
}
