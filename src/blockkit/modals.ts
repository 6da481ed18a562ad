import type { KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import type { Finding } from '../tenant/schemas.js';
import { describeState, severityOf } from './finding.js';
import { findingTitle } from './finding-details.js';
import { BlockId, CallbackId, INPUT_ACTION } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, plain, safeMrkdwn, truncate } from './mrkdwn.js';

/** What a modal carries to its submission, in `private_metadata` (validated on the way back). */
export interface ModalMetadata {
  findingId: string;
  /** The alert message the modal was opened from, if any. */
  channel?: string;
  ts?: string;
  /** The person's time zone when the modal opened: dates they pick are read in it. */
  tz: string;
}

export interface ModalContext {
  finding: Finding;
  meta: ModalMetadata;
  /** Longest snooze or risk acceptance allowed, in days. */
  maxDays: number;
}

export type ModalKind = 'snooze' | 'acceptRisk' | 'suppress' | 'resolve';

export const REASON_MAX = 2_000;
export const JUSTIFICATION_MIN = 20;
export const CUSTOM_PRESET = 'custom';

const txt = (text: string, max: number = SLACK_LIMITS.modalTitle) => ({
  type: 'plain_text' as const,
  text: plain(text, max),
});

function summary(f: Finding): KnownBlock[] {
  const sev = severityOf(f);
  return [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: truncate(
          `*${sev.icon} ${sev.label}: ${safeMrkdwn(findingTitle(f), 150)}*\n${safeMrkdwn(f.description ?? '', 600)}`,
          SLACK_LIMITS.sectionText,
        ),
      },
    },
    {
      type: 'context',
      elements: [{ type: 'mrkdwn', text: truncate(`${code(f.id, 130)} · ${describeState(f)}`, 2_000) }],
    },
  ];
}

function option(text: string, value: string): PlainTextOption {
  return { text: txt(text, SLACK_LIMITS.optionText), value };
}

function presetInput(label: string, days: number[], initial: number, maxDays: number): KnownBlock {
  const options = days
    .filter((d) => d <= maxDays)
    .map((d) => option(d === 1 ? '1 day' : `${d} days`, String(d)));
  options.push(option('Custom date…', CUSTOM_PRESET));
  const initialOption = options.find((o) => o.value === String(initial)) ?? options[0];
  return {
    type: 'input',
    block_id: BlockId.preset,
    label: txt(label, SLACK_LIMITS.inputLabel),
    element: {
      type: 'static_select',
      action_id: INPUT_ACTION,
      options,
      ...(initialOption ? { initial_option: initialOption } : {}),
    },
  };
}

function dateInputs(dateBlockId: string, hint: string): KnownBlock[] {
  return [
    {
      type: 'input',
      block_id: dateBlockId,
      optional: true,
      label: txt('Custom date', SLACK_LIMITS.inputLabel),
      hint: txt(hint, 2_000),
      element: { type: 'datepicker', action_id: INPUT_ACTION },
    },
    {
      type: 'input',
      block_id: BlockId.time,
      optional: true,
      label: txt('Time on that date', SLACK_LIMITS.inputLabel),
      element: { type: 'timepicker', action_id: INPUT_ACTION, initial_time: '09:00' },
    },
  ];
}

function reasonInput(label: string, optional: boolean, placeholder: string): KnownBlock {
  return {
    type: 'input',
    block_id: BlockId.reason,
    optional,
    label: txt(label, SLACK_LIMITS.inputLabel),
    element: {
      type: 'plain_text_input',
      action_id: INPUT_ACTION,
      multiline: true,
      max_length: REASON_MAX,
      placeholder: txt(placeholder, 150),
    },
  };
}

function modal(
  kind: ModalKind,
  title: string,
  submit: string,
  meta: ModalMetadata,
  blocks: KnownBlock[],
): ModalView {
  return {
    type: 'modal',
    callback_id: CallbackId[kind],
    private_metadata: JSON.stringify(meta),
    title: txt(title),
    submit: txt(submit, SLACK_LIMITS.modalSubmit),
    close: txt('Cancel'),
    blocks,
  };
}

function tzNote(tz: string, extra: string): KnownBlock {
  return {
    type: 'context',
    elements: [
      {
        type: 'mrkdwn',
        text: truncate(
          `${extra} Dates and times are in your Slack time zone (${safeMrkdwn(tz, 60)}).`,
          2_000,
        ),
      },
    ],
  };
}

export function renderSnoozeModal(ctx: ModalContext): ModalView {
  return modal('snooze', 'Snooze finding', 'Snooze', ctx.meta, [
    ...summary(ctx.finding),
    presetInput('Snooze for', [1, 7, 30, 90], 7, ctx.maxDays),
    ...dateInputs(BlockId.date, 'A date picked here wins over the choice above.'),
    reasonInput('Reason', false, 'Why can this wait? e.g. waiting on the vendor'),
    tzNote(ctx.meta.tz, 'The finding reopens by itself at that time.'),
  ]);
}

export function renderAcceptRiskModal(ctx: ModalContext): ModalView {
  return modal('acceptRisk', 'Accept risk', 'Accept risk', ctx.meta, [
    ...summary(ctx.finding),
    {
      type: 'input',
      block_id: BlockId.justification,
      label: txt('Justification', SLACK_LIMITS.inputLabel),
      hint: txt(
        `At least ${JUSTIFICATION_MIN} characters: the compensating control, who decided, until when.`,
        2_000,
      ),
      element: {
        type: 'plain_text_input',
        action_id: INPUT_ACTION,
        multiline: true,
        min_length: JUSTIFICATION_MIN,
        max_length: REASON_MAX,
      },
    },
    presetInput('Accept for', [30, 90, 180, 365], 90, ctx.maxDays),
    ...dateInputs(
      BlockId.expires,
      `A date picked here wins over the choice above. At most ${ctx.maxDays} days ahead.`,
    ),
    tzNote(ctx.meta.tz, 'The finding reopens by itself when the acceptance expires.'),
  ]);
}

export function renderSuppressModal(ctx: ModalContext): ModalView {
  return modal('suppress', 'Suppress finding', 'Suppress', ctx.meta, [
    ...summary(ctx.finding),
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: '*Suppression is permanent.* The finding stays suppressed, with no expiry, until someone reopens it.',
      },
    },
    reasonInput('Reason', false, 'Why is this not a risk? e.g. test account, known and accepted by design'),
  ]);
}

export function renderResolveModal(ctx: ModalContext): ModalView {
  return modal('resolve', 'Resolve finding', 'Resolve', ctx.meta, [
    ...summary(ctx.finding),
    reasonInput('What was done', true, 'e.g. owner assigned, account disabled'),
  ]);
}

export const RENDER_MODAL: Record<ModalKind, (ctx: ModalContext) => ModalView> = {
  snooze: renderSnoozeModal,
  acceptRisk: renderAcceptRiskModal,
  suppress: renderSuppressModal,
  resolve: renderResolveModal,
};

/** Opened at once on a click, before any I/O, so the trigger_id never expires. */
export function renderLoadingModal(findingId: string): ModalView {
  return infoModal(`:hourglass_flowing_sand: Loading finding ${code(findingId, 130)}…`);
}

/**
 * Shown in place of a form: why it cannot be used. `message` is mrkdwn Warden wrote, starting
 * with its own emoji; any tenant or user text in it is already escaped (describeFailure does).
 */
export function renderErrorModal(message: string): ModalView {
  return infoModal(message);
}

/** A modal with one section of Warden-written mrkdwn and a Close button. */
function infoModal(text: string): ModalView {
  return {
    type: 'modal',
    callback_id: CallbackId.loading,
    title: txt('Warden'),
    close: txt('Close'),
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) } }],
  };
}
