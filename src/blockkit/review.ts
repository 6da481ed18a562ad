import type { KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import { z } from 'zod';
import { offeredActions } from '../domain/actions.js';
import { isResourceId } from '../domain/finding-id.js';
import { t } from '../i18n/speak.js';
import type { Finding } from '../model/finding.js';
import { actionRow } from './action-table.js';
import { findingTitle } from './finding-details.js';
import { severityOf, stateLabel } from './finding-state.js';
import { txt } from './forms/form-view.js';
import { ReviewBlockId, ReviewId } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, plain, safeMrkdwn, truncate } from './mrkdwn.js';

/**
 * Review…: a roll-up's findings, a page at a time (a checkbox group holds 10 options, so a page
 * is 10), each with its own actions in an overflow menu, and bulk buttons for the ones picked.
 */

export const REVIEW_PAGE_SIZE = 10;

export interface ReviewPage {
  groupId: string;
  channel: string;
  /** 0-based. */
  page: number;
  total: number;
  /** This page's findings as the tenant has them now. */
  findings: Finding[];
  /** This page's ids the tenant did not return (gone, or unreadable). */
  missing: string[];
  offerUnsuppress: boolean;
  /** Which findings offer Contain… in their menu (WARDEN_CONFIG `contain`). */
  containable?: ((f: Finding) => boolean) | undefined;
}

export interface ReviewMetadata {
  groupId: string;
  page: number;
}

const ReviewMetadataSchema = z.object({
  groupId: z.string().refine(isResourceId),
  page: z.number().int().min(0).max(10_000),
});

export function parseReviewMetadata(raw: string | undefined): ReviewMetadata | undefined {
  if (!raw || raw.length > 3_000) return undefined;
  try {
    const parsed = ReviewMetadataSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const option = (text: string, value: string): PlainTextOption => ({
  text: txt(text, SLACK_LIMITS.optionText),
  value,
});

function row(f: Finding, offerUnsuppress: boolean, containable: boolean): KnownBlock {
  const sev = severityOf(f);
  const actions = offeredActions(f.state, { unsuppress: offerUnsuppress });
  return {
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: truncate(
        `${sev.icon} *${safeMrkdwn(findingTitle(f), 150)}*\n${code(f.id, 130)} · ${sev.label} · ${stateLabel(f.state)}`,
        SLACK_LIMITS.sectionText,
      ),
    },
    accessory: {
      type: 'overflow',
      action_id: ReviewId.finding,
      // value: "<kind> <finding id>" (an overflow option's value holds 150 characters)
      options: [
        ...actions.map((kind) => option(plain(actionRow(kind).button, 75), `${kind} ${f.id}`)),
        ...(containable ? [option(t('findingReview.contain'), `contain ${f.id}`)] : []),
      ],
    },
  };
}

/**
 * The picks: checkboxes in an actions block, not an input block (a modal with inputs must have a
 * submit button, and Review submits nothing); their state rides with every button's payload.
 */
function pickBlocks(findings: Finding[]): KnownBlock[] {
  return [
    {
      type: 'section',
      text: { type: 'mrkdwn', text: t('findingReview.pick') },
    },
    {
      type: 'actions',
      block_id: ReviewBlockId.pick,
      elements: [
        {
          type: 'checkboxes',
          action_id: ReviewId.pick,
          options: findings.slice(0, REVIEW_PAGE_SIZE).map((f) => option(plain(f.id, 75), f.id)),
        },
      ],
    },
  ];
}

const button = (action_id: string, text: string, value: string) => ({
  type: 'button' as const,
  action_id,
  text: txt(text, 75),
  value,
});

export function renderReview(r: ReviewPage): ModalView {
  const pages = Math.max(1, Math.ceil(r.total / REVIEW_PAGE_SIZE));
  const first = r.page * REVIEW_PAGE_SIZE + 1;
  const last = Math.min(r.total, first + REVIEW_PAGE_SIZE - 1);
  const blocks: KnownBlock[] = [
    {
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: t('findingReview.head', {
            group: code(r.groupId, 80),
            channel: r.channel,
            first: String(first),
            last: String(last),
            total: String(r.total),
            page: String(r.page + 1),
            pages: String(pages),
          }),
        },
      ],
    },
    ...r.findings.map((f) => row(f, r.offerUnsuppress, r.containable?.(f) === true)),
  ];
  if (r.missing.length > 0) {
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: truncate(
            t('findingReview.missing', { ids: r.missing.map((id) => code(id, 80)).join(', ') }),
            2_000,
          ),
        },
      ],
    });
  }
  if (r.findings.length > 0) {
    blocks.push(...pickBlocks(r.findings), {
      type: 'actions',
      block_id: ReviewBlockId.picked,
      elements: [
        button(`${ReviewId.pickedPrefix}snooze`, t('findingReview.snoozePicked'), r.groupId),
        button(`${ReviewId.pickedPrefix}suppress`, t('findingReview.suppressPicked'), r.groupId),
        button(`${ReviewId.pickedPrefix}acceptRisk`, t('findingReview.acceptPicked'), r.groupId),
        {
          ...button(`${ReviewId.pickedPrefix}reopen`, t('findingReview.reopenPicked'), r.groupId),
          confirm: {
            title: txt(t('findingReview.reopenTitle')),
            text: txt(t('findingReview.reopenText'), 300),
            confirm: txt(t('findingReview.reopen'), 30),
            deny: txt(t('findingReview.cancel'), 30),
          },
        },
      ],
    });
  }
  const paging = [
    ...(r.page > 0 ? [button(ReviewId.prev, t('findingReview.previous'), String(r.page - 1))] : []),
    ...(last < r.total ? [button(ReviewId.next, t('findingReview.next'), String(r.page + 1))] : []),
  ];
  if (paging.length > 0) blocks.push({ type: 'actions', block_id: ReviewBlockId.pages, elements: paging });
  return {
    type: 'modal',
    callback_id: ReviewId.callback,
    private_metadata: JSON.stringify({ groupId: r.groupId, page: r.page } satisfies ReviewMetadata),
    title: txt(t('findingReview.title')),
    close: txt(t('findingReview.done')),
    blocks,
  };
}
