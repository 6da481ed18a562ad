import { z } from 'zod';
import type { FindingAction } from '../domain/actions.js';
import { isResourceId } from '../domain/finding-id.js';
import { checkBounds, isKnownTimeZone, pickedTime } from '../domain/when.js';
import { BlockId, INPUT_ACTION } from './ids.js';
import {
  CUSTOM_PRESET,
  JUSTIFICATION_MIN,
  type ModalKind,
  type ModalMetadata,
  REASON_MAX,
} from './modals.js';

/**
 * Turns a submitted modal back into a FindingAction, or into errors keyed by block_id for
 * `response_action: errors`. Nothing in Block Kit state is trusted: every value is re-parsed
 * and re-checked here (lengths, dates, bounds), whatever the form promised.
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
});
const StateValuesSchema = z.record(z.string(), z.record(z.string(), InputValueSchema));
type StateValues = z.output<typeof StateValuesSchema>;

export type SubmissionResult =
  | { ok: true; action: FindingAction }
  | { ok: false; errors: Record<string, string> };

const input = (values: StateValues, block: string) => values[block]?.[INPUT_ACTION];

function text(values: StateValues, block: string): string {
  return (input(values, block)?.value ?? '').trim();
}

/** The end time the form gives: a picked date wins over the preset. */
function endTime(
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
    if (!at) return { errors: { [dateBlock]: 'That is not a valid date.' } };
  } else if (preset && preset !== CUSTOM_PRESET) {
    const days = /^\d{1,4}$/.test(preset) ? Number(preset) : Number.NaN;
    if (!Number.isFinite(days) || days < 1)
      return { errors: { [BlockId.preset]: 'Choose one of the options.' } };
    at = new Date(now.getTime() + days * 86_400_000);
    errorBlock = BlockId.preset;
  } else {
    return { errors: { [dateBlock]: 'Pick a date, or choose a duration above.' } };
  }
  const bound = checkBounds(at, now, maxDays);
  return bound ? { errors: { [errorBlock]: bound } } : { at };
}

export function parseSubmission(
  kind: ModalKind,
  rawValues: unknown,
  meta: ModalMetadata,
  now: Date,
  maxDays: number,
): SubmissionResult {
  const parsed = StateValuesSchema.safeParse(rawValues);
  if (!parsed.success)
    return { ok: false, errors: { [BlockId.reason]: 'The form could not be read; open it again.' } };
  const values = parsed.data;
  switch (kind) {
    case 'snooze': {
      const reason = text(values, BlockId.reason);
      const errors: Record<string, string> = {};
      if (!reason) errors[BlockId.reason] = 'Say why this can wait.';
      else if (reason.length > REASON_MAX) errors[BlockId.reason] = `At most ${REASON_MAX} characters.`;
      const end = endTime(values, BlockId.date, meta, now, maxDays);
      if ('errors' in end) Object.assign(errors, end.errors);
      if (Object.keys(errors).length > 0 || !('at' in end)) return { ok: false, errors };
      return { ok: true, action: { kind: 'snooze', reason, until: end.at } };
    }
    case 'acceptRisk': {
      const justification = text(values, BlockId.justification);
      const errors: Record<string, string> = {};
      if (justification.length < JUSTIFICATION_MIN) {
        errors[BlockId.justification] =
          `Give at least ${JUSTIFICATION_MIN} characters: what makes this risk acceptable.`;
      } else if (justification.length > REASON_MAX)
        errors[BlockId.justification] = `At most ${REASON_MAX} characters.`;
      const end = endTime(values, BlockId.expires, meta, now, maxDays);
      if ('errors' in end) Object.assign(errors, end.errors);
      if (Object.keys(errors).length > 0 || !('at' in end)) return { ok: false, errors };
      return { ok: true, action: { kind: 'acceptRisk', justification, expiresAt: end.at } };
    }
    case 'suppress': {
      const reason = text(values, BlockId.reason);
      if (!reason)
        return { ok: false, errors: { [BlockId.reason]: 'Say why this finding should be suppressed.' } };
      if (reason.length > REASON_MAX)
        return { ok: false, errors: { [BlockId.reason]: `At most ${REASON_MAX} characters.` } };
      return { ok: true, action: { kind: 'suppress', reason } };
    }
    case 'resolve': {
      const reason = text(values, BlockId.reason);
      if (reason.length > REASON_MAX)
        return { ok: false, errors: { [BlockId.reason]: `At most ${REASON_MAX} characters.` } };
      return { ok: true, action: { kind: 'resolve', reason } };
    }
  }
}
