import type { ClosureReason } from '../../domain/closure.js';
import { closureInputs, readClosure } from './closure-reason.js';
import { evidenceInput, readEvidence } from './evidence.js';
import { readValues, type SubmissionResult } from './form-state.js';
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
    const read = readValues(raw);
    if (!('values' in read)) return read;
    const closed = readClosure(read.values, reasons);
    const chosen = readEvidence(read.values);
    if ('errors' in closed || 'errors' in chosen)
      return {
        ok: false,
        errors: {
          ...('errors' in closed ? closed.errors : {}),
          ...('errors' in chosen ? chosen.errors : {}),
        },
      };
    const { evidence } = chosen;
    return {
      ok: true,
      action: {
        kind: 'resolve',
        reason: closed.reason,
        closure: closed.closure.id,
        ...(evidence.length ? { evidence } : {}),
      },
    };
  },
};
