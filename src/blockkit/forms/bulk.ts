import type { KnownBlock, ModalView } from '@slack/types';
import { z } from 'zod';
import type { ClosureReason } from '../../domain/closure.js';
import { isResourceId } from '../../domain/finding-id.js';
import { isKnownTimeZone } from '../../domain/when.js';
import { t } from '../../i18n/speak.js';
import { BULK_FORM_KINDS, BULK_PREFIX, bulkCallbackId } from '../ids.js';
import { SLACK_LIMITS } from '../limits.js';
import { code } from '../mrkdwn.js';
import { acceptRiskFields, acceptRiskForm } from './accept-risk.js';
import type { SubmissionResult } from './form-state.js';
import { txt } from './form-view.js';
import { snoozeFields, snoozeForm } from './snooze.js';
import { suppressFields, suppressForm } from './suppress.js';

/**
 * The forms that act on many findings at once (a roll-up's group, or the findings picked in
 * Review): the same inputs and the same checks as the one-finding forms, another heading.
 */

export type BulkFormKind = (typeof BULK_FORM_KINDS)[number];

/** What a bulk form carries to its submission (validated on the way back). */
export interface BulkMetadata {
  groupId: string;
  /** The findings picked in Review; absent: the whole group. */
  findingIds?: string[];
  tz: string;
}

export interface BulkFormContext {
  meta: BulkMetadata;
  /** How many findings it acts on. */
  count: number;
  channel: string;
  maxDays: number;
  /** Four-eyes: an acceptance goes to an approver first. */
  approvers: string | undefined;
  /** Why findings are closed (Suppress all…): WARDEN_CONFIG `closure.reasons`. */
  closureReasons: readonly ClosureReason[];
}

/** Functions, not constants: the words are read in the scope's language when the form renders. */
const TITLES: Record<BulkFormKind, () => { title: string; submit: string }> = {
  snooze: () => ({ title: t('bulkForm.snoozeTitle'), submit: t('bulkForm.snoozeSubmit') }),
  suppress: () => ({ title: t('bulkForm.suppressTitle'), submit: t('bulkForm.suppressSubmit') }),
  acceptRisk: () => ({ title: t('form.acceptRisk'), submit: t('form.acceptRisk') }),
};

const HEADS = {
  snooze: 'bulkForm.snoozeHead',
  suppress: 'bulkForm.suppressHead',
  acceptRisk: 'bulkForm.acceptRiskHead',
} as const satisfies Record<BulkFormKind, string>;

const FIELDS: Record<BulkFormKind, (maxDays: number, tz: string) => KnownBlock[]> = {
  snooze: snoozeFields,
  suppress: () => [],
  acceptRisk: acceptRiskFields,
};

export function renderBulkForm(kind: BulkFormKind, ctx: BulkFormContext): ModalView {
  const fourEyes =
    kind === 'acceptRisk' && ctx.approvers ? `\n${t('bulkForm.fourEyes', { approvers: ctx.approvers })}` : '';
  const said = t(HEADS[kind], {
    count: ctx.count,
    source: ctx.meta.findingIds ? 'review' : 'group',
    group: code(ctx.meta.groupId, 80),
    channel: ctx.channel,
  });
  const head: KnownBlock = { type: 'section', text: { type: 'mrkdwn', text: `${said}${fourEyes}` } };
  const words = TITLES[kind]();
  return {
    type: 'modal',
    callback_id: bulkCallbackId(kind),
    private_metadata: JSON.stringify(ctx.meta),
    title: txt(words.title),
    submit: txt(words.submit, SLACK_LIMITS.modalSubmit),
    close: txt(t('form.cancel')),
    blocks: [
      head,
      ...(kind === 'suppress' ? suppressFields(ctx.closureReasons) : FIELDS[kind](ctx.maxDays, ctx.meta.tz)),
    ],
  };
}

/** The same checks as the one-finding forms (their parsers, fed the person's time zone). */
export function parseBulkForm(
  kind: BulkFormKind,
  values: unknown,
  meta: BulkMetadata,
  now: Date,
  maxDays: number,
  closureReasons: readonly ClosureReason[],
): SubmissionResult {
  const asOne = { findingId: meta.groupId, tz: meta.tz };
  switch (kind) {
    case 'snooze':
      return snoozeForm.parse(values, asOne, now, maxDays);
    case 'acceptRisk':
      return acceptRiskForm.parse(values, asOne, now, maxDays);
    case 'suppress':
      return suppressForm.parse(values, asOne, now, maxDays, closureReasons);
  }
}

/** The picks a form can carry: one Review page's worth (a checkbox group holds 10). */
const MAX_PICKED = 10;

const BulkMetadataSchema = z.object({
  groupId: z.string().refine(isResourceId),
  findingIds: z.array(z.string().refine(isResourceId)).min(1).max(MAX_PICKED).optional(),
  tz: z.string().max(64),
});

export function parseBulkMetadata(raw: string | undefined): BulkMetadata | undefined {
  if (!raw || raw.length > 3_000) return undefined;
  try {
    const parsed = BulkMetadataSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return undefined;
    const { groupId, findingIds, tz } = parsed.data;
    return { groupId, tz: isKnownTimeZone(tz) ? tz : 'UTC', ...(findingIds ? { findingIds } : {}) };
  } catch {
    return undefined;
  }
}

export function bulkFormKindOf(callbackId: string): BulkFormKind | undefined {
  return BULK_FORM_KINDS.find((k) => `${BULK_PREFIX}${k}` === callbackId);
}
