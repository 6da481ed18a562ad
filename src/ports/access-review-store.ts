import type { ReviewJob, ReviewJobKind, ReviewTracker } from './access-reviews.js';

/**
 * The store's side of access reviews (store/queries/access-reviews.ts): rows as kept. A link's
 * credential is sealed by the adapter before it gets here (adapters/review-links.ts): the store
 * never holds it in clear.
 */

export interface ReviewLinkRow {
  team: string;
  slackUserId: string;
  identityUserId: string;
  personalClientId: string;
  name: string;
  keyId: string;
  sealed: string;
  createdAt: number;
}

export interface AccessReviewStore {
  saveReviewLink(row: ReviewLinkRow): Promise<void>;
  reviewLink(team: string, slackUserId: string): Promise<ReviewLinkRow | undefined>;
  reviewLinks(team?: string): Promise<ReviewLinkRow[]>;
  deleteReviewLink(team: string, slackUserId: string): Promise<boolean>;
  /** Writes the credential sealed again (a key rotation), only if the row still holds `was`. */
  resealReviewLink(
    team: string,
    slackUserId: string,
    was: string,
    keyId: string,
    sealed: string,
  ): Promise<void>;
  scheduleReviewJob(
    job: { key: string; kind: ReviewJobKind; team: string; dueAt: number; payload: unknown },
    now: number,
  ): Promise<boolean>;
  claimReviewJobs(holder: string, limit: number, now: number, leaseMs: number): Promise<ReviewJob[]>;
  finishReviewJob(
    id: string,
    status: 'done' | 'skipped' | 'failed',
    outcome: string,
    now: number,
  ): Promise<void>;
  retryReviewJob(id: string, at: number, error: string, now: number): Promise<void>;
  pendingReviewJobs(kind: ReviewJobKind, team: string): Promise<ReviewJob[]>;
  reviewTracker(team: string, campaignId: string): Promise<ReviewTracker | undefined>;
  saveReviewTracker(t: ReviewTracker): Promise<void>;
  openReviewTrackers(team: string): Promise<ReviewTracker[]>;
}
