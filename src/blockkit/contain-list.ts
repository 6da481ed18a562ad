import type { KnownBlock } from '@slack/types';
import { t } from '../i18n/speak.js';
import type { ContainRecord } from '../ports/contain.js';
import { containDecideButtons } from './contain.js';
import { containVerb } from './contain-words.js';
import { SLACK_LIMITS } from './limits.js';
import { code, mention, quoted, slackDate, truncate } from './mrkdwn.js';

/**
 * Containments waiting for an approver, listed where four-eyes requests are (`/warden approvals`,
 * an approver's Home tab): who asks to take what away, where, until when it waits, and Approve /
 * Deny for the ones this person may decide (the same buttons, and the same decision, as in the
 * thread). Pure.
 */
export interface ContainWaiting {
  record: Pick<
    ContainRecord,
    | 'id'
    | 'findingId'
    | 'action'
    | 'words'
    | 'appId'
    | 'entitlementId'
    | 'appUserId'
    | 'subjectId'
    | 'requesterId'
    | 'reason'
    | 'channel'
    | 'createdAt'
  >;
  /** When it expires without a decision. */
  expiresAt: number;
  /** This person may decide it (an approver, not the requester): the buttons are shown. */
  decide: boolean;
}

export const CONTAIN_LISTED = 10;

export function containWaitingBlocks(items: readonly ContainWaiting[]): KnownBlock[] {
  const blocks = items.slice(0, CONTAIN_LISTED).flatMap(({ record: r, expiresAt, decide }): KnownBlock[] => {
    const line = t('contain.listLine', {
      who: mention(r.requesterId),
      verb: containVerb(r),
      finding: code(r.findingId, 80),
      channel: r.channel,
      until: slackDate(new Date(expiresAt)),
      reason: quoted(r.reason, 500),
    });
    const text: KnownBlock = {
      type: 'section',
      text: { type: 'mrkdwn', text: truncate(line, SLACK_LIMITS.sectionText) },
    };
    return decide ? [text, containDecideButtons(r.id)] : [text];
  });
  if (items.length > CONTAIN_LISTED)
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: t('contain.listMore', { count: items.length - CONTAIN_LISTED }) }],
    });
  return blocks;
}

/** `/warden approvals`: the risk acceptances' list, then the containments waiting (when any). */
export function withContainsWaiting(
  risks: { text: string; blocks: KnownBlock[] },
  risksShown: number,
  items: readonly ContainWaiting[],
): { text: string; blocks: KnownBlock[] } {
  if (items.length === 0) return risks;
  const head = t('contain.listHead', { count: items.length });
  return {
    text: `${risksShown > 0 ? `${risks.text}; ` : ''}${t('contain.listText', { count: items.length })}`,
    blocks: [
      ...(risksShown > 0 ? risks.blocks : []),
      { type: 'section', text: { type: 'mrkdwn', text: head } },
      ...containWaitingBlocks(items),
    ],
  };
}
