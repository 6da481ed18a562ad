import { workMessage } from '../../blockkit/access-review-messages.js';
import { reviewWords } from '../../blockkit/access-review-words.js';
import { groupReviews } from '../../domain/access-review.js';
import type { ReviewJob } from '../../ports/access-reviews.js';
import type { Ports } from '../../ports/index.js';
import type { JobResult } from '../shared/lifecycle-job.js';
import { reviewsOf } from './reviewer.js';

/**
 * A direct message when a campaign gives a linked reviewer work, and the reminders before it is
 * due (WARDEN_CONFIG `reviews.remindBefore`, e.g. 72 h and 24 h): each a review job scheduled once
 * in the store by its key (the sweep: review-sweep.ts), run by one replica, with the workspace's
 * ports. When it runs, the work is read again: nothing left open, nothing sent.
 */

export type NoticePorts = Pick<Ports, 'accessReviews' | 'settings' | 'chat' | 'files' | 'logger'>;

function payloadOf(job: ReviewJob): { userId: string; campaignId: string } | undefined {
  const p = job.payload as { userId?: unknown; campaignId?: unknown } | null;
  return typeof p?.userId === 'string' && typeof p.campaignId === 'string'
    ? { userId: p.userId, campaignId: p.campaignId }
    : undefined;
}

export async function sendReviewNotice(p: NoticePorts, job: ReviewJob): Promise<JobResult> {
  const what = payloadOf(job);
  if (!what) return { status: 'failed', outcome: 'unreadable job' };
  const reviews = reviewsOf(p);
  const link = await reviews.links.get(job.team, what.userId);
  if (!link) return { status: 'skipped', outcome: 'no longer linked' };
  let tasks: Awaited<ReturnType<typeof reviews.tenant.tasks>>;
  try {
    tasks = await reviews.tenant.tasks({ campaignIds: [what.campaignId], assignees: [link.identityUserId] });
  } catch (error) {
    return { retryInMs: 60_000, error: `tasks not read: ${String(error).slice(0, 200)}` };
  }
  const mine = tasks.filter((t) => t.assignees.includes(link.identityUserId));
  if (mine.length === 0) return { status: 'skipped', outcome: 'nothing open' };
  const groups = groupReviews(mine);
  const first = mine[0];
  const campaign = reviewWords.campaign({ campaignName: first?.campaignName ?? what.campaignId });
  const text =
    job.kind === 'assigned'
      ? reviewWords.assigned(campaign, mine.length, first?.dueAt)
      : reviewWords.reminder(campaign, mine.length, first?.dueAt);
  try {
    const channel = await p.files.openDm(what.userId);
    await p.chat.post({ channel, ...workMessage(text, groups) });
  } catch (error) {
    p.logger.warn({ err: error, job: job.id }, 'review notice not delivered');
    return { retryInMs: 60_000, error: `not delivered: ${String(error).slice(0, 200)}` };
  }
  return { status: 'done', outcome: `${job.kind}: ${mine.length} open` };
}
