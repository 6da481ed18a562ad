import { isFormKind } from '../../blockkit/action-table.js';
import type { BulkFormKind } from '../../blockkit/forms/bulk.js';
import { renderInfoModal } from '../../blockkit/info-modal.js';
import { nonePicked } from '../../blockkit/interaction-words.js';
import { notInRollup } from '../../blockkit/outcome-words.js';
import { REVIEW_PAGE_SIZE, type ReviewPage, renderReview } from '../../blockkit/review.js';
import { goneRollup } from '../../blockkit/rollup.js';
import type { FindingActionKind } from '../../domain/actions.js';
import { offersContain } from '../../domain/contain.js';
import type { Finding } from '../../model/finding.js';
import type { RollupGroup } from '../../ports/rollups.js';
import { openActionModal } from '../findings/open-action-modal.js';
import { type GroupPorts, loadTargets, openGroupForm, submitGroupAction } from '../rollups/act-on-group.js';
import { changeFindingState } from '../shared/change-finding-state.js';

/**
 * Review…: a roll-up's findings a page at a time, read from the tenant as they are now, each
 * with its own actions, and bulk actions for the ones picked on the page. Looking is `show`'s
 * permission in the group's channel; every action is checked as it is taken (by the runner).
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
    containable: (f: Finding) => offersContain(p.settings.contain?.rules, f),
  };
}

/** The page to show `who`, or the info modal saying why not. */
async function reviewView(p: GroupPorts, who: Reviewer, n: number) {
  const targets = await loadTargets(p, who.groupId);
  if (!targets) return renderInfoModal(goneRollup());
  try {
    return renderReview(await page(p, targets.group, targets.ids, n));
  } catch (error) {
    p.logger.warn({ err: error, ref: who.ref }, 'review page could not be read from the tenant');
    return renderInfoModal(
      `The tenant did not answer, so the findings could not be listed (ref ${who.ref}). Try again.`,
    );
  }
}

/** Review… in the modal the runner opened. */
export async function openReview(p: GroupPorts, input: Reviewer & { viewId: string }): Promise<void> {
  await p.views.update(input.viewId, await reviewView(p, input, 0));
}

export async function turnReviewPage(p: GroupPorts, input: Reviewer & { viewId: string; page: number }) {
  await p.views.update(input.viewId, await reviewView(p, input, input.page));
}

export interface PickedInput extends Reviewer {
  picked: string[];
  /** Review's own modal. */
  viewId: string;
  page: number;
}

/** A bulk form for the findings picked on the page, in the modal the runner pushed on Review. */
export async function openPickedForm(
  p: GroupPorts,
  input: PickedInput & { kind: BulkFormKind; formViewId: string },
): Promise<void> {
  if (input.picked.length === 0) return p.views.update(input.formViewId, renderInfoModal(nonePicked()));
  await openGroupForm(p, { ...input, viewId: input.formViewId, findingIds: input.picked });
}

/** Reopen for the findings picked on the page, at once; the page shows the result. */
export async function reopenPicked(p: GroupPorts, input: PickedInput & { triggerId: string }): Promise<void> {
  if (input.picked.length === 0) {
    await p.views.push(input.triggerId, renderInfoModal(nonePicked()));
    return;
  }
  await submitGroupAction(p, { ...input, action: { kind: 'reopen' }, findingIds: input.picked });
  await turnReviewPage(p, input);
}

export interface ReviewedFindingInput extends Reviewer {
  kind: FindingActionKind;
  findingId: string;
  triggerId: string;
  /** Review's own modal. */
  viewId: string;
  /** The modal the runner pushed for a form, when the action has one. */
  formViewId: string | undefined;
  page: number;
}

/** One finding's action from its overflow menu: its own form stacked on Review, or done at once. */
export async function actOnReviewedFinding(p: GroupPorts, input: ReviewedFindingInput): Promise<void> {
  const targets = await loadTargets(p, input.groupId, [input.findingId]);
  if (!targets || targets.ids.length === 0) {
    const why = renderInfoModal(targets ? notInRollup() : goneRollup());
    if (input.formViewId) await p.views.update(input.formViewId, why);
    else await p.views.push(input.triggerId, why);
    return;
  }
  const channel = targets.group.channel;
  const { kind } = input;
  if (isFormKind(kind)) {
    // The runner pushes a modal for every action with a form.
    if (input.formViewId) await openActionModal(p, { ...input, kind, channel, viewId: input.formViewId });
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
