import type { KnownBlock } from '@slack/types';
import type { ClosureReason } from '../../domain/closure.js';
import { t } from '../../i18n/speak.js';
import { readClosing } from './closing.js';
import { closureInputs } from './closure-reason.js';
import { evidenceInput } from './evidence.js';
import type { SubmissionResult } from './form-state.js';
import { formView, type ModalContext, type ModalMetadata, summary } from './form-view.js';

/** The inputs of Suppress… (one finding, or many at once): permanent, so it says so; and why. */
export const suppressFields = (reasons: readonly ClosureReason[]): KnownBlock[] => [
  {
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: t('form.suppressPermanent'),
    },
  },
  ...closureInputs(reasons, t('form.reason'), t('form.suppressPlaceholder')),
];

export const suppressForm = {
  render: (ctx: ModalContext) =>
    formView('suppress', t('form.suppressFinding'), t('form.suppress'), ctx.meta, [
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
    return readClosing(raw, reasons, 'suppress');
  },
};
