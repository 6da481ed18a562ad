import { z } from 'zod';
import { isResourceId } from '../../domain/finding-id.js';
import { t } from '../../i18n/speak.js';
import { AccessReviewBlock } from '../access-review-ids.js';
import { reviewWords } from '../access-review-words.js';
import { input, readValues, text } from './form-state.js';

/**
 * Access reviews' button values, modal metadata and form values read back. Nothing Block Kit
 * carries is trusted: ids are re-checked (a task id like `../../x` is not one), lengths bounded.
 */

const id = z.string().refine(isResourceId);
const page = z.number().int().min(0).max(10_000);
const viewId = z.string().regex(/^V[A-Z0-9]{2,40}$/);

const ScopeSchema = z.object({ c: id, a: id, p: page.default(0) });
const TaskSchema = z.object({ t: id, s: z.string().min(1).max(200) });
const StepUpSchema = TaskSchema.extend({ c: id, a: id });
const FormMetaSchema = ScopeSchema.extend({
  t: id.optional(),
  s: z.string().min(1).max(200).optional(),
  root: viewId,
  n: z.number().int().min(1).max(10_000).optional(),
});

function parse<S extends z.ZodType>(schema: S, raw: string | undefined): z.output<S> | undefined {
  if (!raw || raw.length > 3_000) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export interface Scope {
  campaignId: string;
  appId: string;
  page: number;
}
const scopeOf = (s: { c: string; a: string; p: number }): Scope => ({
  campaignId: s.c,
  appId: s.a,
  page: s.p,
});

export const parseScope = (raw: string | undefined) => {
  const s = parse(ScopeSchema, raw);
  return s && scopeOf(s);
};
export const parseTaskValue = (raw: string | undefined) => {
  const t = parse(TaskSchema, raw);
  return t && { taskId: t.t, stepId: t.s };
};
export const parseStepUpValue = (raw: string | undefined) => {
  const v = parse(StepUpSchema, raw);
  return v && { taskId: v.t, stepId: v.s, scope: { campaignId: v.c, appId: v.a, page: 0 } };
};
export const parseFormMeta = (raw: string | undefined) => {
  const m = parse(FormMetaSchema, raw);
  return (
    m && {
      scope: scopeOf(m),
      rootViewId: m.root,
      task: m.t && m.s ? { taskId: m.t, stepId: m.s } : undefined,
      confirmed: m.n,
    }
  );
};
export const isViewId = (v: string | undefined): v is string => viewId.safeParse(v).success;

const MAX_WORDS = 2_000;

/** A form's words: required (revoke's reason, a comment) or not (reassign's why). */
export function readWords(
  raw: unknown,
  required: string | undefined,
): { ok: true; words: string } | { ok: false; errors: Record<string, string> } {
  const read = readValues(raw);
  if (!('values' in read)) return { ok: false, errors: { [AccessReviewBlock.words]: t('form.unreadable') } };
  const words = text(read.values, AccessReviewBlock.words);
  if (required && !words) return { ok: false, errors: { [AccessReviewBlock.words]: required } };
  if (words.length > MAX_WORDS)
    return {
      ok: false,
      errors: { [AccessReviewBlock.words]: t('form.atMostThis', { max: MAX_WORDS, length: words.length }) },
    };
  return { ok: true, words };
}

export function readReassign(
  raw: unknown,
): { ok: true; to: string; words: string } | { ok: false; errors: Record<string, string> } {
  const words = readWords(raw, undefined);
  if (!words.ok) return words;
  const read = readValues(raw);
  const to = 'values' in read ? input(read.values, AccessReviewBlock.user)?.selected_user : undefined;
  if (!to || !/^[UW][A-Z0-9]{2,30}$/.test(to))
    return { ok: false, errors: { [AccessReviewBlock.user]: reviewWords.pickSomeone() } };
  return { ok: true, to, words: words.words };
}
