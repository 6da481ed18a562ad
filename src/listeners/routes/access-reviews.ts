import { z } from 'zod';
import { AccessReviewCallback, AccessReviewId } from '../../blockkit/access-review-ids.js';
import { reviewWords } from '../../blockkit/access-review-words.js';
import {
  isViewId,
  parseFormMeta,
  parseScope,
  parseStepUpValue,
  parseTaskValue,
  readReassign,
  readWords,
  type Scope,
} from '../../blockkit/forms/access-review-forms.js';
import type { Ports } from '../../ports/index.js';
import { certifyUnchanged } from '../../usecases/access-reviews/certify-unchanged.js';
import { decideReview, type ReviewChoice } from '../../usecases/access-reviews/decide-review.js';
import { startLink } from '../../usecases/access-reviews/link.js';
import { type FormKind, openReview, openReviewForm } from '../../usecases/access-reviews/open-review.js';
import { unlinkReviewer } from '../../usecases/access-reviews/unlink.js';
import { inChannel } from '../access.js';
import { action, type Click, type EventRoute, type Submission, view } from '../route.js';

/**
 * Access reviews in Slack: Link (Home tab, a prompt), Review… (Home tab, a notice), the Review
 * modal's buttons and paging, its stacked forms, the tenant's step-up "I have verified", and a
 * person deactivated in Slack. Every one asks the `review` permission (guests and other
 * organisations are refused in words, as everywhere); the decisions use the person's own credential.
 */

const review = (userId: string, channel: string | undefined) => inChannel('review', { userId, channel });
const here = (_p: Ports, _v: unknown, c: Click) => review(c.userId, c.audience.channel);
/** In a modal: no channel; the permission where it applies everywhere. */
const inModal = (_p: Ports, _v: unknown, s: { userId: string }) => review(s.userId, undefined);

/** A button inside the Review modal: its value, and the modal's scope and id. */
function inReview<V>(c: Click, value: V | undefined): (V & { scope: Scope; rootViewId: string }) | undefined {
  const scope = c.view ? parseScope(c.view.metadata || undefined) : undefined;
  return value && scope && c.view && isViewId(c.view.id)
    ? { ...value, scope, rootViewId: c.view.id }
    : undefined;
}

const decideButton = (kind: 'certify') =>
  action({
    ids: [AccessReviewId.certify],
    what: `${kind} access`,
    value: (c) => inReview(c, parseTaskValue(c.value)),
    access: inModal,
    run: (p, v, c) =>
      decideReview(p, { ...v, choice: { kind }, userId: c.userId, audience: c.audience, ref: c.ref }),
  });

const formButton = (kind: Exclude<FormKind, 'unchanged'>, id: string) =>
  action({
    ids: [id],
    what: 'open the form',
    value: (c) => inReview(c, parseTaskValue(c.value)),
    modal: 'push',
    access: inModal,
    run: (p, v, c) =>
      openReviewForm(p, {
        kind,
        userId: c.userId,
        viewId: c.viewId ?? '',
        rootViewId: v.rootViewId,
        scope: v.scope,
        task: { taskId: v.taskId, stepId: v.stepId },
        audience: c.audience,
        ref: c.ref,
      }),
  });

/** A stacked form's submission: its metadata, and what was written. */
function formView(
  callbackId: string,
  read: (s: Submission) => { ok: true; choice: ReviewChoice } | { ok: false; errors: Record<string, string> },
) {
  return view({
    callbackIds: [callbackId],
    what: 'send the decision',
    read: (_p, s) => {
      const meta = parseFormMeta(s.metadata || undefined);
      if (!meta?.task) return { ok: false, unreadable: true };
      const got = read(s);
      if (!got.ok) return got;
      const value = { ...meta, task: meta.task, choice: got.choice };
      return { ok: true, value, audience: (user) => ({ channel: user, user }) };
    },
    access: inModal,
    run: (p, v, s) =>
      decideReview(p, {
        userId: s.userId,
        audience: s.audience,
        ref: s.ref,
        taskId: v.task.taskId,
        stepId: v.task.stepId,
        scope: v.scope,
        choice: v.choice,
        rootViewId: v.rootViewId,
      }),
  });
}

const UserChangeSchema = z.looseObject({
  event: z.looseObject({
    type: z.literal('user_change'),
    user: z.looseObject({ id: z.string().regex(/^[UW][A-Z0-9]{2,30}$/), deleted: z.boolean().nullish() }),
  }),
});

/** Slack says a person changed: one deactivated is unlinked (their personal client deleted). */
const USER_CHANGE: EventRoute = {
  kind: 'event',
  event: 'user_change',
  access: { none: 'Slack tells of a person deactivated: only their own link is removed' },
  async run(p, body, ref) {
    const parsed = UserChangeSchema.safeParse(body);
    if (!p.accessReviews || !parsed.success || parsed.data.event.user.deleted !== true) return;
    await unlinkReviewer(p, {
      team: p.settings.teamId,
      userId: parsed.data.event.user.id,
      why: 'deactivated',
      ref,
    });
  },
};

export const ACCESS_REVIEW_ROUTES = [
  action({
    ids: [AccessReviewId.link],
    what: 'link your tenant account',
    value: (c) => (c.value === 'link' ? true : undefined),
    access: here,
    run: (p, _v, c) => startLink(p, { userId: c.userId, audience: c.audience, ref: c.ref }),
  }),
  action({
    ids: [AccessReviewId.open],
    what: 'open the review',
    value: (c) => parseScope(c.value),
    modal: 'open',
    access: here,
    run: (p, scope, c) =>
      openReview(p, { userId: c.userId, viewId: c.viewId ?? '', scope, audience: c.audience, ref: c.ref }),
  }),
  action({
    ids: [AccessReviewId.prev, AccessReviewId.next],
    what: 'turn the page',
    value: (c) => {
      const v = inReview(c, parseScope(c.value));
      return v && { ...v, page: Math.max(0, v.page + (c.actionId === AccessReviewId.next ? 1 : -1)) };
    },
    access: inModal,
    run: (p, v, c) =>
      openReview(p, {
        userId: c.userId,
        viewId: v.rootViewId,
        scope: { campaignId: v.campaignId, appId: v.appId, page: v.page },
        audience: c.audience,
        ref: c.ref,
      }),
  }),
  decideButton('certify'),
  formButton('revoke', AccessReviewId.revoke),
  formButton('reassign', AccessReviewId.reassign),
  formButton('comment', AccessReviewId.comment),
  action({
    ids: [AccessReviewId.unchanged],
    what: 'certify unchanged',
    value: (c) => inReview(c, parseScope(c.value)),
    modal: 'push',
    access: inModal,
    run: (p, v, c) =>
      openReviewForm(p, {
        kind: 'unchanged',
        userId: c.userId,
        viewId: c.viewId ?? '',
        rootViewId: v.rootViewId,
        scope: v.scope,
        audience: c.audience,
        ref: c.ref,
      }),
  }),
  action({
    ids: [AccessReviewId.verified],
    what: 'certify access',
    value: (c) => parseStepUpValue(c.value),
    access: here,
    run: (p, v, c) =>
      decideReview(p, {
        ...v,
        choice: { kind: 'verified' },
        userId: c.userId,
        audience: c.audience,
        ref: c.ref,
      }),
  }),
  formView(AccessReviewCallback.revoke, (s) => {
    const w = readWords(s.values, reviewWords.reasonRequired());
    return w.ok ? { ok: true, choice: { kind: 'revoke', reason: w.words } } : w;
  }),
  formView(AccessReviewCallback.comment, (s) => {
    const w = readWords(s.values, reviewWords.commentRequired());
    return w.ok ? { ok: true, choice: { kind: 'comment', text: w.words } } : w;
  }),
  formView(AccessReviewCallback.reassign, (s) => {
    const r = readReassign(s.values);
    return r.ok
      ? { ok: true, choice: { kind: 'reassign', toSlackUser: r.to, reason: r.words || undefined } }
      : r;
  }),
  view({
    callbackIds: [AccessReviewCallback.unchanged],
    what: 'certify unchanged',
    read: (_p, s) => {
      const meta = parseFormMeta(s.metadata || undefined);
      if (!meta?.confirmed) return { ok: false, unreadable: true };
      const value = { ...meta, confirmed: meta.confirmed };
      return { ok: true, value, audience: (user) => ({ channel: user, user }) };
    },
    access: inModal,
    run: (p, v, s) =>
      certifyUnchanged(p, {
        userId: s.userId,
        audience: s.audience,
        ref: s.ref,
        scope: v.scope,
        confirmed: v.confirmed,
        rootViewId: v.rootViewId,
      }),
  }),
  USER_CHANGE,
];
