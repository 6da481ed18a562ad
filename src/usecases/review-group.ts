import { isFormKind } from '../blockkit/action-table.js';
import type { BulkFormKind } from '../blockkit/forms/bulk.js';
import { renderInfoModal, renderLoadingModal } from '../blockkit/info-modal.js';
import { REVIEW_PAGE_SIZE, type ReviewPage, renderReview } from '../blockkit/review.js';
import type { FindingActionKind } from '../domain/actions.js';
import type { Finding } from '../model/finding.js';
import type { RollupGroup } from '../ports/rollups.js';
import { GONE, type GroupPorts, loadTargets, openGroupForm, submitGroupAction } from './act-on-group.js';
import { refusal } from './authorize.js';
import { changeFindingState } from './change-finding-state.js';
import { openActionModal } from './open-action-modal.js';

/**
 * Review…: a roll-up's findings a page at a time, read from the tenant as they are now, each
 * with its own actions, and bulk actions for the ones picked on the page. Looking is `show`'s
 * permission in the group's channel; every action is checked as it is taken.
 */

interface Reviewer {
  groupId: string;
  userId: string;
  ref: string;
}

async function page(p: GroupPorts, group: RollupGroup, ids: string[], n: number): Promise<ReviewPage> {
  const last = Math.max(0, Math.ceil(ids.length / REVIEW_PAGE_SIZE) - 1);
  const at = Math.min(Math.max(0, n), last);
  const slice = ids.slice(at * REVIEW_PAGE_SIZE, (at + 1) * REVIEW_PAGE_SIZE);
  const found = new Map<string, Finding>();
  if (slice.length > 0) {
    for await (const f of p.findings.search(
      { refs: slice.map((id) => ({ id })) },
      { pageSize: REVIEW_PAGE_SIZE },
    ))
      found.set(f.id, f);
  }
  return {
    groupId: group.id,
    channel: group.channel,
    page: at,
    total: ids.length,
    findings: slice.flatMap((id) => found.get(id) ?? []),
    missing: slice.filter((id) => !found.has(id)),
    offerUnsuppress: p.settings.offerUnsuppress,
  };
}

/** The page to show `who`, or the info modal saying why not. */
async function reviewView(p: GroupPorts, who: Reviewer, n: number) {
  const targets = await loadTargets(p, who.groupId);
  if (!targets) return renderInfoModal(GONE);
  const request = {
    kind: 'act' as const,
    userId: who.userId,
    action: 'show' as const,
    channel: targets.group.channel,
  };
  const why = await refusal(p, request, who.ref);
  if (why) return renderInfoModal(`:no_entry_sign: ${why}`);
  try {
    return renderReview(await page(p, targets.group, targets.ids, n));
  } catch (error) {
    p.logger.warn({ err: error, ref: who.ref }, 'review page could not be read from the tenant');
    return renderInfoModal(
      `The tenant did not answer, so the findings could not be listed (ref ${who.ref}). Try again.`,
    );
  }
}

export async function openReview(p: GroupPorts, input: Reviewer & { triggerId: string }): Promise<void> {
  const viewId = await p.views.open(input.triggerId, renderLoadingModal(input.groupId));
  await p.views.update(viewId, await reviewView(p, input, 0));
}

export async function turnReviewPage(p: GroupPorts, input: Reviewer & { viewId: string; page: number }) {
  await p.views.update(input.viewId, await reviewView(p, input, input.page));
}

export interface PickedInput extends Reviewer {
  kind: BulkFormKind | 'reopen';
  picked: string[];
  triggerId: string;
  viewId: string;
  page: number;
}

/** A bulk button for the findings picked on the page: its form stacked on Review, or Reopen at once. */
export async function actOnPicked(p: GroupPorts, input: PickedInput): Promise<void> {
  if (input.picked.length === 0) {
    await p.views.push(input.triggerId, renderInfoModal('Pick at least one finding on this page first.'));
    return;
  }
  if (input.kind !== 'reopen') {
    await openGroupForm(p, { ...input, kind: input.kind, findingIds: input.picked, stacked: true });
    return;
  }
  await submitGroupAction(p, { ...input, action: { kind: 'reopen' }, findingIds: input.picked });
  await turnReviewPage(p, input);
}

export interface ReviewedFindingInput extends Reviewer {
  kind: FindingActionKind;
  findingId: string;
  triggerId: string;
  viewId: string;
  page: number;
}

/** One finding's action from its overflow menu: its own form stacked on Review, or done at once. */
export async function actOnReviewedFinding(p: GroupPorts, input: ReviewedFindingInput): Promise<void> {
  const targets = await loadTargets(p, input.groupId, [input.findingId]);
  if (!targets || targets.ids.length === 0) {
    await p.views.push(
      input.triggerId,
      renderInfoModal(targets ? 'This finding is not in this roll-up.' : GONE),
    );
    return;
  }
  const channel = targets.group.channel;
  const request = {
    kind: 'act' as const,
    userId: input.userId,
    action: input.kind,
    channel,
    findingId: input.findingId,
  };
  const { kind } = input;
  if (isFormKind(kind)) {
    await openActionModal(p, {
      ...input,
      kind,
      channel,
      stacked: true,
      gate: () => refusal(p, request, input.ref),
    });
    return;
  }
  const why = await refusal(p, request, input.ref);
  if (why) {
    await p.views.push(input.triggerId, renderInfoModal(`:no_entry_sign: ${why}`));
    return;
  }
  if (kind === 'reopen' || kind === 'unsuppress') {
    await changeFindingState(p, {
      findingId: input.findingId,
      action: { kind },
      actorId: input.userId,
      audience: { channel, user: input.userId },
      channel,
      ref: input.ref,
    });
  }
  await turnReviewPage(p, input);
}
