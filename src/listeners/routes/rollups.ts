import { bulkFormKindOf, parseBulkForm, parseBulkMetadata } from '../../blockkit/forms/bulk.js';
import { BULK_FORM_KINDS, bulkCallbackId, RollupId } from '../../blockkit/ids.js';
import { asBulkChange } from '../../domain/bulk-change.js';
import { isResourceId } from '../../domain/finding-id.js';
import { maxDaysOf } from '../../usecases/findings/open-action-modal.js';
import { openReview } from '../../usecases/review/review-group.js';
import { openGroupForm, submitGroupAction } from '../../usecases/rollups/act-on-group.js';
import { openRollupCard } from '../../usecases/rollups/open-rollup-card.js';
import { inChannel, inGroup } from '../access.js';
import { action, type Click, view } from '../route.js';
import { findingIdOf } from './findings.js';

/** A summary button's value: the roll-up's id. */
const groupIdOf = (c: Click): string | undefined => (isResourceId(c.value) ? c.value : undefined);

const FORM_BUTTONS = {
  [RollupId.snoozeAll]: 'snooze',
  [RollupId.suppressAll]: 'suppress',
  [RollupId.acceptAll]: 'acceptRisk',
} as const;
const isFormButton = (id: string): id is keyof typeof FORM_BUTTONS => id in FORM_BUTTONS;

/** A roll-up summary's buttons, the bulk forms they open, and Open card in its thread. */
export const ROLLUP_ROUTES = [
  action({
    ids: [RollupId.review],
    what: 'open Review',
    value: groupIdOf,
    belongs: (group) => ({ group }),
    modal: 'open',
    access: (p, groupId, c) => inGroup(p, 'show', groupId, c.userId),
    run: (p, groupId, c) => openReview(p, { groupId, userId: c.userId, ref: c.ref, viewId: c.viewId ?? '' }),
  }),
  action({
    ids: [RollupId.reopenAll],
    what: 'reopen the roll-up',
    value: groupIdOf,
    belongs: (group) => ({ group }),
    access: (p, groupId, c) => inGroup(p, 'reopen', groupId, c.userId),
    run: (p, groupId, c) =>
      submitGroupAction(p, { groupId, userId: c.userId, ref: c.ref, action: { kind: 'reopen' } }),
  }),
  action({
    ids: Object.keys(FORM_BUTTONS),
    what: 'open the form',
    value: (c) => {
      const groupId = groupIdOf(c);
      return groupId && isFormButton(c.actionId) ? { groupId, kind: FORM_BUTTONS[c.actionId] } : undefined;
    },
    belongs: (v) => ({ group: v.groupId }),
    modal: 'open',
    access: (p, v, c) => inGroup(p, v.kind, v.groupId, c.userId),
    run: (p, v, c) => openGroupForm(p, { ...v, userId: c.userId, ref: c.ref, viewId: c.viewId ?? '' }),
  }),
  action({
    ids: [RollupId.openCard],
    what: 'show the finding',
    value: findingIdOf,
    belongs: (listed) => ({ listed }),
    access: (_p, findingId, c) =>
      inChannel('show', { userId: c.userId, channel: c.audience.channel }, findingId),
    run: (p, findingId, c) =>
      openRollupCard(p, { findingId, userId: c.userId, audience: c.audience, ref: c.ref }),
  }),
  view({
    callbackIds: BULK_FORM_KINDS.map(bulkCallbackId),
    what: 'change the roll-up',
    read: (p, s) => {
      const kind = bulkFormKindOf(s.callbackId);
      const meta = parseBulkMetadata(s.metadata || undefined);
      if (!kind || !meta) return { ok: false, unreadable: true };
      const now = new Date(p.clock());
      const result = parseBulkForm(kind, s.values, meta, now, maxDaysOf(p, kind), p.settings.closureReasons);
      if (!result.ok) return result;
      const change = asBulkChange(result.action);
      if (!change || change.kind === 'assignOwner') return { ok: false, errors: {} };
      return { ok: true, value: { change, meta }, audience: (user) => ({ channel: user, user }) };
    },
    // A form stacked on Review closes both: the outcome is told in the roll-up's thread.
    clear: ({ meta }) => meta.findingIds !== undefined,
    access: (p, { change, meta }, s) => inGroup(p, change.kind, meta.groupId, s.userId),
    run: (p, { change, meta }, s) =>
      submitGroupAction(p, {
        action: change,
        groupId: meta.groupId,
        findingIds: meta.findingIds,
        userId: s.userId,
        ref: s.ref,
      }),
  }),
];
