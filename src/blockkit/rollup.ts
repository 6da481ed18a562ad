import type { KnownBlock } from '@slack/types';
import { t } from '../i18n/speak.js';
import type { Finding } from '../model/finding.js';
import type { RenderedMessage } from './finding.js';
import { findingTitle } from './finding-details.js';
import { severityOf, stateLabel } from './finding-state.js';
import { RollupId } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, plain, safeMrkdwn, slackDate, truncate } from './mrkdwn.js';
import { spokenLabel } from './plain-text.js';

/**
 * A roll-up in Slack: one summary message for many findings of a channel (counts, what is new,
 * and the group's buttons), and the thread listing them in batches, each with a way to its card.
 */

export interface RollupSummary {
  groupId: string;
  /** The members as the tenant has them now (or as they arrived, before any read-back). */
  findings: Finding[];
  /** Members the tenant did not return (their ids). */
  unread: number;
  /** Members added since the summary was last published. */
  newSince: number;
  since: Date;
  now: Date;
}

/** Findings in a listing message: 25 sections fit Block Kit's 50 blocks with room to spare. */
export const LISTING_BATCH = 25;

function tally<T>(items: T[], key: (t: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** "3 × Unused secret, 2 × …": the 8 largest, then how many more kinds. */
function line(counts: [string, number][], max = 8): string {
  const shown = counts.slice(0, max).map(([k, n]) => `${n} × ${k}`);
  return counts.length > max
    ? `${shown.join(' · ')} · ${t('rollup.andMore', { count: counts.length - max })}`
    : shown.join(' · ');
}

const severityLabel = (f: Finding) => {
  const s = severityOf(f);
  return `${s.icon} ${s.label}`;
};

export function renderRollupSummary(s: RollupSummary): RenderedMessage {
  const total = s.findings.length + s.unread;
  const head = t('rollup.head', { total, since: slackDate(s.since) });
  const rows = [
    t('rollup.bySeverity', { line: line(tally(s.findings, severityLabel)) }),
    t('rollup.byType', { line: line(tally(s.findings, (f) => safeMrkdwn(findingTitle(f), 60))) }),
    t('rollup.byApp', {
      line: line(tally(s.findings, (f) => (f.appId ? code(f.appId, 60) : t('rollup.noApp')))),
    }),
    t('rollup.byState', { line: line(tally(s.findings, (f) => stateLabel(f.state))) }),
  ];
  if (s.newSince > 0) rows.push(t('rollup.newSince', { count: s.newSince }));
  if (s.unread > 0) rows.push(t('rollup.unread', { count: s.unread }));
  const button = (action_id: string, text: string, extra: object = {}) => ({
    type: 'button' as const,
    action_id,
    text: { type: 'plain_text' as const, text },
    value: s.groupId,
    ...extra,
  });
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: truncate(head, SLACK_LIMITS.sectionText) } },
    { type: 'section', text: { type: 'mrkdwn', text: truncate(rows.join('\n'), SLACK_LIMITS.sectionText) } },
    {
      type: 'actions',
      block_id: `rollup.actions`,
      elements: [
        button(RollupId.review, t('rollup.review'), { style: 'primary' }),
        button(RollupId.snoozeAll, t('rollup.snoozeAll')),
        button(RollupId.acceptAll, t('rollup.acceptAll')),
        button(RollupId.suppressAll, t('rollup.suppressAll'), { style: 'danger' }),
        button(RollupId.reopenAll, t('rollup.reopenAll'), {
          confirm: {
            title: { type: 'plain_text', text: t('rollup.reopenConfirmTitle') },
            text: { type: 'plain_text', text: t('rollup.reopenConfirm', { total }) },
            confirm: { type: 'plain_text', text: t('rollup.reopenAll') },
            deny: { type: 'plain_text', text: t('form.cancel') },
          },
        }),
      ],
    },
    {
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: t('rollup.context', { group: code(s.groupId, 80), updated: slackDate(s.now) }),
        },
      ],
    },
  ];
  return { text: t('rollup.text', { total, group: s.groupId }), blocks };
}

/** One batch of the thread listing: id, title, severity, and Open card. */
export function renderRollupListing(findings: Finding[], from: number): RenderedMessage {
  const blocks: KnownBlock[] = findings.slice(0, LISTING_BATCH).map((f) => ({
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: truncate(
        `${severityLabel(f)} · *${safeMrkdwn(findingTitle(f), 150)}*\n${code(f.id, 130)}`,
        3_000,
      ),
    },
    accessory: {
      type: 'button',
      action_id: RollupId.openCard,
      text: { type: 'plain_text', text: plain(t('find.openCard'), 75) },
      accessibility_label: spokenLabel(t('find.openCard'), `${findingTitle(f)}, ${f.id}`),
      value: f.id,
    },
  }));
  const to = from + findings.length - 1;
  return {
    text: safeMrkdwn(t('rollup.listingText', { from, to, ids: findings.map((f) => f.id).join(', ') }), 3_000),
    blocks,
  };
}

/** A roll-up Warden no longer knows (swept, or a forged id). */
export const goneRollup = (): string => t('rollup.gone');
