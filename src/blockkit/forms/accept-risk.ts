import type { KnownBlock } from '@slack/types';
import { t } from '../../i18n/speak.js';
import { BlockId, INPUT_ACTION } from '../ids.js';
import { SLACK_LIMITS } from '../limits.js';
import { endTime, readValues, type SubmissionResult, text } from './form-state.js';
import {
  dateInputs,
  extendingNote,
  formView,
  JUSTIFICATION_MIN,
  type ModalContext,
  type ModalMetadata,
  presetInput,
  REASON_MAX,
  summary,
  txt,
  tzNote,
} from './form-view.js';

/** The inputs of Accept risk… (one finding, or many at once). */
export const acceptRiskFields = (maxDays: number, tz: string, words?: string): KnownBlock[] => [
  {
    type: 'input',
    block_id: BlockId.justification,
    label: txt(t('form.justification'), SLACK_LIMITS.inputLabel),
    hint: txt(t('form.justificationHint', { min: JUSTIFICATION_MIN }), 2_000),
    element: {
      type: 'plain_text_input',
      action_id: INPUT_ACTION,
      multiline: true,
      min_length: JUSTIFICATION_MIN,
      max_length: REASON_MAX,
      ...(words ? { initial_value: words.slice(0, REASON_MAX) } : {}),
    },
  },
  presetInput(t('form.acceptFor'), [30, 90, 180, 365], 90, maxDays),
  ...dateInputs(BlockId.expires, t('form.acceptDateWins', { max: maxDays })),
  tzNote(tz, t('form.acceptReopens')),
];

/** Accept risk…: a justification and an expiry (four-eyes may route it to an approver). */
export const acceptRiskForm = {
  render: (ctx: ModalContext) =>
    formView(
      'acceptRisk',
      ctx.extending ? t('form.extendAcceptance') : t('form.acceptRisk'),
      ctx.extending ? t('form.extend') : t('form.acceptRisk'),
      ctx.meta,
      [
        ...summary(ctx.finding),
        ...extendingNote(ctx, 'acceptance'),
        ...acceptRiskFields(ctx.maxDays, ctx.meta.tz, ctx.extending?.words),
      ],
    ),

  parse(raw: unknown, meta: ModalMetadata, now: Date, maxDays: number): SubmissionResult {
    const read = readValues(raw);
    if (!('values' in read)) return read;
    const justification = text(read.values, BlockId.justification);
    const errors: Record<string, string> = {};
    if (justification.length < JUSTIFICATION_MIN) {
      errors[BlockId.justification] = t('form.justificationShort', { min: JUSTIFICATION_MIN });
    } else if (justification.length > REASON_MAX)
      errors[BlockId.justification] = t('form.atMost', { max: REASON_MAX });
    const end = endTime(read.values, BlockId.expires, meta, now, maxDays);
    if ('errors' in end) Object.assign(errors, end.errors);
    if (Object.keys(errors).length > 0 || !('at' in end)) return { ok: false, errors };
    return { ok: true, action: { kind: 'acceptRisk', justification, expiresAt: end.at } };
  },
};
