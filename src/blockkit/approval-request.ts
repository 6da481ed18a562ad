import type { KnownBlock } from '@slack/types';
import type { Approval } from '../ports/store.js';
import type { RenderedMessage } from './finding.js';
import { ApprovalBlockId, ApprovalId } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, mention, quoted, safeMrkdwn, slackDate, truncate } from './mrkdwn.js';
import { spokenLabel } from './plain-text.js';

/** What a request is about: one finding, or the findings of a roll-up (a bulk acceptance). */
export function approvalSubject(a: Pick<Approval, 'findingId' | 'findingIds'>): string {
  if (!a.findingIds) return `finding ${code(a.findingId)}`;
  const n = a.findingIds.length;
  return `${n} finding${n === 1 ? '' : 's'} of roll-up ${code(a.findingId)}`;
}

/** Approve… / Deny… for a pending request: in its thread, and on an approver's Home tab. */
/** `about`: what it decides, for a screen reader, where several requests are listed (Home). */
export function approvalButtons(approvalId: string, blockId?: string, about?: string): KnownBlock {
  return {
    type: 'actions',
    ...(blockId ? { block_id: blockId } : {}),
    elements: [
      {
        type: 'button',
        action_id: ApprovalId.approve,
        text: { type: 'plain_text', text: 'Approve…' },
        ...(about ? { accessibility_label: spokenLabel('Approve', about) } : {}),
        style: 'primary',
        value: approvalId,
      },
      {
        type: 'button',
        action_id: ApprovalId.deny,
        text: { type: 'plain_text', text: 'Deny…' },
        ...(about ? { accessibility_label: spokenLabel('Deny', about) } : {}),
        style: 'danger',
        value: approvalId,
      },
    ],
  };
}

/** The request in the alert's thread: what is asked, by whom, until when, and Approve / Deny. */
export function renderApprovalRequest(a: Approval, approvers: string): RenderedMessage {
  const head = `:scales: ${mention(a.requesterId)} asks to *accept the risk* of ${approvalSubject(a)} until ${slackDate(new Date(a.riskExpiresAt))}:`;
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: truncate(`${head}\n${quoted(a.justification)}`, SLACK_LIMITS.sectionText),
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
  if (a.status === 'pending') blocks.push(approvalButtons(a.id, ApprovalBlockId.actions));
  return {
    text: `Risk acceptance request for ${a.findingIds ? `${a.findingIds.length} findings of ` : ''}${a.findingId} (${a.status})`,
    blocks,
  };
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
        `• ${approvalSubject(a)} by ${mention(a.requesterId)}, until ${slackDate(new Date(a.riskExpiresAt), '{date_short}')} — in <#${a.channel}>, expires ${slackDate(new Date(a.expireAt))}`,
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
