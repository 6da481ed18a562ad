import type { Button, KnownBlock } from '@slack/types';
import type { AppCount, CampaignEntitlements, EntitlementRow } from '../domain/entitlements.js';
import type { DescribedScope, ScopeLine } from '../domain/scope.js';
import { t } from '../i18n/speak.js';
import type { RenderedMessage } from './finding.js';
import { CampaignActionId, CampaignBlockId } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, plain, safeMrkdwn, truncate } from './mrkdwn.js';

/** Entitlements per page: about 40 lines keeps a page within a few sections and 50 blocks. */
export const CAMPAIGN_PAGE_SIZE = 40;

export interface CampaignRenderContext {
  campaignId: string;
  /** Zero-based; clamped into range. */
  page: number;
  /** A copy posted for the channel: no paging or share buttons. */
  shared?: { by: string };
  pageSize?: number;
}

/** What rides in a campaign button's value (parsed back and re-checked on click). */
export interface CampaignButtonValue {
  c: string;
  p: number;
}

function lineText(line: ScopeLine): string {
  return truncate(
    line.map((part) => (typeof part === 'string' ? safeMrkdwn(part, 600) : code(part.code, 500))).join(''),
    1_500,
  );
}

/** Packs lines into as few sections as fit Slack's 3,000-character limit. */
function sections(lines: string[]): KnownBlock[] {
  const out: KnownBlock[] = [];
  let current = '';
  for (const line of lines) {
    const next = current ? `${current}\n${line}` : line;
    if (next.length > SLACK_LIMITS.sectionText && current) {
      out.push({ type: 'section', text: { type: 'mrkdwn', text: current } });
      current = truncate(line, SLACK_LIMITS.sectionText);
    } else current = truncate(next, SLACK_LIMITS.sectionText);
  }
  if (current) out.push({ type: 'section', text: { type: 'mrkdwn', text: current } });
  return out;
}

function scopeLines(scope: DescribedScope): string[] {
  return scope.groups.map((g) => {
    const body = g.lines.map(lineText);
    const warning = g.warning ? `\n:warning: _${safeMrkdwn(g.warning, 400)}_` : '';
    return body.length === 1
      ? `*${g.title}:* ${body[0]}${warning}`
      : `*${g.title}:*\n${body.map((b) => `• ${b}`).join('\n')}${warning}`;
  });
}

function entitlementLine(row: EntitlementRow): string {
  const name = row.entitlementName !== row.entitlementId ? `${safeMrkdwn(row.entitlementName, 120)} ` : '';
  const policy = row.policyName
    ? ` · ${row.policyName === row.policyId ? code(row.policyId, 60) : safeMrkdwn(row.policyName, 80)}`
    : '';
  const custom = row.customPolicyId
    ? ` · :pushpin: ${t('campaign.customPolicy')} ${code(row.customPolicyId, 60)}`
    : '';
  return `• ${name}${code(row.entitlementId, 80)}${policy}${custom}`;
}

function pageLines(rows: EntitlementRow[]): string[] {
  const lines: string[] = [];
  let app: string | undefined;
  for (const row of rows) {
    if (row.appId !== app) {
      app = row.appId;
      const named = row.appName && row.appName !== row.appId ? `${safeMrkdwn(row.appName, 120)} ` : '';
      lines.push(`*${named}${code(row.appId || t('campaign.unknownApp'), 80)}*`);
    }
    lines.push(entitlementLine(row));
  }
  return lines;
}

/** At most this many sections name the apps; a campaign with more says how many more (the CSV has all). */
const APP_SECTIONS = 3;

/** Every app and its count, for the first page: several per line, as few sections as fit. */
function appLines(apps: readonly AppCount[]): string[] {
  const names = apps.map((a) => {
    const named = a.appName && a.appName !== a.appId ? safeMrkdwn(a.appName, 80) : code(a.appId || '?', 60);
    return `${named} (${a.count})`;
  });
  const lines: string[] = [];
  let line = '';
  for (const [i, name] of names.entries()) {
    const next = line ? `${line} · ${name}` : name;
    if (next.length > 600) {
      lines.push(line);
      line = name;
    } else line = next;
    const shown = lines.join('\n').length + line.length;
    if (shown > APP_SECTIONS * SLACK_LIMITS.sectionText - 700 && i < names.length - 1) {
      lines.push(t('campaign.moreApps', { line, count: names.length - i - 1 }));
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function pageButton(text: string, back: boolean, campaignId: string, page: number, primary = false): Button {
  const value: CampaignButtonValue = { c: campaignId, p: page };
  return {
    type: 'button',
    action_id: back ? CampaignActionId.prev : CampaignActionId.next,
    text: { type: 'plain_text', text },
    value: JSON.stringify(value),
    ...(primary ? { style: 'primary' as const } : {}),
  };
}

export function pageCount(total: number, pageSize = CAMPAIGN_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * A campaign's scope in plain words and one page of its selected entitlements, grouped by app,
 * with Previous / Next, "page N of M", Download CSV (more than one page) and Share in channel.
 * Pure; one page costs a slice of the rows, however many there are.
 */
export function renderCampaign(
  scope: DescribedScope,
  ents: CampaignEntitlements,
  ctx: CampaignRenderContext,
): RenderedMessage {
  const size = ctx.pageSize ?? CAMPAIGN_PAGE_SIZE;
  const pages = pageCount(ents.rows.length, size);
  const page = Math.min(Math.max(0, Math.trunc(ctx.page)), pages - 1);
  const rows = ents.rows.slice(page * size, (page + 1) * size);
  const id = ctx.campaignId;
  const blocks: KnownBlock[] = [
    {
      type: 'header',
      text: { type: 'plain_text', text: plain(t('campaign.header', { id }), SLACK_LIMITS.headerText) },
    },
  ];
  if (ctx.shared) {
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: t('campaign.sharedBy', { user: ctx.shared.by }) }],
    });
  }
  blocks.push(...sections([t('campaign.scope'), ...scopeLines(scope)]), { type: 'divider' });
  const deleted =
    ents.deleted.length > 0 ? ` ${t('campaign.deleted', { count: String(ents.deleted.length) })}` : '';
  const total = ents.rows.length;
  blocks.push({
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: t('campaign.selected', { total: String(total), apps: ents.appCount, deleted }),
    },
  });
  if (page === 0 && ents.apps.length > 0) {
    const [first = '', ...rest] = appLines(ents.apps);
    blocks.push(...sections([t('campaign.byApp', { first }), ...rest]));
  }
  if (total === 0) {
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: t('campaign.none') } });
  } else {
    blocks.push(...sections(pageLines(rows)));
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: t('campaign.pageOf', {
            page: page + 1,
            pages,
            from: String(page * size + 1),
            to: String(page * size + rows.length),
            total: String(total),
          }),
        },
      ],
    });
  }
  if (!ctx.shared) {
    const buttons: Button[] = [];
    if (page > 0) buttons.push(pageButton(t('campaign.previous'), true, id, page - 1));
    if (page < pages - 1) buttons.push(pageButton(t('campaign.next'), false, id, page + 1, true));
    const value = JSON.stringify({ c: id, p: page } satisfies CampaignButtonValue);
    if (pages > 1)
      buttons.push({
        type: 'button',
        action_id: CampaignActionId.csv,
        text: { type: 'plain_text', text: t('campaign.csv') },
        value,
      });
    buttons.push({
      type: 'button',
      action_id: CampaignActionId.share,
      text: { type: 'plain_text', text: t('campaign.share') },
      value,
    });
    blocks.push({ type: 'actions', block_id: CampaignBlockId.actions, elements: buttons });
  }
  const text = t('campaign.text', { id: safeMrkdwn(id, 130), total: String(total), page: page + 1, pages });
  return { text, blocks };
}
