import type { ClosureReason } from '../../domain/closure.js';
import { readClosing } from './closing.js';
import { closureInputs } from './closure-reason.js';
import { evidenceInput } from './evidence.js';
import type { SubmissionResult } from './form-state.js';
import { formView, type ModalContext, type ModalMetadata, summary } from './form-view.js';

/** Resolve…: why it is closed, and what was done. */
export const resolveForm = {
  render: (ctx: ModalContext) =>
    formView('resolve', 'Resolve finding', 'Resolve', ctx.meta, [
      ...summary(ctx.finding),
      ...closureInputs(ctx.closureReasons, 'What was done', 'e.g. owner assigned, account disabled'),
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
