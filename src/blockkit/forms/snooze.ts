import type { KnownBlock } from '@slack/types';
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
  presetInput('Snooze for', [1, 7, 30, 90], 7, maxDays),
  ...dateInputs(BlockId.date, 'A date picked here wins over the choice above.'),
  reasonInput('Reason', false, 'Why can this wait? e.g. waiting on the vendor', words),
  tzNote(tz, 'The finding reopens by itself at that time.'),
];

/** Snooze…: for how long (or until a date, in the person's zone) and why. */
export const snoozeForm = {
  render: (ctx: ModalContext) =>
    formView(
      'snooze',
      ctx.extending ? 'Extend snooze' : 'Snooze finding',
      ctx.extending ? 'Extend' : 'Snooze',
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
    if (!reason) errors[BlockId.reason] = 'Say why this can wait.';
    else if (reason.length > REASON_MAX) errors[BlockId.reason] = `At most ${REASON_MAX} characters.`;
    const end = endTime(read.values, BlockId.date, meta, now, maxDays);
    if ('errors' in end) Object.assign(errors, end.errors);
    if (Object.keys(errors).length > 0 || !('at' in end)) return { ok: false, errors };
    return { ok: true, action: { kind: 'snooze', reason, until: end.at } };
  },
};
