import type { KnownBlock } from '@slack/types';
import { t } from '../i18n/speak.js';
import type { Approval } from '../ports/store.js';
import type { RenderedMessage } from './finding.js';
import { ApprovalBlockId, ApprovalId } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, mention, quoted, safeMrkdwn, slackDate, truncate } from './mrkdwn.js';
import { spokenLabel } from './plain-text.js';

/** What a request is about: one finding, or the findings of a roll-up (a bulk acceptance). */
export function approvalSubject(a: Pick<Approval, 'findingId' | 'findingIds'>): string {
  if (!a.findingIds) return t('approval.subjectOne', { finding: code(a.findingId) });
  return t('approval.subjectMany', { count: a.findingIds.length, group: code(a.findingId) });
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
        text: { type: 'plain_text', text: t('approval.approveButton') },
        ...(about ? { accessibility_label: spokenLabel(t('approval.approve'), about) } : {}),
        style: 'primary',
        value: approvalId,
      },
      {
        type: 'button',
        action_id: ApprovalId.deny,
        text: { type: 'plain_text', text: t('approval.denyButton') },
        ...(about ? { accessibility_label: spokenLabel(t('approval.deny'), about) } : {}),
        style: 'danger',
        value: approvalId,
      },
    ],
  };
}

/** The request in the alert's thread: what is asked, by whom, until when, and Approve / Deny. */
export function renderApprovalRequest(a: Approval, approvers: string): RenderedMessage {
  const head = t('approval.asks', {
    requester: mention(a.requesterId),
    subject: approvalSubject(a),
    until: slackDate(new Date(a.riskExpiresAt)),
  });
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
      status = t('approval.pending', { approvers, by: slackDate(new Date(a.expireAt)) });
      break;
    case 'approved':
      status = t('approval.approved', { who: mention(a.decidedBy ?? '') });
      break;
    case 'denied':
      status = a.decisionReason
        ? t('approval.deniedWhy', {
            who: mention(a.decidedBy ?? ''),
            reason: safeMrkdwn(a.decisionReason, 1_000),
          })
        : t('approval.denied', { who: mention(a.decidedBy ?? '') });
      break;
    case 'expired':
      status = t('approval.expired');
      break;
  }
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: truncate(status, SLACK_LIMITS.sectionText) }],
  });
  if (a.status === 'pending') blocks.push(approvalButtons(a.id, ApprovalBlockId.actions));
  return {
    text: t('approval.requestText', {
      many: a.findingIds ? 'yes' : 'no',
      count: a.findingIds?.length ?? 0,
      finding: a.findingId,
      status: a.status,
    }),
    blocks,
  };
}

/** `/warden approvals`: what is waiting for a decision. */
export function renderApprovalList(approvals: readonly Approval[]): RenderedMessage {
  if (approvals.length === 0) {
    const none = t('approval.noneWaiting');
    return { text: none, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: none } }] };
  }
  const lines = approvals.slice(0, 40).map((a) =>
    t('approval.listLine', {
      subject: approvalSubject(a),
      requester: mention(a.requesterId),
      until: slackDate(new Date(a.riskExpiresAt), '{date_short}'),
      channel: a.channel,
      expires: slackDate(new Date(a.expireAt)),
    }),
  );
  const more = approvals.length > 40 ? `\n${t('approval.listMore', { count: approvals.length - 40 })}` : '';
  return {
    text: t('approval.listText', { count: approvals.length }),
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: truncate(
            `${t('approval.listHead', { count: approvals.length })}\n${lines.join('\n')}${more}`,
            SLACK_LIMITS.sectionText,
          ),
        },
      },
    ],
  };
}
