import type { ClosureReason } from '../../domain/closure.js';
import { t } from '../../i18n/speak.js';
import { readClosing } from './closing.js';
import { closureInputs } from './closure-reason.js';
import { evidenceInput } from './evidence.js';
import type { SubmissionResult } from './form-state.js';
import { formView, type ModalContext, type ModalMetadata, summary } from './form-view.js';

/** Resolve…: why it is closed, and what was done. */
export const resolveForm = {
  render: (ctx: ModalContext) =>
    formView('resolve', t('form.resolveFinding'), t('form.resolve'), ctx.meta, [
      ...summary(ctx.finding),
      ...closureInputs(ctx.closureReasons, t('form.whatWasDone'), t('form.resolvePlaceholder')),
      ...evidenceInput(ctx.notes),
    ]),

  parse(
    raw: unknown,
    _meta: ModalMetadata,
    _now: Date,
    _maxDays: number,
    reasons: readonly ClosureReason[],
  ): SubmissionResult {
    return readClosing(raw, reasons, 'resolve');
  },
};
