import { createHash } from 'node:crypto';
import { type TrackerRow, trackerMessage } from '../../blockkit/access-review-messages.js';
import { progressByReviewer } from '../../domain/access-review.js';
import type { ReviewJob } from '../../ports/access-reviews.js';
import type { Ports } from '../../ports/index.js';
import type { JobResult } from '../shared/lifecycle-job.js';
import { slotOf } from './review-sweep.js';
import { reviewsOf } from './reviewer.js';

/**
 * A campaign's tracker in its channel: one message (done / left / overdue by reviewer), edited
 * when it changed and at most once per `reviews.trackerEvery` (a minute at least: chat.update is
 * Tier 3, shared by the workspace). Each run is a review job that schedules the next; once the
 * campaign is closed the tracker says so for good and the report job is scheduled.
 */

export type TrackerPorts = Pick<Ports, 'accessReviews' | 'settings' | 'chat' | 'owners' | 'clock' | 'logger'>;

const campaignOfJob = (job: ReviewJob) => {
  const c = (job.payload as { campaignId?: unknown } | null)?.campaignId;
  return typeof c === 'string' ? c : undefined;
};

export async function trackCampaign(p: TrackerPorts, job: ReviewJob): Promise<JobResult> {
  const campaignId = campaignOfJob(job);
  if (!campaignId) return { status: 'failed', outcome: 'unreadable job' };
  const reviews = reviewsOf(p);
  const channel = reviews.settings.channelOf(campaignId);
  if (!channel) return { status: 'skipped', outcome: 'no channel' };
  const now = p.clock();
  const every = reviews.settings.trackerEveryMs;
  const tracker = (await reviews.trackers.get(job.team, campaignId)) ?? {
    team: job.team,
    campaignId,
    channel,
    ts: undefined,
    hash: undefined,
    updatedAt: undefined,
    closed: false,
  };
  if (tracker.closed) return { status: 'skipped', outcome: 'closed' };
  const next = () =>
    reviews.jobs.schedule(
      {
        key: `track:${job.team}:${campaignId}:${slotOf(now, every) + 1}`,
        kind: 'track',
        team: job.team,
        dueAt: (slotOf(now, every) + 1) * every,
        payload: { campaignId },
      },
      now,
    );
  // Edited at most once per interval, whoever runs it.
  if (tracker.updatedAt !== undefined && now - tracker.updatedAt < every && tracker.ts) {
    await next();
    return { status: 'skipped', outcome: 'updated less than an interval ago' };
  }
  let campaign: Awaited<ReturnType<typeof reviews.tenant.campaign>>;
  let tasks: Awaited<ReturnType<typeof reviews.tenant.tasks>>;
  try {
    [campaign, tasks] = await Promise.all([
      reviews.tenant.campaign(campaignId),
      reviews.tenant.tasks({ campaignIds: [campaignId], all: true }),
    ]);
  } catch (error) {
    return { retryInMs: 60_000, error: `campaign not read: ${String(error).slice(0, 200)}` };
  }
  if (!campaign) return { status: 'skipped', outcome: 'campaign gone' };
  const progress = progressByReviewer(
    tasks.filter((t) => t.campaignId === campaignId),
    campaign.dueAt,
    now,
  );
  const rows: TrackerRow[] = await Promise.all(
    progress.map(async (r) => {
      const person = await p.owners.personOf(r.reviewerId);
      return { ...r, slackUserId: person.slackUserId, name: person.name };
    }),
  );
  const message = trackerMessage(campaign, rows, now);
  // The time line changes every run: the hash is of what matters.
  const hash = createHash('sha256')
    .update(JSON.stringify({ rows, state: campaign.state, due: campaign.dueAt }))
    .digest('base64url');
  const closed = campaign.state === 'closed';
  try {
    if (!tracker.ts) tracker.ts = await p.chat.post({ channel, ...message });
    else if (tracker.hash !== hash)
      await p.chat.update({ channel: tracker.channel, ts: tracker.ts, ...message });
  } catch (error) {
    return { retryInMs: every, error: `tracker not posted: ${String(error).slice(0, 200)}` };
  }
  const changed = tracker.hash !== hash;
  await reviews.trackers.save({
    ...tracker,
    hash,
    updatedAt: changed ? now : (tracker.updatedAt ?? now),
    closed,
  });
  if (closed)
    await reviews.jobs.schedule(
      {
        key: `report:${job.team}:${campaignId}`,
        kind: 'report',
        team: job.team,
        dueAt: now,
        payload: { campaignId },
      },
      now,
    );
  else await next();
  return { status: 'done', outcome: changed ? 'tracker updated' : 'unchanged' };
}
