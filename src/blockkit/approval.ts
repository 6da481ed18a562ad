import type { KnownBlock, ModalView } from '@slack/types';
import { z } from 'zod';
import { isResourceId } from '../domain/finding-id.js';
import { checkBounds, isKnownTimeZone, pickedTime } from '../domain/when.js';
import type { Approval } from '../store/store.js';
import type { RenderedMessage } from './finding.js';
import { INPUT_ACTION } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, mention, safeMrkdwn, slackDate, truncate } from './mrkdwn.js';

export const ApprovalId = {
  approve: 'approval.approve',
  deny: 'approval.deny',
} as const;

export const APPROVAL_BLOCK = {
  expires: 'expires',
  time: 'time',
  confirm: 'confirm',
  reason: 'reason',
} as const;

const quote = (text: string) =>
  safeMrkdwn(text, 1_500)
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');

/** The request in the alert's thread: what is asked, by whom, until when, and Approve / Deny. */
export function renderApprovalRequest(a: Approval, approvers: string): RenderedMessage {
  const head = `:scales: ${mention(a.requesterId)} asks to *accept the risk* of finding ${code(a.findingId)} until ${slackDate(new Date(a.riskExpiresAt))}:`;
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: truncate(`${head}\n${quote(a.justification)}`, SLACK_LIMITS.sectionText),
      },
    },
  ];
  let status: string;
  switch (a.status) {
    case 'pending':
      status = `Needs an approver from <!subteam^${approvers}> other than the requester, by ${slackDate(new Date(a.expireAt))}.`;
      break;
    case 'approved':
      status = `:white_check_mark: Approved by ${mention(a.decidedBy ?? '')}.`;
      break;
    case 'denied':
      status = `:x: Denied by ${mention(a.decidedBy ?? '')}${a.decisionReason ? `: ${safeMrkdwn(a.decisionReason, 1_000)}` : '.'}`;
      break;
    case 'expired':
      status = ':hourglass: Expired without a decision. Ask again if it is still needed.';
      break;
  }
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: truncate(status, SLACK_LIMITS.sectionText) }],
  });
  if (a.status === 'pending') {
    blocks.push({
      type: 'actions',
      block_id: 'approval.actions',
      elements: [
        {
          type: 'button',
          action_id: ApprovalId.approve,
          text: { type: 'plain_text', text: 'Approve…' },
          style: 'primary',
          value: a.id,
        },
        {
          type: 'button',
          action_id: ApprovalId.deny,
          text: { type: 'plain_text', text: 'Deny…' },
          style: 'danger',
          value: a.id,
        },
      ],
    });
  }
  return { text: `Risk acceptance request for ${a.findingId} (${a.status})`, blocks };
}

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
        `${mention(a.requesterId)} asks to accept the risk of ${code(a.findingId)} until ${slackDate(new Date(a.riskExpiresAt))}.\n*Justification*\n${quote(a.justification)}`,
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
    title: { type: 'plain_text', text: 'Approve risk' },
    submit: { type: 'plain_text', text: 'Approve' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      summary(a),
      {
        type: 'input',
        block_id: APPROVAL_BLOCK.expires,
        label: { type: 'plain_text', text: 'Accept until' },
        hint: { type: 'plain_text', text: 'You may shorten it, not extend it.' },
        element: { type: 'datepicker', action_id: INPUT_ACTION, initial_date: ymd(until, zone) },
      },
      {
        type: 'input',
        block_id: APPROVAL_BLOCK.time,
        label: { type: 'plain_text', text: 'Time' },
        element: { type: 'timepicker', action_id: INPUT_ACTION, initial_time: hm(until, zone) },
      },
      {
        type: 'input',
        block_id: APPROVAL_BLOCK.confirm,
        label: { type: 'plain_text', text: 'Confirmation' },
        element: {
          type: 'checkboxes',
          action_id: INPUT_ACTION,
          options: [
            {
              text: {
                type: 'plain_text',
                text: 'I reviewed the justification and approve this risk acceptance.',
              },
              value: 'confirm',
            },
          ],
        },
      },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: `Times are in your Slack time zone (${safeMrkdwn(zone, 60)}).` }],
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
    title: { type: 'plain_text', text: 'Deny risk' },
    submit: { type: 'plain_text', text: 'Deny' },
    close: { type: 'plain_text', text: 'Cancel' },
    blocks: [
      summary(a),
      {
        type: 'input',
        block_id: APPROVAL_BLOCK.reason,
        label: { type: 'plain_text', text: 'Why not' },
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
  if (!parsed.success)
    return { ok: false, errors: { [APPROVAL_BLOCK.expires]: 'The form could not be read; open it again.' } };
  const v = (block: string) => parsed.data[block]?.[INPUT_ACTION];
  const errors: Record<string, string> = {};
  if (!v(APPROVAL_BLOCK.confirm)?.selected_options?.some((o) => o.value === 'confirm')) {
    errors[APPROVAL_BLOCK.confirm] = 'Tick the box to confirm you approve.';
  }
  const at = pickedTime(
    v(APPROVAL_BLOCK.expires)?.selected_date,
    v(APPROVAL_BLOCK.time)?.selected_time,
    meta.tz,
  );
  if (!at) errors[APPROVAL_BLOCK.expires] = 'Pick the date the acceptance ends.';
  else if (exceedsRequest(at, meta.until))
    errors[APPROVAL_BLOCK.expires] = 'You may shorten the acceptance, not extend it.';
  else {
    const bound = checkBounds(at, now, 3_650);
    if (bound) errors[APPROVAL_BLOCK.expires] = bound;
  }
  if (Object.keys(errors).length > 0 || !at) return { ok: false, errors };
  return { ok: true, expiresAt: at };
}

export function parseDenySubmission(
  raw: unknown,
): { ok: true; reason: string } | { ok: false; errors: Record<string, string> } {
  const parsed = ValuesSchema.safeParse(raw);
  const reason = (
    parsed.success ? (parsed.data[APPROVAL_BLOCK.reason]?.[INPUT_ACTION]?.value ?? '') : ''
  ).trim();
  if (!reason)
    return { ok: false, errors: { [APPROVAL_BLOCK.reason]: 'Say why, so the requester can act on it.' } };
  if (reason.length > 2_000)
    return { ok: false, errors: { [APPROVAL_BLOCK.reason]: 'At most 2000 characters.' } };
  return { ok: true, reason };
}

/** `/warden approvals`: what is waiting for a decision. */
export function renderApprovalList(approvals: readonly Approval[]): RenderedMessage {
  if (approvals.length === 0)
    return {
      text: 'No risk acceptances are waiting for approval.',
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: 'No risk acceptances are waiting for approval.' } },
      ],
    };
  const lines = approvals
    .slice(0, 40)
    .map(
      (a) =>
        `• ${code(a.findingId)} by ${mention(a.requesterId)}, until ${slackDate(new Date(a.riskExpiresAt), '{date_short}')} — in <#${a.channel}>, expires ${slackDate(new Date(a.expireAt))}`,
    );
  const more = approvals.length > 40 ? `\n…and ${approvals.length - 40} more.` : '';
  return {
    text: `${approvals.length} risk acceptance(s) waiting for approval`,
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: truncate(
            `*Waiting for approval (${approvals.length})*\n${lines.join('\n')}${more}`,
            SLACK_LIMITS.sectionText,
          ),
        },
      },
    ],
  };
}
