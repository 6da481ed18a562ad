import type { KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import { z } from 'zod';
import type { ContainAction } from '../domain/contain.js';
import type { DecoyAttempt } from '../domain/decoy-attempts.js';
import { isResourceId } from '../domain/finding-id.js';
import { t } from '../i18n/speak.js';
import type { ContainWords } from '../ports/contain.js';
import { containWords, type Taken, takenAway } from './contain-words.js';
import type { RenderedMessage } from './finding.js';
import { type StateValues, StateValuesSchema } from './forms/form-state.js';
import { ContainBlockId, ContainId, INPUT_ACTION } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, plain, slackDate, truncate } from './mrkdwn.js';

/** Contain…'s form, its request with Approve / Deny, and a decoy's uses. Pure. */

/** One thing the form offers to take away, as the tenant named it when the form opened. */
export interface ContainOption {
  action: ContainAction;
  /** The entitlement revoked (revoke only). */
  entitlementId?: string | undefined;
  words: ContainWords;
  appId?: string | undefined;
  appUserId?: string | undefined;
  subjectId?: string | undefined;
}

export const optionValue = (o: Pick<ContainOption, 'action' | 'entitlementId'>): string =>
  o.action === 'revoke' ? `revoke:${o.entitlementId ?? ''}` : 'offboard';

/** What the form carries for its submission (checked again then: nothing here is trusted). */
export interface ContainFormMeta {
  /** The containment's id, chosen when the form opened: the same form sent twice is one containment. */
  id: string;
  findingId: string;
  targetKey: string;
  channel?: string | undefined;
  ts?: string | undefined;
}

const MetaSchema = z.object({
  id: z.string().regex(/^ctn_[a-z0-9]{8,40}$/),
  findingId: z.string().refine(isResourceId),
  targetKey: z.string().min(1).max(600),
  channel: z
    .string()
    .regex(/^[CGD][A-Z0-9]{2,}$/)
    .optional(),
  ts: z
    .string()
    .regex(/^\d{1,12}\.\d{1,8}$/)
    .optional(),
});

export function parseContainMeta(raw: string): ContainFormMeta | undefined {
  if (!raw || raw.length > 3_000) return undefined;
  try {
    const parsed = MetaSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const option = (o: ContainOption): PlainTextOption => {
  const label =
    o.action === 'revoke'
      ? t('contain.optionRevoke', {
          entitlement: o.words.entitlement ?? o.entitlementId ?? '',
          account: o.words.account ?? o.appUserId ?? '',
        })
      : t('contain.optionOffboard', { person: o.words.person ?? o.subjectId ?? '' });
  return { text: { type: 'plain_text', text: plain(label, SLACK_LIMITS.optionText) }, value: optionValue(o) };
};

const section = (text: string): KnownBlock => ({
  type: 'section',
  text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) },
});

export function renderContainForm(f: {
  meta: ContainFormMeta;
  findingTitle: string;
  options: readonly ContainOption[];
  safety: string;
  note?: string | undefined;
}): ModalView {
  const listed = f.options.slice(0, 40);
  const blocks: KnownBlock[] = [
    section(containWords.intro(f.findingTitle, f.meta.findingId)),
    section(listed.map((o) => `• ${takenAway({ ...o, entitlementId: o.entitlementId })}`).join('\n')),
  ];
  if (f.safety)
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: truncate(f.safety, 2_000) }] });
  if (f.note) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: truncate(f.note, 2_000) }] });
  blocks.push(
    {
      type: 'input',
      block_id: ContainBlockId.what,
      label: { type: 'plain_text', text: containWords.whatLabel },
      element: {
        type: 'static_select',
        action_id: INPUT_ACTION,
        options: listed.map(option),
        ...(listed.length === 1 && listed[0] ? { initial_option: option(listed[0]) } : {}),
      },
    },
    {
      type: 'input',
      block_id: ContainBlockId.reason,
      label: { type: 'plain_text', text: containWords.reasonLabel },
      hint: { type: 'plain_text', text: containWords.reasonHint },
      element: { type: 'plain_text_input', action_id: INPUT_ACTION, multiline: true, max_length: 2_000 },
    },
  );
  return {
    type: 'modal',
    callback_id: ContainId.form,
    private_metadata: JSON.stringify(f.meta),
    title: { type: 'plain_text', text: containWords.title },
    submit: { type: 'plain_text', text: containWords.submit },
    close: { type: 'plain_text', text: t('contain.cancel') },
    blocks,
  };
}

/** The form's answers read back without I/O: the choice's value and the reason, or field errors. */
export function parseContainSubmission(
  values: unknown,
): { ok: true; choice: string; reason: string } | { ok: false; errors: Record<string, string> } {
  const parsed = StateValuesSchema.safeParse(values);
  const v: StateValues = parsed.success ? parsed.data : {};
  const choice = v[ContainBlockId.what]?.[INPUT_ACTION]?.selected_option?.value ?? '';
  const reason = (v[ContainBlockId.reason]?.[INPUT_ACTION]?.value ?? '').trim();
  const errors: Record<string, string> = {};
  if (!/^(revoke:[^\s]{1,128}|offboard)$/.test(choice)) errors[ContainBlockId.what] = containWords.pickOne;
  if (reason.length < 10) errors[ContainBlockId.reason] = containWords.reasonTooShort;
  if (reason.length > 2_000) errors[ContainBlockId.reason] = containWords.reasonTooLong;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, choice, reason };
}

/** A containment waiting for an approver, in the alert's thread: Approve / Deny (value: its id). */
export function renderContainRequest(line: string, id: string, pending: boolean): RenderedMessage {
  const blocks: KnownBlock[] = [section(line)];
  if (pending) blocks.push(containDecideButtons(id, 'contain.decide'));
  return { text: truncate(line, SLACK_LIMITS.fallbackText), blocks };
}

/** Approve / Deny of a containment: on its request, in `/warden approvals` and on the Home tab. */
export function containDecideButtons(id: string, blockId?: string): KnownBlock {
  return {
    type: 'actions',
    ...(blockId ? { block_id: blockId } : {}),
    elements: [
      {
        type: 'button',
        action_id: ContainId.approve,
        text: { type: 'plain_text', text: t('contain.approve') },
        style: 'danger',
        value: id,
        confirm: {
          title: { type: 'plain_text', text: t('contain.confirmTitle') },
          text: { type: 'plain_text', text: t('contain.confirmText') },
          confirm: { type: 'plain_text', text: t('contain.approve') },
          deny: { type: 'plain_text', text: t('contain.notNow') },
        },
      },
      {
        type: 'button',
        action_id: ContainId.deny,
        text: { type: 'plain_text', text: t('contain.deny') },
        value: id,
      },
    ],
  };
}

/** A decoy's uses, newest first: when, from where, with what, against what; never what was presented. */
export function renderDecoyAttempts(attempts: readonly DecoyAttempt[], total: number): RenderedMessage {
  const rows = attempts.map(
    (a) =>
      `• ${slackDate(new Date(a.at), '{date_short} {time_secs}')} · ${a.ip ? code(a.ip, 60) : t('contain.noIp')} · ${a.userAgent ? code(a.userAgent, 120) : t('contain.noAgent')} · ${a.endpoint ? code(a.endpoint, 120) : t('contain.noEndpoint')}`,
  );
  const head =
    total === 0
      ? t('contain.decoyNone')
      : total > attempts.length
        ? t('contain.decoyHeadSome', { shown: attempts.length, total })
        : t('contain.decoyHead');
  return { text: truncate(head.replace(/[*:]/g, ''), 300), blocks: [section([head, ...rows].join('\n'))] };
}

/** The reason as it goes to the tenant: who asked and approved in Slack, and Warden's reference. */
export function taskDescription(
  t: Taken & { reason: string; requesterId: string; approvedBy: string | null; reference: string },
): string {
  const who = `asked in Slack by ${t.requesterId}${t.approvedBy ? `, approved by ${t.approvedBy}` : ''}`;
  return `${t.reason.slice(0, 1_500)} — ${who} (${t.reference})`;
}

/** Contain… offered in the alert's thread (after *No, not me*): the line and its button. */
export function renderContainOffer(line: string, findingId: string): RenderedMessage {
  return {
    text: truncate(line, SLACK_LIMITS.fallbackText),
    blocks: [
      section(line),
      {
        type: 'actions',
        block_id: 'contain.offer',
        elements: [
          {
            type: 'button',
            action_id: ContainId.offer,
            text: { type: 'plain_text', text: t('contain.offer') },
            style: 'danger',
            value: findingId,
          },
        ],
      },
    ],
  };
}
