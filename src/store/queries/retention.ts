import type { Kysely } from 'kysely';
import type { RetentionStore, RetentionTarget } from '../../ports/store.js';
import type { Database } from '../schema.js';

type Db = Kysely<Database>;

/** One batch: the ids of at most `limit` matching rows, then those rows (SQLite and PostgreSQL alike). */
async function purgeOutbox(
  db: Db,
  statuses: ('sent' | 'dropped' | 'failed')[],
  before: number,
  limit: number,
) {
  const ids = db
    .selectFrom('outbox')
    .select('id')
    .where('status', 'in', statuses)
    .where('updated_at', '<', before)
    .limit(limit);
  const gone = await db.deleteFrom('outbox').where('id', 'in', ids).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

async function purgeExpired(db: Db, now: number, limit: number) {
  const keys = db
    .selectFrom('seen_requests')
    .select('key')
    .where('expires_at', '<=', now)
    // An intent not yet handled (its process died) is kept while its person can still be answered.
    .where((eb) => eb.or([eb('intent', 'is', null), eb('taken_at', '<=', now - 30 * 60_000)]))
    .limit(limit);
  const requests = await db.deleteFrom('seen_requests').where('key', 'in', keys).executeTakeFirst();
  const claims = await db.deleteFrom('inflight').where('lease_until', '<=', now).executeTakeFirst();
  const cards = await db.deleteFrom('card_claims').where('claimed_until', '<=', now).executeTakeFirst();
  const notices = await db.deleteFrom('owner_notices').where('until', '<=', now).executeTakeFirst();
  // Step-up links a day past their expiry: what happened is in the audit log.
  const links = await db
    .deleteFrom('step_ups')
    .where('expires_at', '<=', now - 86_400_000)
    .executeTakeFirst();
  // Process leases a day past their end (store/instance-lease.ts): their attempts stay orphans
  // without the row, as with it (no live owner).
  const leases = await db
    .deleteFrom('instances')
    .where('lease_until', '<=', now - 86_400_000)
    .executeTakeFirst();
  return [requests, claims, cards, notices, links, leases].reduce((n, r) => n + Number(r.numDeletedRows), 0);
}

/**
 * Roll-ups closed before `before` whose every member is listed in its thread: the group and its
 * members go (the alerts they stood for go with `sentAlerts`, on the same cutoff).
 */
async function purgeRollups(db: Db, before: number, limit: number) {
  const unlisted = db.selectFrom('rollup_members').select('group_id').where('listed_ts', 'is', null);
  const ids = (
    await db
      .selectFrom('rollup_groups')
      .select('id')
      .where('open_key', 'is', null)
      .where('last_added_at', '<', before)
      .where('id', 'not in', unlisted)
      .limit(limit)
      .execute()
  ).map((r) => r.id);
  if (ids.length === 0) return 0;
  await db.deleteFrom('rollup_members').where('group_id', 'in', ids).execute();
  const gone = await db.deleteFrom('rollup_groups').where('id', 'in', ids).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

export function retentionQueries(db: Db): RetentionStore {
  return {
    async purge(target: RetentionTarget, before: number, limit: number) {
      switch (target) {
        case 'sentAlerts':
          return purgeOutbox(db, ['sent', 'dropped'], before, limit);
        case 'failedAlerts':
          return purgeOutbox(db, ['failed'], before, limit);
        case 'audit': {
          const ids = db.selectFrom('audit_log').select('id').where('at', '<', before).limit(limit);
          const gone = await db.deleteFrom('audit_log').where('id', 'in', ids).executeTakeFirst();
          return Number(gone.numDeletedRows);
        }
        case 'seen': {
          const ids = db.selectFrom('seen').select('finding_id').where('seen_at', '<', before).limit(limit);
          const gone = await db.deleteFrom('seen').where('finding_id', 'in', ids).executeTakeFirst();
          return Number(gone.numDeletedRows);
        }
        case 'expired':
          return purgeExpired(db, before, limit);
        case 'rollups':
          return purgeRollups(db, before, limit);
        case 'notes': {
          const ids = db
            .selectFrom('finding_notes')
            .select('id')
            .where('created_at', '<', before)
            .limit(limit);
          const gone = await db.deleteFrom('finding_notes').where('id', 'in', ids).executeTakeFirst();
          return Number(gone.numDeletedRows);
        }
      }
    },
  };
}
