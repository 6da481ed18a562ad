import type { KnownBlock, ModalView } from '@slack/types';
import { z } from 'zod';
import { isResourceId } from '../domain/finding-id.js';
import { CATALOG, type MessageKey } from '../i18n/catalog/index.js';
import { t } from '../i18n/speak.js';
import { enumWords } from './finding-details.js';
import { txt } from './forms/form-view.js';
import { HistoryId } from './ids.js';
import { SLACK_LIMITS } from './limits.js';
import { code, mention, safeMrkdwn, slackDate, truncate } from './mrkdwn.js';

/**
 * A finding's history in a modal: the tenant's audit events, newest first, a page at a time —
 * what happened, when (date tokens: each reader sees their own time), who (a Slack mention where
 * Warden could map them, "via Warden" for changes made from Slack), and the state and severity
 * the finding had then. Pure.
 */

export const HISTORY_PAGE_SIZE = 10;

/** Who did it, as far as Warden can tell. */
export type HistoryActor =
  /** A Slack member: the tenant user mapped by email, or the person behind a change made in Warden. */
  | { kind: 'person'; slackUserId: string; viaWarden: boolean; approvedBy?: string | undefined }
  /** A tenant user or principal Warden cannot map to Slack. */
  | { kind: 'tenant'; id: string; name: string | undefined }
  /** Nobody: the tenant itself (a detector, an expiry). */
  | { kind: 'system' };

export interface HistoryEntry {
  at: string | undefined;
  eventType: string | undefined;
  actor: HistoryActor;
  state: string | undefined;
  severity: string | undefined;
  ticketId: string | undefined;
  bulkOperationId: string | undefined;
}

export interface HistoryPage {
  findingId: string;
  entries: readonly HistoryEntry[];
  page: number;
  total: number;
  /** More events exist than Warden read (it reads the newest few hundred). */
  truncated: boolean;
}

const HistoryMetadataSchema = z.object({
  findingId: z.string().refine(isResourceId),
  page: z.number().int().min(0).max(10_000),
});
export type HistoryMetadata = z.output<typeof HistoryMetadataSchema>;

export function parseHistoryMetadata(raw: string | undefined): HistoryMetadata | undefined {
  if (!raw || raw.length > SLACK_LIMITS.privateMetadata) return undefined;
  try {
    const parsed = HistoryMetadataSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** `FINDING_AUDIT_EVENT_TYPE_RISK_ACCEPTANCE_EXPIRED` -> "Risk acceptance expired", in the reader's language; a newer type humanised. */
function eventWords(type: string | undefined): string {
  const key = `historyEvent.${(type ?? '').replace('FINDING_AUDIT_EVENT_TYPE_', '')}`;
  if (key in CATALOG.en) return t(key as MessageKey);
  const words = enumWords(type, 'FINDING_AUDIT_EVENT_TYPE_');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function actorWords(a: HistoryActor): string {
  switch (a.kind) {
    case 'person':
      return t('history.by', {
        who: mention(a.slackUserId),
        approved: a.approvedBy ? t('history.approvedBy', { who: mention(a.approvedBy) }) : '',
        inSlack: a.viaWarden ? t('history.inSlack') : '',
      });
    case 'tenant':
      return t('history.byTenantUser', {
        who: `${a.name ? `${safeMrkdwn(a.name, 80)} ` : ''}${code(a.id, 80)}`,
      });
    case 'system':
      return t('history.byTenant');
  }
}

function entryBlock(e: HistoryEntry): KnownBlock {
  const when = e.at ? slackDate(e.at) : t('history.unknownTime');
  const then = [
    e.state ? t('history.state', { state: enumWords(e.state, 'FINDING_STATE_') }) : '',
    e.severity ? t('history.severity', { severity: enumWords(e.severity, 'FINDING_SEVERITY_') }) : '',
    e.ticketId ? t('history.task', { task: code(e.ticketId, 60) }) : '',
    e.bulkOperationId ? t('history.bulk', { id: code(e.bulkOperationId, 60) }) : '',
  ].filter(Boolean);
  const text = `*${eventWords(e.eventType)}* · ${when} · ${actorWords(e.actor)}${then.length ? `\n_${then.join(' · ')}_` : ''}`;
  return { type: 'section', text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) } };
}

function pager(page: number, pages: number): KnownBlock[] {
  const buttons = [];
  if (page > 0)
    buttons.push({
      type: 'button' as const,
      action_id: HistoryId.prev,
      text: txt(t('history.newer')),
      value: String(page - 1),
    });
  if (page + 1 < pages)
    buttons.push({
      type: 'button' as const,
      action_id: HistoryId.next,
      text: txt(t('history.older')),
      value: String(page + 1),
    });
  return buttons.length ? [{ type: 'actions', block_id: 'history.pages', elements: buttons }] : [];
}

export function renderHistoryModal(h: HistoryPage): ModalView {
  const pages = Math.max(1, Math.ceil(h.total / HISTORY_PAGE_SIZE));
  const page = Math.min(h.page, pages - 1);
  const shown = h.entries.slice(page * HISTORY_PAGE_SIZE, (page + 1) * HISTORY_PAGE_SIZE);
  const head = t('history.head', {
    finding: code(h.findingId, 130),
    count: h.total,
    truncated: h.truncated ? t('history.truncated') : '',
    page: String(page + 1),
    pages: String(pages),
  });
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: truncate(head, SLACK_LIMITS.sectionText) } },
    { type: 'divider' },
    ...(shown.length
      ? shown.map(entryBlock)
      : [
          {
            type: 'section' as const,
            text: { type: 'mrkdwn' as const, text: t('history.none') },
          },
        ]),
    ...pager(page, pages),
  ];
  return {
    type: 'modal',
    callback_id: HistoryId.callback,
    private_metadata: JSON.stringify({ findingId: h.findingId, page } satisfies HistoryMetadata),
    title: txt(t('history.title')),
    close: txt(t('history.close')),
    blocks,
  };
}
