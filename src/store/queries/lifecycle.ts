import { type Kysely, type Selectable, sql } from 'kysely';
import type { HomeViews, LifecycleJob, LifecycleStore } from '../../ports/lifecycle.js';
import type { Store } from '../../ports/store.js';
import type { Database, LifecycleJobsTable } from '../schema.js';
import { clip, newId, parseJson } from './common.js';

function progressOf(raw: string): Record<string, string> {
  const parsed = parseJson(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

function toJob(r: Selectable<LifecycleJobsTable>): LifecycleJob {
  return {
    id: r.id,
    kind: r.kind,
    key: r.key,
    dueAt: Number(r.due_at),
    subject: r.subject,
    madeBy: r.made_by,
    approvedBy: r.approved_by,
    payload: parseJson(r.payload),
    status: r.status,
    attempts: Number(r.attempts),
    progress: progressOf(r.progress),
    outcome: r.outcome,
    undelivered: Number(r.undelivered),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    ...(r.team_id ? { teamId: r.team_id } : {}),
  };
}

type Db = Kysely<Database>;

/** The schedule over kysely (ports/lifecycle.ts): claims as the outbox's, SKIP LOCKED on PostgreSQL. */
export function lifecycleQueries(db: Db, kind: Store['kind']): LifecycleStore & HomeViews {
  return {
    async scheduleJob(job, now) {
      const id = newId('job', now);
      const stored = await db
        .insertInto('lifecycle_jobs')
        .values({
          id,
          kind: job.kind,
          key: job.key,
          due_at: job.dueAt,
          subject: job.subject ?? null,
          made_by: job.madeBy ?? null,
          approved_by: job.approvedBy ?? null,
          payload: JSON.stringify(job.payload),
          status: 'pending',
          attempts: 0,
          claimed_by: null,
          claimed_until: null,
          progress: '{}',
          outcome: null,
          undelivered: 0,
          created_at: now,
          updated_at: now,
          team_id: job.teamId ?? null,
        })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            made_by: sql<string | null>`coalesce(lifecycle_jobs.made_by, excluded.made_by)`,
            approved_by: sql<string | null>`coalesce(lifecycle_jobs.approved_by, excluded.approved_by)`,
            team_id: sql<string | null>`coalesce(lifecycle_jobs.team_id, excluded.team_id)`,
          }),
        )
        // One statement on the hot path of every snooze: the row as it stands, new or not.
        .returning('id')
        .executeTakeFirst();
      return stored?.id === id;
    },

    async claimDueJobs(holder, limit, now, leaseMs) {
      let due = db
        .selectFrom('lifecycle_jobs')
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
        .updateTable('lifecycle_jobs')
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
      return rows.map(toJob).sort((a, b) => a.dueAt - b.dueAt);
    },

    async recordJobStep(id, step, result, now) {
      // Only the job's holder writes its progress: read, add, write.
      const row = await db
        .selectFrom('lifecycle_jobs')
        .select('progress')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return;
      const progress = { ...progressOf(row.progress), [step]: clip(result) };
      await db
        .updateTable('lifecycle_jobs')
        .set({ progress: JSON.stringify(progress), updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async finishJob(id, status, outcome, now, undelivered = 0) {
      await db
        .updateTable('lifecycle_jobs')
        .set({
          status,
          outcome: clip(outcome),
          undelivered,
          claimed_by: null,
          claimed_until: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    async retryJob(id, at, error, now) {
      await db
        .updateTable('lifecycle_jobs')
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

    async getJob(id) {
      const row = await db.selectFrom('lifecycle_jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toJob(row) : undefined;
    },

    async pendingJobs(jobKind, until, filter = {}) {
      let q = db
        .selectFrom('lifecycle_jobs')
        .selectAll()
        .where('kind', '=', jobKind)
        .where('status', 'in', ['pending', 'running'])
        .where('due_at', '<=', until)
        .orderBy('due_at')
        .limit(filter.limit ?? 100);
      const person = filter.person;
      if (person) q = q.where((eb) => eb.or([eb('made_by', '=', person), eb('approved_by', '=', person)]));
      if (filter.subject) q = q.where('subject', '=', filter.subject);
      return (await q.execute()).map(toJob);
    },

    async lastFinished(jobKind, subject) {
      const row = await db
        .selectFrom('lifecycle_jobs')
        .selectAll()
        .where('kind', '=', jobKind)
        .where('subject', '=', subject)
        .where('status', 'in', ['done', 'failed', 'skipped'])
        .orderBy('due_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toJob(row) : undefined;
    },

    async lifecycleStats(since) {
      const row = await db
        .selectFrom('lifecycle_jobs')
        .select((eb) => [
          eb.fn.sum<number>(eb.case().when('status', '=', 'pending').then(1).else(0).end()).as('pending'),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([eb('status', '=', 'failed'), eb('updated_at', '>=', since)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('failed'),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([eb('undelivered', '>', 0), eb('updated_at', '>=', since)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('undelivered'),
        ])
        .executeTakeFirst();
      return {
        pending: Number(row?.pending ?? 0),
        failed: Number(row?.failed ?? 0),
        undelivered: Number(row?.undelivered ?? 0),
      };
    },

    async markHomeOpened(userId, now, team = '') {
      await db
        .insertInto('home_views_by_team')
        .values({ team_id: team, user_id: userId, opened_at: now })
        .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet({ opened_at: now }))
        .execute();
    },

    async homeViewers(limit, team = '') {
      const rows = await db
        .selectFrom('home_views_by_team')
        .select('user_id')
        .where('team_id', '=', team)
        .orderBy('opened_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.user_id);
    },

    async homeOpenedBy(userIds, team = '') {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectFrom('home_views_by_team')
        .select('user_id')
        .where('team_id', '=', team)
        .where('user_id', 'in', [...userIds])
        .execute();
      return rows.map((r) => r.user_id);
    },
  };
}
