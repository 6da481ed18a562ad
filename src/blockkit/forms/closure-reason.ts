import type { KnownBlock } from '@slack/types';
import {
  type ClosureReason,
  closureReasonText,
  DEFAULT_CLOSURE_REASONS,
  lacksWords,
} from '../../domain/closure.js';
import { t } from '../../i18n/speak.js';
import { BlockId, INPUT_ACTION } from '../ids.js';
import { SLACK_LIMITS } from '../limits.js';
import { input, type StateValues, text } from './form-state.js';
import { REASON_MAX, txt } from './form-view.js';

/** Room for the label in the tenant's reason (labels are at most 60 characters). */
const WORDS_MAX = REASON_MAX - 100;

/**
 * A reason's label in the reader's language when it is one of Warden's defaults; a label the
 * configuration names is its author's words and is shown as written. The tenant records the label
 * as configured either way (closureReasonText).
 */
function reasonLabel(r: ClosureReason): string {
  const known = DEFAULT_CLOSURE_REASONS.find((d) => d.id === r.id && d.label === r.label);
  return known ? t(`form.closure.${known.id as DefaultReasonId}`) : r.label;
}
type DefaultReasonId =
  | 'false_positive'
  | 'expected'
  | 'compensating_control'
  | 'fixed'
  | 'duplicate'
  | 'other';

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
      label: txt(t('form.why'), SLACK_LIMITS.inputLabel),
      element: {
        type: 'static_select',
        action_id: INPUT_ACTION,
        placeholder: txt(t('form.chooseReason'), 150),
        options: reasons.map((r) => ({ text: txt(reasonLabel(r), SLACK_LIMITS.optionText), value: r.id })),
      },
    },
    {
      type: 'input',
      block_id: BlockId.reason,
      optional: true,
      label: txt(wordsLabel, SLACK_LIMITS.inputLabel),
      hint: txt(t('form.requiredForOther'), 2_000),
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
  if (!closure) errors[BlockId.closure] = t('form.chooseWhy');
  if (words.length > WORDS_MAX) errors[BlockId.reason] = t('form.atMost', { max: WORDS_MAX });
  else if (lacksWords(closure?.id, words)) errors[BlockId.reason] = t('form.sayWhyOther');
  if (!closure || Object.keys(errors).length > 0) return { errors };
  return { closure, reason: closureReasonText(closure, words) };
}
