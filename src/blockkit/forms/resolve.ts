import { BlockId } from '../ids.js';
import { readValues, type SubmissionResult, text } from './form-state.js';
import { formView, type ModalContext, REASON_MAX, reasonInput, summary } from './form-view.js';

/** Resolve…: what was done (optional). */
export const resolveForm = {
  render: (ctx: ModalContext) =>
    formView('resolve', 'Resolve finding', 'Resolve', ctx.meta, [
      ...summary(ctx.finding),
      reasonInput('What was done', true, 'e.g. owner assigned, account disabled'),
    ]),

  parse(raw: unknown): SubmissionResult {
    const read = readValues(raw);
    if (!('values' in read)) return read;
    const reason = text(read.values, BlockId.reason);
    if (reason.length > REASON_MAX)
      return { ok: false, errors: { [BlockId.reason]: `At most ${REASON_MAX} characters.` } };
    return { ok: true, action: { kind: 'resolve', reason } };
  },
};
