import { z } from 'zod';
import type { FindingAction } from '../../domain/actions.js';
import { isResourceId } from '../../domain/finding-id.js';
import { checkBounds, isKnownTimeZone, pickedTime } from '../../domain/when.js';
import { t } from '../../i18n/speak.js';
import { BlockId, INPUT_ACTION } from '../ids.js';
import { CUSTOM_PRESET, type ModalMetadata } from './form-view.js';

/**
 * Reading a submitted form back. Nothing in Block Kit state is trusted: every value is re-parsed
 * and re-checked (lengths, dates, bounds), whatever the form promised.
 */

const MetadataSchema = z.object({
  findingId: z.string().refine(isResourceId),
  channel: z
    .string()
    .regex(/^[CGD][A-Z0-9]{2,}$/)
    .optional(),
  ts: z
    .string()
    .regex(/^\d{1,12}\.\d{1,8}$/)
    .optional(),
  tz: z.string().max(64),
});

export function parseModalMetadata(raw: string | undefined): ModalMetadata | undefined {
  if (!raw || raw.length > 3_000) return undefined;
  try {
    const parsed = MetadataSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return undefined;
    const { findingId, channel, ts, tz } = parsed.data;
    return {
      findingId,
      tz: isKnownTimeZone(tz) ? tz : 'UTC',
      ...(channel ? { channel } : {}),
      ...(channel && ts ? { ts } : {}),
    };
  } catch {
    return undefined;
  }
}

const InputValueSchema = z.looseObject({
  value: z.string().nullish(),
  selected_date: z.string().nullish(),
  selected_time: z.string().nullish(),
  selected_option: z.looseObject({ value: z.string() }).nullish(),
  selected_user: z.string().nullish(),
  selected_options: z.array(z.looseObject({ value: z.string() })).nullish(),
});
export const StateValuesSchema = z.record(z.string(), z.record(z.string(), InputValueSchema));
export type StateValues = z.output<typeof StateValuesSchema>;

export type SubmissionResult =
  | { ok: true; action: FindingAction }
  | { ok: false; errors: Record<string, string> };

export const input = (values: StateValues, block: string) => values[block]?.[INPUT_ACTION];

export function text(values: StateValues, block: string): string {
  return (input(values, block)?.value ?? '').trim();
}

/** The end time a form gives: a picked date wins over the preset. */
export function endTime(
  values: StateValues,
  dateBlock: string,
  meta: ModalMetadata,
  now: Date,
  maxDays: number,
): { at: Date } | { errors: Record<string, string> } {
  const date = input(values, dateBlock)?.selected_date;
  const time = input(values, BlockId.time)?.selected_time;
  const preset = input(values, BlockId.preset)?.selected_option?.value;
  let at: Date | undefined;
  let errorBlock = dateBlock;
  if (date) {
    at = pickedTime(date, time, meta.tz);
    if (!at) return { errors: { [dateBlock]: t('form.badDate') } };
  } else if (preset && preset !== CUSTOM_PRESET) {
    const days = /^\d{1,4}$/.test(preset) ? Number(preset) : Number.NaN;
    if (!Number.isFinite(days) || days < 1) return { errors: { [BlockId.preset]: t('form.chooseOption') } };
    at = new Date(now.getTime() + days * 86_400_000);
    errorBlock = BlockId.preset;
  } else {
    return { errors: { [dateBlock]: t('form.pickDate') } };
  }
  const bound = checkBounds(at, now, maxDays);
  return bound ? { errors: { [errorBlock]: bound } } : { at };
}

/** A form's values, or the error a garbled submission gets on its reason field. */
export function readValues(
  raw: unknown,
): { values: StateValues } | { ok: false; errors: Record<string, string> } {
  const parsed = StateValuesSchema.safeParse(raw);
  return parsed.success
    ? { values: parsed.data }
    : { ok: false, errors: { [BlockId.reason]: t('form.unreadable') } };
}
