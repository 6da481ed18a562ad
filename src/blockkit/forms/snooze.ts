import type { KnownBlock } from '@slack/types';
import { t } from '../../i18n/speak.js';
import { BlockId } from '../ids.js';
import { endTime, readValues, type SubmissionResult, text } from './form-state.js';
import {
  dateInputs,
  extendingNote,
  formView,
  type ModalContext,
  type ModalMetadata,
  presetInput,
  REASON_MAX,
  reasonInput,
  summary,
  tzNote,
} from './form-view.js';

/** The inputs of Snooze… (one finding, or many at once). */
export const snoozeFields = (maxDays: number, tz: string, words?: string): KnownBlock[] => [
  presetInput(t('form.snoozeFor'), [1, 7, 30, 90], 7, maxDays),
  ...dateInputs(BlockId.date, t('form.dateWins')),
  reasonInput(t('form.reason'), false, t('form.snoozePlaceholder'), words),
  tzNote(tz, t('form.snoozeReopens')),
];

/** Snooze…: for how long (or until a date, in the person's zone) and why. */
export const snoozeForm = {
  render: (ctx: ModalContext) =>
    formView(
      'snooze',
      ctx.extending ? t('form.extendSnooze') : t('form.snoozeFinding'),
      ctx.extending ? t('form.extend') : t('form.snooze'),
      ctx.meta,
      [
        ...summary(ctx.finding),
        ...extendingNote(ctx, 'snooze'),
        ...snoozeFields(ctx.maxDays, ctx.meta.tz, ctx.extending?.words),
      ],
    ),

  parse(raw: unknown, meta: ModalMetadata, now: Date, maxDays: number): SubmissionResult {
    const read = readValues(raw);
    if (!('values' in read)) return read;
    const reason = text(read.values, BlockId.reason);
    const errors: Record<string, string> = {};
    if (!reason) errors[BlockId.reason] = t('form.sayWhyWait');
    else if (reason.length > REASON_MAX) errors[BlockId.reason] = t('form.atMost', { max: REASON_MAX });
    const end = endTime(read.values, BlockId.date, meta, now, maxDays);
    if ('errors' in end) Object.assign(errors, end.errors);
    if (Object.keys(errors).length > 0 || !('at' in end)) return { ok: false, errors };
    return { ok: true, action: { kind: 'snooze', reason, until: end.at } };
  },
};
