import type { KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import type { ClosureReason } from '../../domain/closure.js';
import { t } from '../../i18n/speak.js';
import type { Finding } from '../../model/finding.js';
import { findingTitle } from '../finding-details.js';
import { describeState, severityOf } from '../finding-state.js';
import { BlockId, findingActionId, INPUT_ACTION } from '../ids.js';
import { SLACK_LIMITS } from '../limits.js';
import { code, plain, safeMrkdwn, slackDate, truncate } from '../mrkdwn.js';
import type { NoteOption } from './evidence.js';

/** The parts every action form is built from: the finding's summary, the inputs, the shell. */

/** What a form carries to its submission, in `private_metadata` (validated on the way back). */
export interface ModalMetadata {
  findingId: string;
  /** The alert message the form was opened from, if any. */
  channel?: string;
  ts?: string;
  /** The person's time zone when the form opened: dates they pick are read in it. */
  tz: string;
}

export interface ModalContext {
  finding: Finding;
  meta: ModalMetadata;
  /** Longest snooze or risk acceptance allowed, in days. */
  maxDays: number;
  /** Why a finding is closed (Resolve…, Suppress…): WARDEN_CONFIG `closure.reasons`. */
  closureReasons: readonly ClosureReason[];
  /**
   * Extend… (a reminder before an end): the same form, its words prefilled with the current
   * reason or justification, saying when it ends now.
   */
  extending?: { words: string | undefined; endsAt: Date } | undefined;
  /** Resolve…, Suppress…: the finding's attached notes, offered as closure evidence. */
  notes?: readonly NoteOption[] | undefined;
}

export const REASON_MAX = 2_000;
export const JUSTIFICATION_MIN = 20;
export const CUSTOM_PRESET = 'custom';

export const txt = (text: string, max: number = SLACK_LIMITS.modalTitle) => ({
  type: 'plain_text' as const,
  text: plain(text, max),
});

export function summary(f: Finding): KnownBlock[] {
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

export function presetInput(label: string, days: number[], initial: number, maxDays: number): KnownBlock {
  const options = days.filter((d) => d <= maxDays).map((d) => option(t('form.days', { days: d }), String(d)));
  options.push(option(t('form.customDateOption'), CUSTOM_PRESET));
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

export function dateInputs(dateBlockId: string, hint: string): KnownBlock[] {
  return [
    {
      type: 'input',
      block_id: dateBlockId,
      optional: true,
      label: txt(t('form.customDate'), SLACK_LIMITS.inputLabel),
      hint: txt(hint, 2_000),
      element: { type: 'datepicker', action_id: INPUT_ACTION },
    },
    {
      type: 'input',
      block_id: BlockId.time,
      optional: true,
      label: txt(t('form.timeOnDate'), SLACK_LIMITS.inputLabel),
      element: { type: 'timepicker', action_id: INPUT_ACTION, initial_time: '09:00' },
    },
  ];
}

export function reasonInput(
  label: string,
  optional: boolean,
  placeholder: string,
  initial?: string | undefined,
): KnownBlock {
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
      ...(initial ? { initial_value: initial.slice(0, REASON_MAX) } : {}),
    },
  };
}

/** Extending: when it ends now, above the inputs that set the new end. */
export function extendingNote(ctx: ModalContext, what: 'snooze' | 'acceptance'): KnownBlock[] {
  if (!ctx.extending) return [];
  const date = slackDate(ctx.extending.endsAt);
  return [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text:
          what === 'snooze' ? t('form.extendingSnooze', { date }) : t('form.extendingAcceptance', { date }),
      },
    },
  ];
}

/** The form shell: its callback id is the action's id, its metadata the finding and the card. */
export function formView(
  kind: string,
  title: string,
  submit: string,
  meta: ModalMetadata,
  blocks: KnownBlock[],
): ModalView {
  return {
    type: 'modal',
    callback_id: findingActionId(kind),
    private_metadata: JSON.stringify(meta),
    title: txt(title),
    submit: txt(submit, SLACK_LIMITS.modalSubmit),
    close: txt(t('form.cancel')),
    blocks,
  };
}

export function tzNote(tz: string, extra: string): KnownBlock {
  return {
    type: 'context',
    elements: [
      {
        type: 'mrkdwn',
        text: truncate(t('form.tzNote', { extra, tz: safeMrkdwn(tz, 60) }), 2_000),
      },
    ],
  };
}
