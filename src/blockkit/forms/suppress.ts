import type { KnownBlock } from '@slack/types';
import type { ClosureReason } from '../../domain/closure.js';
import { closureInputs, readClosure } from './closure-reason.js';
import { evidenceInput, readEvidence } from './evidence.js';
import { readValues, type SubmissionResult } from './form-state.js';
import { formView, type ModalContext, type ModalMetadata, summary } from './form-view.js';

/** The inputs of Suppress… (one finding, or many at once): permanent, so it says so; and why. */
export const suppressFields = (reasons: readonly ClosureReason[]): KnownBlock[] => [
  {
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: '*Suppression is permanent.* The finding stays suppressed, with no expiry, until someone reopens it.',
    },
  },
  ...closureInputs(reasons, 'Reason', 'e.g. test account of the load rig'),
];

export const suppressForm = {
  render: (ctx: ModalContext) =>
    formView('suppress', 'Suppress finding', 'Suppress', ctx.meta, [
      ...summary(ctx.finding),
      ...suppressFields(ctx.closureReasons),
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
        kind: 'suppress',
        reason: closed.reason,
        closure: closed.closure.id,
        ...(evidence.length ? { evidence } : {}),
      },
    };
  },
};
