import type { Kysely } from 'kysely';
import type { RollupGroup, RollupRecords, RollupWork } from '../../ports/rollups.js';
import type { Database, RollupGroupsTable } from '../schema.js';
import { newId, parseJson } from './common.js';

type Db = Kysely<Database>;

const toGroup = (
  r: Pick<RollupGroupsTable, 'id' | 'channel' | 'summary_ts' | 'created_at'>,
): RollupGroup => ({
  id: r.id,
  channel: r.channel,
  summaryTs: r.summary_ts ?? undefined,
  createdAt: Number(r.created_at),
});

/** The channel's open group, opened when there is none (the unique open_key settles a race). */
async function openGroup(db: Db, channel: string, now: number, windowMs: number): Promise<string> {
  const open = await db
    .selectFrom('rollup_groups')
    .select(['id', 'last_added_at'])
    .where('open_key', '=', channel)
    .executeTakeFirst();
  if (open && Number(open.last_added_at) > now - windowMs) return open.id;
  // idle for a window: closed; what arrives next starts a new summary
  if (open) await db.updateTable('rollup_groups').set({ open_key: null }).where('id', '=', open.id).execute();
  await db
    .insertInto('rollup_groups')
    .values({
      id: newId('RU', now),
      channel,
      open_key: channel,
      summary_ts: null,
      created_at: now,
      last_added_at: now,
      changed_at: now,
      published_at: null,
      published_count: 0,
      claimed_by: null,
      claimed_until: null,
    })
    .onConflict((oc) => oc.column('open_key').doNothing())
    .execute();
  const row = await db
    .selectFrom('rollup_groups')
    .select('id')
    .where('open_key', '=', channel)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Groups with publishing to do, each claimed for one worker (RollupRecords.claimRollupWork). */
async function claimWork(
  db: Db,
  workerId: string,
  now: number,
  leaseMs: number,
  minIntervalMs: number,
  limit: number,
): Promise<RollupWork[]> {
  const unlisted = db.selectFrom('rollup_members').select('group_id').where('listed_ts', 'is', null);
  const due = await db
    .selectFrom('rollup_groups')
    .select('id')
    .where((eb) =>
      eb.and([
        eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]),
        eb.or([
          eb('summary_ts', 'is', null),
          eb('id', 'in', unlisted),
          eb.and([
            eb('changed_at', 'is not', null),
            eb.or([eb('published_at', 'is', null), eb('changed_at', '>', eb.ref('published_at'))]),
            eb.or([eb('published_at', 'is', null), eb('published_at', '<=', now - minIntervalMs)]),
          ]),
        ]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
  const claimed: RollupWork[] = [];
  for (const { id } of due) {
    const row = await db
      .updateTable('rollup_groups')
      .set({ claimed_by: workerId, claimed_until: now + leaseMs })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .returningAll()
      .executeTakeFirst();
    if (!row) continue;
    const count = await db
      .selectFrom('rollup_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', '=', id)
      .executeTakeFirstOrThrow();
    const changed = row.changed_at !== null && Number(row.changed_at) > Number(row.published_at ?? 0);
    const quiet = row.published_at === null || Number(row.published_at) <= now - minIntervalMs;
    claimed.push({
      ...toGroup(row),
      publishedCount: Number(row.published_count),
      memberCount: Number(count.n),
      updateDue: changed && quiet,
    });
  }
  return claimed;
}

/** A finding into the channel's open group (RollupRecords.addToRollup). */
async function addToRollup(
  db: Db,
  channel: string,
  findingId: string,
  finding: unknown,
  now: number,
  windowMs: number,
): Promise<{ groupId: string; added: boolean }> {
  const groupId = await openGroup(db, channel, now, windowMs);
  const inserted = await db
    .insertInto('rollup_members')
    .values({
      group_id: groupId,
      finding_id: findingId,
      finding: JSON.stringify(finding),
      added_at: now,
      listed_ts: null,
    })
    .onConflict((oc) => oc.columns(['group_id', 'finding_id']).doNothing())
    .returning('finding_id')
    .executeTakeFirst();
  await db
    .updateTable('rollup_groups')
    .set({ last_added_at: now, changed_at: now })
    .where('id', '=', groupId)
    .execute();
  return { groupId, added: inserted !== undefined };
}

export function rollupQueries(db: Db): RollupRecords {
  return {
    addToRollup: (channel, findingId, finding, now, windowMs) =>
      addToRollup(db, channel, findingId, finding, now, windowMs),
    async rollupGroup(groupId) {
      const row = await db
        .selectFrom('rollup_groups')
        .selectAll()
        .where('id', '=', groupId)
        .executeTakeFirst();
      return row ? toGroup(row) : undefined;
    },
    async rollupMembers(groupId) {
      const rows = await db
        .selectFrom('rollup_members')
        .select('finding_id')
        .where('group_id', '=', groupId)
        .orderBy('added_at')
        .orderBy('finding_id')
        .execute();
      return rows.map((r) => r.finding_id);
    },
    async rollupsOf(findingId) {
      const rows = await db
        .selectFrom('rollup_members')
        .select('group_id')
        .where('finding_id', '=', findingId)
        .execute();
      return rows.map((r) => r.group_id);
    },
    async markRollupChanged(groupId, now) {
      await db.updateTable('rollup_groups').set({ changed_at: now }).where('id', '=', groupId).execute();
    },
    claimRollupWork: (workerId, now, leaseMs, minIntervalMs, limit) =>
      claimWork(db, workerId, now, leaseMs, minIntervalMs, limit),
    async unlistedMembers(groupId, limit) {
      const rows = await db
        .selectFrom('rollup_members')
        .select(['finding_id', 'finding'])
        .where('group_id', '=', groupId)
        .where('listed_ts', 'is', null)
        .orderBy('added_at')
        .orderBy('finding_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ findingId: r.finding_id, finding: parseJson(r.finding) }));
    },
    async markListed(groupId, findingIds, ts) {
      if (findingIds.length === 0) return;
      await db
        .updateTable('rollup_members')
        .set({ listed_ts: ts })
        .where('group_id', '=', groupId)
        .where('finding_id', 'in', [...findingIds])
        .execute();
    },
    async markPublished(groupId, summaryTs, count, now) {
      await db
        .updateTable('rollup_groups')
        .set({ summary_ts: summaryTs, published_count: count, published_at: now })
        .where('id', '=', groupId)
        .execute();
    },
    async releaseRollup(groupId, workerId) {
      await db
        .updateTable('rollup_groups')
        .set({ claimed_by: null, claimed_until: null })
        .where('id', '=', groupId)
        .where('claimed_by', '=', workerId)
        .execute();
    },
  };
}
