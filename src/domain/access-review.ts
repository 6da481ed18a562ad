import type { WireAccessReview, WireTaskView } from '../model/access-review.js';
import type { ExpandedItem } from '../model/finding.js';

/**
 * Access reviews in Warden's terms: a certify task as a reviewer reads it (names, not ids, from
 * the answer's `expanded`), a campaign, and the groups the Home tab and the Review modal show
 * (by campaign and app, due dates first). Pure.
 */

export type ReviewTaskState = 'open' | 'closed' | 'unknown';
export type ReviewOutcome = 'certified' | 'revoked' | 'other' | undefined;

export interface ReviewTask {
  id: string;
  /** The number people see in the console (`numericId`), when the tenant gave one. */
  number: string | undefined;
  campaignId: string;
  campaignName: string | undefined;
  /** When the campaign is due (ms), when the tenant said. */
  dueAt: number | undefined;
  appId: string;
  appName: string | undefined;
  entitlementId: string;
  entitlementName: string | undefined;
  /** Whose access is reviewed. */
  subjectId: string;
  subjectName: string | undefined;
  state: ReviewTaskState;
  outcome: ReviewOutcome;
  /** The current policy step: every decision names it. */
  stepId: string;
  /** Who the current step is assigned to (tenant user ids). */
  assignees: readonly string[];
  /** The step asks for step-up authentication at the tenant. */
  stepUp: boolean;
  mayReassign: boolean;
  reasonToRevoke: boolean;
  reasonToCertify: boolean;
  /** Who decided it, once decided (tenant user id). */
  decidedBy: string | undefined;
}

export interface ReviewCampaign {
  id: string;
  name: string | undefined;
  state: 'open' | 'closed' | 'other';
  dueAt: number | undefined;
  ownerId: string | undefined;
}

const time = (v: string | null | undefined) => {
  const t = v ? Date.parse(v) : Number.NaN;
  return Number.isFinite(t) ? t : undefined;
};

/** The item a `$.expanded[i]` path points at, when it is there. */
function at(
  expanded: readonly ExpandedItem[],
  path: string | null | undefined,
): Record<string, unknown> | undefined {
  const m = /^\$\.expanded\[(\d+)\]$/.exec(path ?? '');
  const item = m ? expanded[Number(m[1])] : undefined;
  return item ?? undefined;
}
const nameOf = (item: Record<string, unknown> | undefined) =>
  typeof item?.displayName === 'string' && item.displayName.trim() ? item.displayName.trim() : undefined;

export function campaignOf(c: WireAccessReview): ReviewCampaign {
  const state =
    c.state === 'ACCESS_REVIEW_STATE_CLOSED'
      ? 'closed'
      : c.state === 'ACCESS_REVIEW_STATE_OPEN'
        ? 'open'
        : 'other';
  return {
    id: c.id,
    name: c.displayName?.trim() || undefined,
    state,
    dueAt: time(c.completionDate),
    ownerId: c.createdById || undefined,
  };
}

/** A task view read with its page's `expanded`; undefined for a task that is not a certify task. */
export function reviewTaskOf(view: WireTaskView, expanded: readonly ExpandedItem[]): ReviewTask | undefined {
  const t = view.task;
  const c = t?.type?.certify;
  if (!t || !c) return undefined;
  const step = t.policy?.current;
  const rule = step?.approval?.approval;
  const campaign = at(expanded, view.accessReviewPath);
  const outcome =
    c.outcome === 'CERTIFY_OUTCOME_CERTIFIED'
      ? 'certified'
      : c.outcome === 'CERTIFY_OUTCOME_DECERTIFIED'
        ? 'revoked'
        : c.outcome && c.outcome !== 'CERTIFY_OUTCOME_UNSPECIFIED'
          ? 'other'
          : undefined;
  return {
    id: t.id,
    number: t.numericId == null ? undefined : String(t.numericId),
    campaignId: c.accessReviewId ?? '',
    campaignName: nameOf(campaign),
    dueAt: time(typeof campaign?.completionDate === 'string' ? campaign.completionDate : undefined),
    appId: c.appId ?? '',
    appName: nameOf(at(expanded, view.appPath)),
    entitlementId: c.appEntitlementId ?? '',
    entitlementName: nameOf(at(expanded, view.entitlementsPath)),
    subjectId: c.identityUserId ?? '',
    subjectName: nameOf(at(expanded, view.identityUserPath)),
    state: t.state === 'TASK_STATE_OPEN' ? 'open' : t.state === 'TASK_STATE_CLOSED' ? 'closed' : 'unknown',
    outcome,
    stepId: step?.id ?? '',
    assignees: t.stepApproverIds ?? rule?.users?.userIds ?? [],
    stepUp: Boolean(rule?.requiresStepUpProviderId),
    mayReassign: rule?.allowReassignment === true,
    reasonToRevoke: rule?.requireDenialReason === true,
    reasonToCertify: rule?.requireApprovalReason === true,
    decidedBy: step?.approval?.approved?.userId || step?.approval?.denied?.userId || undefined,
  };
}

/** One campaign and app's open tasks for a reviewer: a Review modal's scope. */
export interface ReviewGroup {
  campaignId: string;
  campaignName: string | undefined;
  appId: string;
  appName: string | undefined;
  dueAt: number | undefined;
  tasks: ReviewTask[];
}

/** Grouped by campaign and app, the soonest due first (then by name), tasks by person and entitlement. */
export function groupReviews(tasks: readonly ReviewTask[]): ReviewGroup[] {
  const groups = new Map<string, ReviewGroup>();
  for (const t of tasks) {
    const key = `${t.campaignId}\u0000${t.appId}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        campaignId: t.campaignId,
        campaignName: t.campaignName,
        appId: t.appId,
        appName: t.appName,
        dueAt: t.dueAt,
        tasks: [],
      };
      groups.set(key, g);
    }
    g.tasks.push(t);
  }
  const label = (g: ReviewGroup) => `${g.campaignName ?? g.campaignId} ${g.appName ?? g.appId}`;
  const byDue = (a: ReviewGroup, b: ReviewGroup) =>
    (a.dueAt ?? Number.POSITIVE_INFINITY) - (b.dueAt ?? Number.POSITIVE_INFINITY) ||
    label(a).localeCompare(label(b));
  for (const g of groups.values())
    g.tasks.sort((a, b) =>
      `${a.subjectName ?? a.subjectId} ${a.entitlementName ?? ''}`.localeCompare(
        `${b.subjectName ?? b.subjectId} ${b.entitlementName ?? ''}`,
      ),
    );
  return [...groups.values()].sort(byDue);
}

/** The tracker's count per reviewer: done (decided), left (open), and whether they are overdue. */
export interface ReviewerProgress {
  reviewerId: string;
  done: number;
  left: number;
  overdue: boolean;
}

export function progressByReviewer(
  tasks: readonly ReviewTask[],
  dueAt: number | undefined,
  now: number,
): ReviewerProgress[] {
  const rows = new Map<string, ReviewerProgress>();
  const row = (id: string) => {
    let r = rows.get(id);
    if (!r) {
      r = { reviewerId: id, done: 0, left: 0, overdue: false };
      rows.set(id, r);
    }
    return r;
  };
  for (const t of tasks) {
    if (t.state === 'open') for (const a of t.assignees) row(a).left++;
    else {
      if (t.decidedBy) row(t.decidedBy).done++;
    }
  }
  const late = dueAt !== undefined && now > dueAt;
  for (const r of rows.values()) r.overdue = late && r.left > 0;
  return [...rows.values()].sort((a, b) => b.left - a.left || a.reviewerId.localeCompare(b.reviewerId));
}
