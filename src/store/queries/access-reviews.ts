import type { Kysely, Selectable } from 'kysely';
import type { AccessReviewStore, ReviewLinkRow } from '../../ports/access-review-store.js';
import type { ReviewJob, ReviewJobKind, ReviewTracker } from '../../ports/access-reviews.js';
import type { Store } from '../../ports/store.js';
import type { Database } from '../schema.js';
import type { ReviewJobsTable, ReviewLinksTable, ReviewTrackersTable } from '../schema-access-reviews.js';
import { clip, newId, parseJson } from './common.js';

type Db = Kysely<Database>;

const linkOf = (r: Selectable<ReviewLinksTable>): ReviewLinkRow => ({
  team: r.team,
  slackUserId: r.slack_user_id,
  identityUserId: r.identity_user_id,
  personalClientId: r.personal_client_id,
  name: r.name,
  keyId: r.key_id,
  sealed: r.sealed,
  createdAt: Number(r.created_at),
});

const jobOf = (r: Selectable<ReviewJobsTable>): ReviewJob => ({
  id: r.id,
  key: r.key,
  kind: r.kind as ReviewJobKind,
  team: r.team,
  dueAt: Number(r.due_at),
  payload: parseJson(r.payload),
  attempts: Number(r.attempts),
});

const trackerOf = (r: Selectable<ReviewTrackersTable>): ReviewTracker => ({
  team: r.team,
  campaignId: r.campaign_id,
  channel: r.channel,
  ts: r.ts ?? undefined,
  hash: r.hash ?? undefined,
  updatedAt: r.updated_at === null ? undefined : Number(r.updated_at),
  closed: Number(r.closed) === 1,
});

/** Links, the review jobs' schedule (claimed as lifecycle jobs are, SKIP LOCKED on PostgreSQL), trackers. */
export function accessReviewQueries(db: Db, kind: Store['kind']): AccessReviewStore {
  return {
    async saveReviewLink(l) {
      const row = {
        team: l.team,
        slack_user_id: l.slackUserId,
        identity_user_id: l.identityUserId,
        personal_client_id: l.personalClientId,
        name: l.name,
        key_id: l.keyId,
        sealed: l.sealed,
        created_at: l.createdAt,
      };
      await db
        .insertInto('review_links')
        .values(row)
        .onConflict((oc) => oc.columns(['team', 'slack_user_id']).doUpdateSet(row))
        .execute();
    },
    async reviewLink(team, user) {
      const r = await db
        .selectFrom('review_links')
        .selectAll()
        .where('team', '=', team)
        .where('slack_user_id', '=', user)
        .executeTakeFirst();
      return r ? linkOf(r) : undefined;
    },
    async reviewLinks(team) {
      let q = db.selectFrom('review_links').selectAll().orderBy('team').orderBy('slack_user_id');
      if (team !== undefined) q = q.where('team', '=', team);
      return (await q.execute()).map(linkOf);
    },
    async deleteReviewLink(team, user) {
      const r = await db
        .deleteFrom('review_links')
        .where('team', '=', team)
        .where('slack_user_id', '=', user)
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
    async resealReviewLink(team, user, was, keyId, sealed) {
      await db
        .updateTable('review_links')
        .set({ key_id: keyId, sealed })
        .where('team', '=', team)
        .where('slack_user_id', '=', user)
        .where('sealed', '=', was)
        .execute();
    },
    async scheduleReviewJob(job, now) {
      const id = newId('rjob', now);
      const stored = await db
        .insertInto('review_jobs')
        .values({
          id,
          key: job.key,
          kind: job.kind,
          team: job.team,
          due_at: job.dueAt,
          payload: JSON.stringify(job.payload),
          status: 'pending',
          attempts: 0,
          claimed_by: null,
          claimed_until: null,
          outcome: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return stored?.id === id;
    },
    async claimReviewJobs(holder, limit, now, leaseMs) {
      let due = db
        .selectFrom('review_jobs')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('due_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('claimed_until', '<', now)]),
          ]),
        )
        .orderBy('due_at')
        .limit(limit);
      if (kind === 'postgres') due = due.forUpdate().skipLocked();
      const rows = await db
        .updateTable('review_jobs')
        .set((eb) => ({
          status: 'running' as const,
          claimed_by: holder,
          claimed_until: now + leaseMs,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('id', 'in', due)
        .returningAll()
        .execute();
      return rows.map(jobOf).sort((a, b) => a.dueAt - b.dueAt);
    },
    async finishReviewJob(id, status, outcome, now) {
      await db
        .updateTable('review_jobs')
        .set({ status, outcome: clip(outcome), claimed_by: null, claimed_until: null, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async retryReviewJob(id, at, error, now) {
      await db
        .updateTable('review_jobs')
        .set({
          status: 'pending',
          due_at: at,
          outcome: clip(error),
          claimed_by: null,
          claimed_until: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },
    async pendingReviewJobs(jobKind, team) {
      const rows = await db
        .selectFrom('review_jobs')
        .selectAll()
        .where('kind', '=', jobKind)
        .where('team', '=', team)
        .where('status', 'in', ['pending', 'running'])
        .orderBy('due_at')
        .limit(200)
        .execute();
      return rows.map(jobOf);
    },
    async reviewTracker(team, campaignId) {
      const r = await db
        .selectFrom('review_trackers')
        .selectAll()
        .where('team', '=', team)
        .where('campaign_id', '=', campaignId)
        .executeTakeFirst();
      return r ? trackerOf(r) : undefined;
    },
    async saveReviewTracker(t) {
      const row = {
        team: t.team,
        campaign_id: t.campaignId,
        channel: t.channel,
        ts: t.ts ?? null,
        hash: t.hash ?? null,
        updated_at: t.updatedAt ?? null,
        closed: t.closed ? 1 : 0,
      };
      await db
        .insertInto('review_trackers')
        .values(row)
        .onConflict((oc) => oc.columns(['team', 'campaign_id']).doUpdateSet(row))
        .execute();
    },
    async openReviewTrackers(team) {
      const rows = await db
        .selectFrom('review_trackers')
        .selectAll()
        .where('team', '=', team)
        .where('closed', '=', 0)
        .execute();
      return rows.map(trackerOf);
    },
  };
}
