import type { ReviewTask } from '../../domain/access-review.js';
import type { ReviewJob } from '../../ports/access-reviews.js';
import type { Ports } from '../../ports/index.js';
import type { JobResult } from '../shared/lifecycle-job.js';
import { reviewsOf } from './reviewer.js';
import { type UnlinkPorts, unlinkReviewer } from './unlink.js';

/**
 * The sweep of one workspace (a review job every `reviews.sweepEvery`): people deactivated in
 * Slack or disabled in the tenant are unlinked; the linked reviewers' open work is read (as
 * Warden: a read) and, per reviewer and campaign, the notice and the reminders are scheduled once
 * (their keys make a second sweep, a restart or another replica schedule nothing new); each
 * campaign with a channel gets its tracker job.
 */

export type SweepPorts = UnlinkPorts & Pick<Ports, 'people' | 'clock'>;

export const slotOf = (now: number, every: number) => Math.floor(now / every);

export async function sweepReviews(p: SweepPorts, job: ReviewJob): Promise<JobResult> {
  const reviews = reviewsOf(p);
  const { team } = job;
  const now = p.clock();
  const links = await reviews.links.all(team);
  const live = [];
  for (const link of links) {
    const [person, active] = await Promise.all([
      p.people.get(link.slackUserId).catch(() => undefined),
      reviews.tenant.userActive(link.identityUserId).catch(() => true as boolean | undefined),
    ]);
    if (person?.deleted || active === false || active === undefined) {
      await unlinkReviewer(p, { team, userId: link.slackUserId, why: 'deactivated', ref: job.id });
      continue;
    }
    live.push(link);
  }
  let tasks: ReviewTask[] = [];
  if (live.length > 0) {
    try {
      tasks = await reviews.tenant.tasks({ assignees: live.map((l) => l.identityUserId) });
    } catch (error) {
      return { retryInMs: 60_000, error: `tasks not read: ${String(error).slice(0, 200)}` };
    }
  }
  let scheduled = 0;
  const { settings } = reviews;
  for (const link of live) {
    const campaigns = new Map<string, number | undefined>();
    for (const t of tasks)
      if (t.assignees.includes(link.identityUserId)) campaigns.set(t.campaignId, t.dueAt);
    for (const [campaignId, dueAt] of campaigns) {
      const payload = { userId: link.slackUserId, campaignId };
      const base = `${team}:${link.slackUserId}:${campaignId}`;
      if (
        await reviews.jobs.schedule(
          { key: `assigned:${base}`, kind: 'assigned', team, dueAt: now, payload },
          now,
        )
      )
        scheduled++;
      if (dueAt === undefined) continue;
      for (const before of settings.remindBeforeMs) {
        const at = dueAt - before;
        // A reminder whose time has passed when the work is first seen is not sent late.
        if (at <= now) continue;
        const key = `remind:${base}:${Math.round(before / 60_000)}m:${dueAt}`;
        if (await reviews.jobs.schedule({ key, kind: 'remind', team, dueAt: at, payload }, now)) scheduled++;
      }
    }
  }
  const tracked = new Set([...settings.campaigns, ...tasks.map((t) => t.campaignId)]);
  const slot = slotOf(now, settings.trackerEveryMs);
  for (const campaignId of tracked) {
    if (!settings.channelOf(campaignId)) continue;
    const tracker = await reviews.trackers.get(team, campaignId);
    if (tracker?.closed) continue;
    await reviews.jobs.schedule(
      {
        key: `track:${team}:${campaignId}:${slot}`,
        kind: 'track',
        team,
        dueAt: now,
        payload: { campaignId },
      },
      now,
    );
  }
  return {
    status: 'done',
    outcome: `${live.length} linked, ${tasks.length} open tasks, ${scheduled} scheduled`,
  };
}
