import type { ModalView } from '@slack/types';
import { linkPrompt } from '../../blockkit/access-review-messages.js';
import {
  type ReviewFormMeta,
  renderCommentForm,
  renderReassignForm,
  renderReviewModal,
  renderReviewNotice,
  renderRevokeForm,
  renderUnchangedConfirm,
} from '../../blockkit/access-review-modal.js';
import { reviewWords } from '../../blockkit/access-review-words.js';
import { groupReviews, type ReviewGroup } from '../../domain/access-review.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { credentialRefused, type Reviewer, reviewerOf, reviewsOf, tenantWords } from './reviewer.js';
import { unlinkReviewer } from './unlink.js';

/**
 * The Review modal of one campaign and app: the reviewer's own open tasks there, read with their
 * own credential (what they may see), a page at a time; and the forms stacked on it (Revoke…,
 * Reassign…, Comment…, the Certify unchanged confirmation). After each decision it is rebuilt
 * from the tenant, with a line saying what happened.
 */

export type ReviewViewPorts = Pick<
  Ports,
  | 'accessReviews'
  | 'settings'
  | 'views'
  | 'privately'
  | 'files'
  | 'chat'
  | 'logger'
  | 'metrics'
  | 'clock'
  | 'audit'
>;

export interface Scope {
  campaignId: string;
  appId: string;
  page: number;
}

const emptyGroup = (s: Scope): ReviewGroup => ({
  campaignId: s.campaignId,
  campaignName: undefined,
  appId: s.appId,
  appName: undefined,
  dueAt: undefined,
  tasks: [],
});

/** The person's open tasks of the scope, grouped (one group, perhaps empty). */
export async function groupOf(r: Reviewer, s: Scope): Promise<ReviewGroup> {
  const tasks = await r.session.openTasks(r.link.identityUserId, {
    campaignId: s.campaignId,
    appId: s.appId,
  });
  const mine = tasks.filter((t) => t.campaignId === s.campaignId && t.appId === s.appId);
  return groupReviews(mine)[0] ?? emptyGroup(s);
}

/** Rebuilds the Review modal from the tenant with a notice; false when it could not be shown. */
export async function refreshReview(
  p: ReviewViewPorts,
  r: Reviewer,
  viewId: string,
  s: Scope,
  notice: string | undefined,
): Promise<boolean> {
  const group = await groupOf(r, s);
  await p.views.update(
    viewId,
    renderReviewModal({
      group,
      scope: { c: s.campaignId, a: s.appId, p: s.page },
      pageSize: reviewsOf(p).settings.pageSize,
      notice,
    }),
  );
  return true;
}

/** Review… (Home tab, a notice), or a page turned: the modal (already opened as Loading…) filled. */
export async function openReview(
  p: ReviewViewPorts,
  input: { userId: string; viewId: string; scope: Scope; audience: Audience; ref: string },
): Promise<void> {
  const r = await reviewerOf(p, input.userId);
  if (!r) {
    const prompt = linkPrompt(reviewWords.notLinked());
    await p.views.update(input.viewId, renderReviewNotice(prompt.text, prompt.blocks.slice(1)));
    return;
  }
  try {
    await refreshReview(p, r, input.viewId, input.scope, undefined);
  } catch (error) {
    await showFailure(p, r, input, error);
  }
}

async function showFailure(
  p: ReviewViewPorts,
  r: Reviewer,
  input: { userId: string; viewId: string; audience: Audience; ref: string },
  error: unknown,
): Promise<void> {
  if (credentialRefused(error)) {
    await unlinkReviewer(p, { team: r.link.team, userId: input.userId, why: 'revoked', ref: input.ref });
    await p.views.update(input.viewId, renderReviewNotice(reviewWords.revoked()));
    return;
  }
  const words = tenantWords(error);
  if (!words) p.logger.error({ err: error, ref: input.ref }, 'review not shown');
  await p.views.update(
    input.viewId,
    renderReviewNotice(words ? reviewWords.tenantRefused(words) : reviewWords.tenantDown()),
  );
}

export type FormKind = 'revoke' | 'reassign' | 'comment' | 'unchanged';

/** A form stacked on the Review modal (opened as Loading… by the runner): filled for its task. */
export async function openReviewForm(
  p: ReviewViewPorts,
  input: {
    kind: FormKind;
    userId: string;
    viewId: string;
    rootViewId: string;
    scope: Scope;
    task?: { taskId: string; stepId: string } | undefined;
    audience: Audience;
    ref: string;
  },
): Promise<void> {
  const r = await reviewerOf(p, input.userId);
  if (!r) {
    await p.views.update(input.viewId, renderReviewNotice(reviewWords.notLinked()));
    return;
  }
  const meta: ReviewFormMeta = {
    c: input.scope.campaignId,
    a: input.scope.appId,
    p: input.scope.page,
    root: input.rootViewId,
    ...(input.task ? { t: input.task.taskId, s: input.task.stepId } : {}),
  };
  let view: ModalView;
  try {
    if (input.kind === 'unchanged') {
      const group = await groupOf(r, input.scope);
      const count = group.tasks.filter((t) => !t.stepUp).length;
      view = count
        ? renderUnchangedConfirm(group, count, meta)
        : renderReviewNotice(reviewWords.nothingOpen());
    } else {
      const task = input.task ? await r.session.task(input.task.taskId) : undefined;
      view =
        input.kind === 'revoke'
          ? renderRevokeForm(task, meta)
          : input.kind === 'reassign'
            ? renderReassignForm(task, meta)
            : renderCommentForm(task, meta);
    }
  } catch (error) {
    await showFailure(p, r, input, error);
    return;
  }
  await p.views.update(input.viewId, view);
}
