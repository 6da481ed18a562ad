import type { Button, KnownBlock } from '@slack/types';
import type { ReviewCampaign, ReviewerProgress, ReviewGroup, ReviewTask } from '../domain/access-review.js';
import { t } from '../i18n/speak.js';
import { AccessReviewId } from './access-review-ids.js';
import { reviewWords as w } from './access-review-words.js';
import { SLACK_LIMITS } from './limits.js';
import { plain, truncate } from './mrkdwn.js';

/**
 * Access reviews' messages and the Home tab's section (pure): the link prompt, the notice when a
 * campaign gives a person work and its reminders (a Review… button per app), the tenant's step-up
 * ask, and a campaign's tracker (done / left / overdue by reviewer).
 */

export interface RenderedMessage {
  text: string;
  blocks: KnownBlock[];
}

const section = (text: string): KnownBlock => ({
  type: 'section',
  text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) },
});
const button = (text: string, actionId: string, value: string, style?: 'primary'): Button => ({
  type: 'button',
  text: { type: 'plain_text', text: plain(text, SLACK_LIMITS.buttonText) },
  action_id: actionId,
  value,
  ...(style ? { style } : {}),
});
export const groupValue = (g: { campaignId: string; appId: string }) =>
  JSON.stringify({ c: g.campaignId, a: g.appId });

export function linkPrompt(text: string): RenderedMessage {
  return {
    text,
    blocks: [
      section(text),
      {
        type: 'actions',
        elements: [button(t('review.linkButton'), AccessReviewId.link, 'link', 'primary')],
      },
    ],
  };
}

/** One campaign's work for a person: a line per app with its Review… button (at most 20 apps). */
export function workMessage(text: string, groups: readonly ReviewGroup[]): RenderedMessage {
  const shown = groups.slice(0, 20);
  return {
    text,
    blocks: [
      section(text),
      ...shown.map(
        (g): KnownBlock => ({
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: truncate(
              t('review.appLine', { app: w.app(g), count: g.tasks.length }),
              SLACK_LIMITS.sectionText,
            ),
          },
          accessory: button(t('review.reviewButton'), AccessReviewId.open, groupValue(g)),
        }),
      ),
      ...(groups.length > shown.length ? [section(w.more(groups.length - shown.length))] : []),
    ],
  };
}

export function stepUpAsk(url: string, task: ReviewTask): RenderedMessage {
  const text = w.stepUpAsked(url);
  const value = JSON.stringify({ t: task.id, s: task.stepId, c: task.campaignId, a: task.appId });
  return {
    text,
    blocks: [
      section(`${text}\n${w.taskLine(task)}`),
      {
        type: 'actions',
        elements: [button(t('review.verifiedButton'), AccessReviewId.verified, value, 'primary')],
      },
    ],
  };
}

export interface TrackerRow extends ReviewerProgress {
  slackUserId: string | undefined;
  name: string | undefined;
}

/** A campaign's tracker: totals, then a line per reviewer (most left first; at most 40 lines). */
export function trackerMessage(c: ReviewCampaign, rows: readonly TrackerRow[], now: number): RenderedMessage {
  const done = rows.reduce((n, r) => n + r.done, 0);
  const left = rows.reduce((n, r) => n + r.left, 0);
  const title = w.trackerTitle(w.campaign({ campaignName: c.name ?? c.id }));
  const lines = rows
    .slice(0, 40)
    .map((r) => w.trackerLine(w.reviewer(r.slackUserId, r.name), r.done, r.left, r.overdue));
  const text = `${title}: ${w.trackerTotals(done, left, c.dueAt, c.state === 'closed')}`;
  return {
    text,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: plain(title, SLACK_LIMITS.headerText) } },
      section(w.trackerTotals(done, left, c.dueAt, c.state === 'closed')),
      section(lines.length ? lines.join('\n') : w.trackerNobody()),
      ...(rows.length > 40 ? [section(w.more(rows.length - 40))] : []),
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: t('review.updated', {
              date: `<!date^${Math.floor(now / 1000)}^{date_short} {time}|${new Date(now).toISOString()}>`,
            }),
          },
        ],
      },
    ],
  };
}

/** The Home tab's section: the link prompt, or the person's groups (at most `max`). */
export type ReviewHome =
  | { linked: false }
  | { linked: true; clientName: string; groups: readonly ReviewGroup[] | undefined };

export function renderReviewHome(h: ReviewHome, max = 10): KnownBlock[] {
  const header: KnownBlock = { type: 'header', text: { type: 'plain_text', text: w.homeHeader() } };
  if (!h.linked)
    return [
      header,
      {
        type: 'section',
        text: { type: 'mrkdwn', text: w.homeLinkPrompt() },
        accessory: button(t('review.linkShort'), AccessReviewId.link, 'link', 'primary'),
      },
    ];
  const groups = h.groups;
  const body: KnownBlock[] =
    groups === undefined
      ? [section(w.homeUnavailable())]
      : groups.length === 0
        ? [section(w.homeNothing())]
        : [
            ...groups.slice(0, max).map(
              (g): KnownBlock => ({
                type: 'section',
                text: {
                  type: 'mrkdwn',
                  text: truncate(
                    w.homeGroup(w.campaign(g), w.app(g), g.tasks.length, g.dueAt),
                    SLACK_LIMITS.sectionText,
                  ),
                },
                accessory: button(t('review.reviewButton'), AccessReviewId.open, groupValue(g), 'primary'),
              }),
            ),
            ...(groups.length > max ? [section(w.more(groups.length - max))] : []),
          ];
  return [
    header,
    ...body,
    { type: 'context', elements: [{ type: 'mrkdwn', text: w.homeLinkedAs(h.clientName) }] },
  ];
}
