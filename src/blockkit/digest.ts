import type { KnownBlock } from '@slack/types';
import type { EndingAction } from '../domain/ends.js';
import { t } from '../i18n/speak.js';
import type { RenderedMessage } from './finding.js';
import { enumWords } from './finding-details.js';
import { SLACK_LIMITS } from './limits.js';
import { code, mention, safeMrkdwn, slackDate, truncate } from './mrkdwn.js';
import { digestEndingLine } from './reminder.js';

/**
 * A channel's daily digest: open findings by severity (from the tenant's search), what arrived
 * since the last digest, what ends within seven days, the approvals waiting; each finding linked
 * to its card. Pure.
 */

/** A finding named in the digest, with a link to its card when there is one. */
export interface DigestItem {
  findingId: string;
  link: string | undefined;
}

export interface DigestData {
  /** When the digest is for (its due time). */
  at: number;
  open:
    | {
        ok: true;
        bySeverity: { severity: string; count: number }[];
        total: number;
        capped: boolean;
        minSeverity?: string | undefined;
      }
    | { ok: false };
  arrived: { count: number; since: number | undefined; items: DigestItem[] };
  ending: (DigestItem & { action: EndingAction; endsAt: number })[];
  approvals: { count: number; items: (DigestItem & { requesterId: string; subject: string })[] };
}

/** Each list names at most this many; the count says the rest. */
export const DIGEST_LISTED = 10;

const SEVERITY_ICON: Record<string, string> = {
  FINDING_SEVERITY_CRITICAL: '🔴',
  FINDING_SEVERITY_HIGH: '🟠',
  FINDING_SEVERITY_MEDIUM: '🟡',
  FINDING_SEVERITY_LOW: '🔵',
  FINDING_SEVERITY_INFO: '⚪',
};

const linked = (i: DigestItem) =>
  i.link ? `<${i.link}|${safeMrkdwn(i.findingId, 80)}>` : code(i.findingId, 80);
const more = (shown: number, all: number) =>
  all > shown ? t('digest.more', { count: String(all - shown) }) : '';
const section = (text: string): KnownBlock => ({
  type: 'section',
  text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) },
});

function openLine(d: DigestData): string {
  if (!d.open.ok) return t('digest.openUnknown');
  const { bySeverity, total, capped, minSeverity } = d.open;
  const counts = bySeverity
    .filter((s) => s.count > 0)
    .map(
      (s) => `${SEVERITY_ICON[s.severity] ?? '⚫'} ${s.count} ${enumWords(s.severity, 'FINDING_SEVERITY_')}`,
    );
  const values = {
    total: `${total}${capped ? '+' : ''}`,
    counts: counts.length ? ` — ${counts.join(' · ')}` : '',
  };
  return minSeverity
    ? t('digest.openFloor', { ...values, severity: enumWords(minSeverity, 'FINDING_SEVERITY_') })
    : t('digest.open', values);
}

export function renderDigest(d: DigestData): RenderedMessage {
  const arrivedCount = String(d.arrived.count);
  const arrivedHead = d.arrived.since
    ? t('digest.arrivedSince', { when: slackDate(new Date(d.arrived.since)), count: arrivedCount })
    : t('digest.arrivedDay', { count: arrivedCount });
  const arrived = d.arrived.items.map(linked).join(', ');
  const ending = d.ending.slice(0, DIGEST_LISTED).map((e) => digestEndingLine(e.action, linked(e), e.endsAt));
  const approvals = d.approvals.items
    .slice(0, DIGEST_LISTED)
    .map((a) =>
      a.link
        ? t('digest.approvalLink', { subject: a.subject, requester: mention(a.requesterId), link: a.link })
        : t('digest.approval', { subject: a.subject, requester: mention(a.requesterId) }),
    );
  const blocks: KnownBlock[] = [
    {
      type: 'header',
      text: { type: 'plain_text', text: t('digest.header'), emoji: true },
    },
    {
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: t('digest.for', { when: slackDate(new Date(d.at), '{date_long_pretty}') }) },
      ],
    },
    section(openLine(d)),
    section(`${arrivedHead}${arrived ? `\n${arrived}${more(d.arrived.items.length, d.arrived.count)}` : ''}`),
    section(
      `${t('digest.ending', { count: String(d.ending.length) })}${ending.length ? `\n${ending.join('\n')}${more(ending.length, d.ending.length)}` : ''}`,
    ),
    section(
      `${t('digest.approvals', { count: String(d.approvals.count) })}${approvals.length ? `\n${approvals.join('\n')}${more(approvals.length, d.approvals.count)}` : ''}`,
    ),
  ];
  const total = d.open.ok ? t('digest.totalOpen', { count: String(d.open.total) }) : t('digest.totalUnknown');
  return {
    text: t('digest.text', {
      total,
      arrived: String(d.arrived.count),
      ending: String(d.ending.length),
      approvals: String(d.approvals.count),
    }),
    blocks,
  };
}
