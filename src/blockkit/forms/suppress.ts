import type { KnownBlock } from '@slack/types';
import { BlockId } from '../ids.js';
import { readValues, type SubmissionResult, text } from './form-state.js';
import { formView, type ModalContext, REASON_MAX, reasonInput, summary } from './form-view.js';

/** Suppress…: permanent until reopened, so it says so and asks why. */
export const suppressFields = (): KnownBlock[] => [
  {
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: '*Suppression is permanent.* The finding stays suppressed, with no expiry, until someone reopens it.',
    },
  },
  reasonInput('Reason', false, 'Why is this not a risk? e.g. test account, known and accepted by design'),
];

export const suppressForm = {
  render: (ctx: ModalContext) =>
    formView('suppress', 'Suppress finding', 'Suppress', ctx.meta, [
      ...summary(ctx.finding),
      ...suppressFields(),
    ]),

  parse(raw: unknown): SubmissionResult {
    const read = readValues(raw);
    if (!('values' in read)) return read;
    const reason = text(read.values, BlockId.reason);
    if (!reason)
      return { ok: false, errors: { [BlockId.reason]: 'Say why this finding should be suppressed.' } };
    if (reason.length > REASON_MAX)
      return { ok: false, errors: { [BlockId.reason]: `At most ${REASON_MAX} characters.` } };
    return { ok: true, action: { kind: 'suppress', reason } };
  },
};
