import type { KnownBlock, ModalView } from '@slack/types';
import { z } from 'zod';
import { isResourceId } from '../domain/finding-id.js';
import { checkBounds, isKnownTimeZone, pickedTime } from '../domain/when.js';
import { t } from '../i18n/speak.js';
import type { Approval } from '../ports/store.js';
import { approvalSubject } from './approval-request.js';
import { ApprovalBlockId, ApprovalId, INPUT_ACTION } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { mention, quoted, safeMrkdwn, slackDate, truncate } from './mrkdwn.js';

/** The approver's forms: approve (the expiry may be shortened, confirmation required) or deny. */

export interface ApprovalModalMeta {
  approvalId: string;
  tz: string;
  /** The requested expiry (ms): the form checks "shorten, not extend" without a store read before the ack. */
  until: number;
}

const ymd = (d: Date, tz: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
const hm = (d: Date, tz: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);

function summary(a: Approval): KnownBlock {
  return {
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: truncate(
        t('approval.summary', {
          requester: mention(a.requesterId),
          subject: approvalSubject(a),
          until: slackDate(new Date(a.riskExpiresAt)),
          justification: quoted(a.justification),
        }),
        SLACK_LIMITS.sectionText,
      ),
    },
  };
}

/** The approver's form: the request, the expiry (may be shortened) and an explicit confirmation. */
export function renderApproveModal(a: Approval, tz: string): ModalView {
  const zone = isKnownTimeZone(tz) ? tz : 'UTC';
  const until = new Date(a.riskExpiresAt);
  return {
    type: 'modal',
    callback_id: ApprovalId.approve,
    private_metadata: JSON.stringify({
      approvalId: a.id,
      tz: zone,
      until: a.riskExpiresAt,
    } satisfies ApprovalModalMeta),
    title: { type: 'plain_text', text: t('approval.approveTitle') },
    submit: { type: 'plain_text', text: t('approval.approve') },
    close: { type: 'plain_text', text: t('form.cancel') },
    blocks: [
      summary(a),
      {
        type: 'input',
        block_id: ApprovalBlockId.expires,
        label: { type: 'plain_text', text: t('approval.acceptUntil') },
        hint: { type: 'plain_text', text: t('approval.shortenOnly') },
        element: { type: 'datepicker', action_id: INPUT_ACTION, initial_date: ymd(until, zone) },
      },
      {
        type: 'input',
        block_id: ApprovalBlockId.time,
        label: { type: 'plain_text', text: t('approval.time') },
        element: { type: 'timepicker', action_id: INPUT_ACTION, initial_time: hm(until, zone) },
      },
      {
        type: 'input',
        block_id: ApprovalBlockId.confirm,
        label: { type: 'plain_text', text: t('approval.confirmation') },
        element: {
          type: 'checkboxes',
          action_id: INPUT_ACTION,
          options: [
            {
              text: {
                type: 'plain_text',
                text: t('approval.confirmText'),
              },
              value: 'confirm',
            },
          ],
        },
      },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: t('approval.tzNote', { tz: safeMrkdwn(zone, 60) }) }],
      },
    ],
  };
}

export function renderDenyModal(a: Approval): ModalView {
  return {
    type: 'modal',
    callback_id: ApprovalId.deny,
    private_metadata: JSON.stringify({
      approvalId: a.id,
      tz: 'UTC',
      until: a.riskExpiresAt,
    } satisfies ApprovalModalMeta),
    title: { type: 'plain_text', text: t('approval.denyTitle') },
    submit: { type: 'plain_text', text: t('approval.deny') },
    close: { type: 'plain_text', text: t('form.cancel') },
    blocks: [
      summary(a),
      {
        type: 'input',
        block_id: ApprovalBlockId.reason,
        label: { type: 'plain_text', text: t('approval.whyNot') },
        element: { type: 'plain_text_input', action_id: INPUT_ACTION, multiline: true, max_length: 2_000 },
      },
    ],
  };
}

const MetaSchema = z.object({
  approvalId: z.string().refine(isResourceId),
  tz: z.string().max(64),
  until: z.number().int().positive(),
});

export function parseApprovalMeta(raw: string | null | undefined): ApprovalModalMeta | undefined {
  try {
    const parsed = MetaSchema.safeParse(JSON.parse(raw ?? ''));
    return parsed.success
      ? {
          approvalId: parsed.data.approvalId,
          tz: isKnownTimeZone(parsed.data.tz) ? parsed.data.tz : 'UTC',
          until: parsed.data.until,
        }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Later than the requested expiry (a minute of slack for the form's minute precision). */
export function exceedsRequest(at: Date, requested: number): boolean {
  return at.getTime() > requested + 60_000;
}

const ValuesSchema = z.record(
  z.string(),
  z.record(
    z.string(),
    z.looseObject({
      value: z.string().nullish(),
      selected_date: z.string().nullish(),
      selected_time: z.string().nullish(),
      selected_options: z.array(z.looseObject({ value: z.string() })).nullish(),
    }),
  ),
);

/**
 * The approver's expiry: in the future, and no later than what was asked (shortening only).
 * Pure, from the form's metadata; the decision re-checks against the stored request.
 */
export function parseApproveSubmission(
  raw: unknown,
  meta: ApprovalModalMeta,
  now: Date,
): { ok: true; expiresAt: Date } | { ok: false; errors: Record<string, string> } {
  const parsed = ValuesSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: { [ApprovalBlockId.expires]: t('form.unreadable') } };
  const v = (block: string) => parsed.data[block]?.[INPUT_ACTION];
  const errors: Record<string, string> = {};
  if (!v(ApprovalBlockId.confirm)?.selected_options?.some((o) => o.value === 'confirm')) {
    errors[ApprovalBlockId.confirm] = t('approval.tickBox');
  }
  const at = pickedTime(
    v(ApprovalBlockId.expires)?.selected_date,
    v(ApprovalBlockId.time)?.selected_time,
    meta.tz,
  );
  if (!at) errors[ApprovalBlockId.expires] = t('approval.pickEnd');
  else if (exceedsRequest(at, meta.until)) errors[ApprovalBlockId.expires] = t('approval.mayNotExtend');
  else {
    const bound = checkBounds(at, now, 3_650);
    if (bound) errors[ApprovalBlockId.expires] = bound;
  }
  if (Object.keys(errors).length > 0 || !at) return { ok: false, errors };
  return { ok: true, expiresAt: at };
}

export function parseDenySubmission(
  raw: unknown,
): { ok: true; reason: string } | { ok: false; errors: Record<string, string> } {
  const parsed = ValuesSchema.safeParse(raw);
  const reason = (
    parsed.success ? (parsed.data[ApprovalBlockId.reason]?.[INPUT_ACTION]?.value ?? '') : ''
  ).trim();
  if (!reason) return { ok: false, errors: { [ApprovalBlockId.reason]: t('approval.sayWhy') } };
  if (reason.length > 2_000)
    return { ok: false, errors: { [ApprovalBlockId.reason]: t('form.atMost', { max: 2_000 }) } };
  return { ok: true, reason };
}
