import { z } from 'zod';
import { isFormKind } from '../../blockkit/action-table.js';
import { BULK_FORM_KINDS, ReviewBlockId, ReviewId } from '../../blockkit/ids.js';
import { parseReviewMetadata } from '../../blockkit/review.js';
import { FINDING_ACTION_KINDS } from '../../domain/actions.js';
import { isResourceId } from '../../domain/finding-id.js';
import { openContainForm } from '../../usecases/contain/open-contain.js';
import {
  actOnReviewedFinding,
  openPickedForm,
  reopenPicked,
  turnReviewPage,
} from '../../usecases/review/review-group.js';
import { inGroup } from '../access.js';
import { action, type Click } from '../route.js';

const PicksSchema = z.record(
  z.string(),
  z.record(
    z.string(),
    z.looseObject({ selected_options: z.array(z.looseObject({ value: z.string() })).nullish() }),
  ),
);

/** The finding ids ticked on the page (only well-formed ids; membership is checked later). */
function picksOf(values: unknown): string[] {
  const parsed = PicksSchema.safeParse(values);
  const options = parsed.success
    ? parsed.data[ReviewBlockId.pick]?.[ReviewId.pick]?.selected_options
    : undefined;
  return (options ?? [])
    .map((o) => o.value)
    .filter(isResourceId)
    .slice(0, 10);
}

/** A click inside Review: the modal's roll-up and page, from its metadata. */
function reviewOf(c: Click) {
  const meta = c.view ? parseReviewMetadata(c.view.metadata || undefined) : undefined;
  return meta && c.view ? { groupId: meta.groupId, page: meta.page, viewId: c.view.id } : undefined;
}

const pickedId = (kind: string) => `${ReviewId.pickedPrefix}${kind}`;
const FORM_KINDS = BULK_FORM_KINDS;

/** Paging, the picks, the bulk buttons for the picks and each finding's overflow, inside Review. */
export const REVIEW_ROUTES = [
  action({
    ids: [ReviewId.pick],
    what: 'pick the finding',
    value: () => true,
    access: { none: 'ticking a box is state for later clicks: it changes nothing' },
    run: async () => undefined,
  }),
  action({
    ids: [ReviewId.prev, ReviewId.next],
    what: 'turn the page',
    value: (c) => {
      const r = reviewOf(c);
      const to = Number(c.value);
      return r && Number.isInteger(to) && to >= 0 && to <= 100_000 ? { ...r, to } : undefined;
    },
    access: (p, r, c) => inGroup(p, 'show', r.groupId, c.userId),
    run: (p, r, c) =>
      turnReviewPage(p, { groupId: r.groupId, userId: c.userId, ref: c.ref, viewId: r.viewId, page: r.to }),
  }),
  action({
    ids: FORM_KINDS.map(pickedId),
    what: 'open the form',
    value: (c) => {
      const r = reviewOf(c);
      const kind = FORM_KINDS.find((k) => pickedId(k) === c.actionId);
      return r && kind ? { ...r, kind, picked: picksOf(c.view?.values) } : undefined;
    },
    modal: 'push',
    access: (p, r, c) => inGroup(p, r.kind, r.groupId, c.userId),
    run: (p, r, c) => openPickedForm(p, { ...r, userId: c.userId, ref: c.ref, formViewId: c.viewId ?? '' }),
  }),
  action({
    ids: [pickedId('reopen')],
    what: 'reopen the findings',
    value: (c) => {
      const r = reviewOf(c);
      return r ? { ...r, picked: picksOf(c.view?.values) } : undefined;
    },
    access: (p, r, c) => inGroup(p, 'reopen', r.groupId, c.userId),
    run: (p, r, c) => reopenPicked(p, { ...r, userId: c.userId, ref: c.ref, triggerId: c.triggerId }),
  }),
  action({
    ids: [ReviewId.finding],
    what: 'act on the finding',
    value: (c) => {
      const r = reviewOf(c);
      const [kindText = '', findingId = ''] = c.value.split(' ');
      // Contain… in the menu: its own form (usecases/contain/), pushed over Review.
      if (r && kindText === 'contain' && isResourceId(findingId))
        return { ...r, kind: 'contain' as const, findingId };
      const kind = FINDING_ACTION_KINDS.find((k) => k === kindText);
      return r && kind && isResourceId(findingId) ? { ...r, kind, findingId } : undefined;
    },
    belongs: (r) => ({ member: r.findingId, of: r.groupId }),
    modal: (r) => (r.kind === 'contain' || isFormKind(r.kind) ? 'push' : undefined),
    access: async (p, r, c) => {
      const granted = await inGroup(p, r.kind, r.groupId, c.userId);
      return 'kind' in granted && granted.kind === 'act' ? { ...granted, findingId: r.findingId } : granted;
    },
    run: async (p, r, c) => {
      if (r.kind === 'contain') {
        const group = await p.rollups.get(r.groupId);
        return openContainForm(p, {
          findingId: r.findingId,
          userId: c.userId,
          channel: group?.channel ?? c.audience.channel,
          viewId: c.viewId ?? '',
          ref: c.ref,
        });
      }
      return actOnReviewedFinding(p, {
        ...r,
        kind: r.kind,
        userId: c.userId,
        ref: c.ref,
        triggerId: c.triggerId,
        formViewId: c.viewId,
      });
    },
  }),
];
