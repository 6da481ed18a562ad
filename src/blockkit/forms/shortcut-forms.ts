import type { KnownBlock, ModalView } from '@slack/types';
import { z } from 'zod';
import { isResourceId } from '../../domain/finding-id.js';
import { t } from '../../i18n/speak.js';
import { INPUT_ACTION, ShortcutBlockId, ShortcutId } from '../ids.js';
import { METADATA_SEAL_ROOM, SLACK_LIMITS } from '../limits.js';
import { quoted } from '../mrkdwn.js';
import {
  NOTE_TEXT_MAX,
  notAFindingId,
  type ReportSeverity,
  SEVERITIES,
  severityWord,
} from '../shortcut-words.js';
import { readValues, type StateValues, text } from './form-state.js';
import { txt } from './form-view.js';

/**
 * The message shortcuts' forms: *Attach to finding…* and *Report suspicious identity activity*.
 * The message rides in private_metadata (channel, ts and its words cut to fit: at most 3,000
 * characters in all), so a huge message never breaks the form; the permalink is asked at submit.
 */

export interface MessageRef {
  channel: string;
  ts: string;
  /** The message's words as kept (cut to NOTE_TEXT_MAX and to fit the metadata). */
  text: string;
  cut: boolean;
}

const MetaSchema = z.object({
  c: z.string().regex(/^[CGD][A-Z0-9]{2,}$/),
  t: z.string().regex(/^\d{1,12}\.\d{1,8}$/),
  x: z.string().max(NOTE_TEXT_MAX),
  cut: z.boolean(),
});

/** The message as metadata: its words are cut until the whole, sealed, fits Slack's 3,000 characters. */
export function messageMeta(m: { channel: string; ts: string; text: string }): string {
  let keep = Math.min(m.text.length, NOTE_TEXT_MAX);
  for (;;) {
    const x = m.text.slice(0, keep);
    const json = JSON.stringify({ c: m.channel, t: m.ts, x, cut: keep < m.text.length });
    if (json.length <= SLACK_LIMITS.privateMetadata - METADATA_SEAL_ROOM) return json;
    keep = Math.floor(keep * 0.8);
  }
}

export function parseMessageMeta(raw: string): MessageRef | undefined {
  if (!raw || raw.length > SLACK_LIMITS.privateMetadata) return undefined;
  try {
    const parsed = MetaSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return undefined;
    const { c, t, x, cut } = parsed.data;
    return { channel: c, ts: t, text: x, cut };
  } catch {
    return undefined;
  }
}

const preview = (m: { text: string }): KnownBlock => ({
  type: 'context',
  elements: [{ type: 'mrkdwn', text: m.text ? quoted(m.text, 300) : `_${t('form.noText')}_` }],
});

const textInput = (
  block: string,
  label: string,
  max: number,
  o: { multiline?: boolean; optional?: boolean; hint?: string } = {},
): KnownBlock => ({
  type: 'input',
  block_id: block,
  label: txt(label, 100),
  optional: o.optional === true,
  ...(o.hint ? { hint: txt(o.hint, 150) } : {}),
  element: {
    type: 'plain_text_input',
    action_id: INPUT_ACTION,
    max_length: max,
    multiline: o.multiline === true,
  },
});

export function renderAttachForm(m: { channel: string; ts: string; text: string }): ModalView {
  return {
    type: 'modal',
    callback_id: ShortcutId.attach,
    private_metadata: messageMeta(m),
    title: txt(t('shortcut.attachTitle')),
    submit: txt(t('shortcut.attach')),
    close: txt(t('form.cancel')),
    blocks: [
      preview(m),
      textInput(ShortcutBlockId.finding, t('shortcut.findingId'), 128, { hint: t('shortcut.findingIdHint') }),
    ],
  };
}

export function renderReportForm(m: { channel: string; ts: string; text: string }): ModalView {
  const options = SEVERITIES.map((s) => ({ text: txt(severityWord(s), 75), value: s }));
  return {
    type: 'modal',
    callback_id: ShortcutId.report,
    private_metadata: messageMeta(m),
    title: txt(t('shortcut.reportTitle')),
    submit: txt(t('shortcut.report')),
    close: txt(t('form.cancel')),
    blocks: [
      preview(m),
      textInput(ShortcutBlockId.what, t('shortcut.what'), 1_000, { multiline: true }),
      textInput(ShortcutBlockId.who, t('shortcut.who'), 200),
      {
        type: 'input',
        block_id: ShortcutBlockId.severity,
        label: txt(t('shortcut.severity'), 100),
        element: {
          type: 'static_select',
          action_id: INPUT_ACTION,
          options,
          initial_option: { text: txt(severityWord('medium'), 75), value: 'medium' },
        },
      },
      textInput(ShortcutBlockId.finding, t('shortcut.relatedFinding'), 128, {
        optional: true,
        hint: t('shortcut.relatedHint'),
      }),
    ],
  };
}

const findingField = (values: StateValues, optional: boolean) => {
  const id = text(values, ShortcutBlockId.finding);
  if (!id && optional) return { ok: true as const, id: undefined };
  if (!isResourceId(id))
    return { ok: false as const, errors: { [ShortcutBlockId.finding]: notAFindingId() } };
  return { ok: true as const, id };
};

export function parseAttach(
  raw: unknown,
): { ok: true; findingId: string } | { ok: false; errors: Record<string, string> } {
  const read = readValues(raw);
  if (!('values' in read)) return { ok: false, errors: { [ShortcutBlockId.finding]: t('form.unreadable') } };
  const f = findingField(read.values, false);
  return f.ok && f.id ? { ok: true, findingId: f.id } : { ok: false, errors: f.ok ? {} : f.errors };
}

export interface Report {
  what: string;
  who: string;
  severity: ReportSeverity;
  findingId: string | undefined;
}

export function parseReport(
  raw: unknown,
): { ok: true; report: Report } | { ok: false; errors: Record<string, string> } {
  const read = readValues(raw);
  if (!('values' in read)) return { ok: false, errors: { [ShortcutBlockId.what]: t('form.unreadable') } };
  const v = read.values;
  const what = text(v, ShortcutBlockId.what);
  const who = text(v, ShortcutBlockId.who);
  const severity = v[ShortcutBlockId.severity]?.[INPUT_ACTION]?.selected_option?.value;
  const errors: Record<string, string> = {};
  if (!what || what.length > 1_000) errors[ShortcutBlockId.what] = t('shortcut.sayWhat');
  if (!who || who.length > 200) errors[ShortcutBlockId.who] = t('shortcut.nameWho');
  const sev = SEVERITIES.find((s) => s === severity);
  if (!sev) errors[ShortcutBlockId.severity] = t('shortcut.pickSeverity');
  const f = findingField(v, true);
  if (!f.ok) Object.assign(errors, f.errors);
  if (Object.keys(errors).length > 0 || !sev || !f.ok) return { ok: false, errors };
  return { ok: true, report: { what, who, severity: sev, findingId: f.id } };
}
