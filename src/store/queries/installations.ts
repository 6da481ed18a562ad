import { type Kysely, sql } from 'kysely';
import type { InstallationRecord, InstallationRecords, SharedChannels } from '../../ports/store.js';
import type { Database, InstallationsTable } from '../schema.js';

const recordOf = (r: InstallationsTable): InstallationRecord => ({
  key: r.key,
  enterpriseId: r.enterprise_id ?? undefined,
  teamId: r.team_id ?? undefined,
  isEnterpriseInstall: Number(r.is_enterprise_install) === 1,
  keyId: r.key_id,
  sealed: r.sealed,
  installedAt: Number(r.installed_at),
  teamsRemoved: teamsOf(r.teams_removed),
  ...(r.refresh_failure
    ? { refreshFailure: { reason: r.refresh_failure, at: Number(r.refresh_failed_at ?? 0) } }
    : {}),
});

function teamsOf(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export function installationQueries(db: Kysely<Database>): InstallationRecords {
  return {
    async saveInstallation(i) {
      const row = {
        key: i.key,
        enterprise_id: i.enterpriseId ?? null,
        team_id: i.teamId ?? null,
        is_enterprise_install: i.isEnterpriseInstall ? 1 : 0,
        key_id: i.keyId,
        sealed: i.sealed,
        installed_at: i.installedAt,
        teams_removed: JSON.stringify(i.teamsRemoved),
        // A new install starts clean: no refresh held, none refused.
        refresh_claimed_until: null,
        refresh_claimed_by: null,
        refresh_failure: null,
        refresh_failed_at: null,
      };
      // A new install of the same workspace (or org) replaces the old one: Slack issued a new token.
      await db
        .insertInto('installations')
        .values(row)
        .onConflict((oc) => oc.column('key').doUpdateSet(row))
        .execute();
    },
    async installation(key) {
      const row = await db.selectFrom('installations').selectAll().where('key', '=', key).executeTakeFirst();
      return row ? recordOf(row) : undefined;
    },
    async installations() {
      const rows = await db.selectFrom('installations').selectAll().orderBy('key').execute();
      return rows.map(recordOf);
    },
    async setTeamsRemoved(key, teams) {
      await db
        .updateTable('installations')
        .set({ teams_removed: JSON.stringify([...new Set(teams)].sort()) })
        .where('key', '=', key)
        .execute();
    },
    async replaceSealed(key, from, to, keyId) {
      const done = await db
        .updateTable('installations')
        .set({ sealed: to, key_id: keyId })
        .where('key', '=', key)
        .where('sealed', '=', from)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
    async claimRefresh(key, sealed, by, now, untilMs, backoffMs) {
      const taken = await db
        .updateTable('installations')
        .set({ refresh_claimed_until: untilMs, refresh_claimed_by: by })
        .where('key', '=', key)
        .where('sealed', '=', sealed)
        .where((eb) =>
          eb.or([eb('refresh_claimed_until', 'is', null), eb('refresh_claimed_until', '<', now)]),
        )
        .where((eb) =>
          eb.or([eb('refresh_failed_at', 'is', null), eb('refresh_failed_at', '<', now - backoffMs)]),
        )
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },
    async finishRefresh(key, by, from, to, keyId) {
      const done = await db
        .updateTable('installations')
        .set({
          sealed: to,
          key_id: keyId,
          refresh_claimed_until: null,
          refresh_claimed_by: null,
          refresh_failure: null,
          refresh_failed_at: null,
        })
        .where('key', '=', key)
        .where('sealed', '=', from)
        .where('refresh_claimed_by', '=', by)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
    async failRefresh(key, by, reason, now) {
      await db
        .updateTable('installations')
        .set({
          refresh_claimed_until: null,
          refresh_claimed_by: null,
          refresh_failure: reason.slice(0, 200),
          refresh_failed_at: now,
        })
        .where('key', '=', key)
        .where('refresh_claimed_by', '=', by)
        .execute();
    },
    async refreshFailures() {
      const rows = await db
        .selectFrom('installations')
        .select(['key', 'team_id', 'enterprise_id', 'refresh_failure', 'refresh_failed_at'])
        .where('refresh_failure', 'is not', null)
        .orderBy('key')
        .execute();
      return rows.map((r) => ({
        key: r.key,
        teamId: r.team_id ?? undefined,
        enterpriseId: r.enterprise_id ?? undefined,
        reason: r.refresh_failure ?? '',
        at: Number(r.refresh_failed_at ?? 0),
      }));
    },
    async deleteInstallations(keys) {
      if (keys.length === 0) return 0;
      const gone = await db
        .deleteFrom('installations')
        .where('key', 'in', [...keys])
        .executeTakeFirst();
      return Number(gone.numDeletedRows);
    },
  };
}

export function sharedChannelQueries(db: Kysely<Database>): SharedChannels {
  return {
    async setChannelShared(channel, teamId, shared, now) {
      const before = await db
        .selectFrom('shared_channels')
        .select('shared')
        .where('channel', '=', channel)
        .executeTakeFirst();
      const was = before !== undefined && Number(before.shared) === 1;
      const row = {
        channel,
        team_id: teamId ?? null,
        shared: shared ? 1 : 0,
        admins_told: 0,
        changed_at: now,
        checked_at: now,
      };
      // Unshared then shared again: admins are told again (admins_told back to 0 on each change).
      await db
        .insertInto('shared_channels')
        .values(row)
        .onConflict((oc) =>
          oc.column('channel').doUpdateSet(was === shared ? { changed_at: now, checked_at: now } : row),
        )
        .execute();
      return was !== shared;
    },
    async channelSharing(channel) {
      const row = await db
        .selectFrom('shared_channels')
        .select(['shared', 'checked_at'])
        .where('channel', '=', channel)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        shared: Number(row.shared) === 1,
        checkedAt: row.checked_at == null ? null : Number(row.checked_at),
      };
    },
    async sharedAmong(channels) {
      if (channels.length === 0) return new Set();
      const rows = await db
        .selectFrom('shared_channels')
        .select('channel')
        .where('channel', 'in', [...channels])
        .where('shared', '=', 1)
        .execute();
      return new Set(rows.map((r) => r.channel));
    },
    async claimAdminsTold(channel) {
      const taken = await db
        .updateTable('shared_channels')
        .set({ admins_told: 1 })
        .where('channel', '=', channel)
        .where('shared', '=', 1)
        .where('admins_told', '=', 0)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },
    async claimRecheck(channel, staleBefore, now) {
      const taken = await db
        .updateTable('shared_channels')
        .set({ checked_at: now })
        .where('channel', '=', channel)
        .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', staleBefore)]))
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },
    async staleChannels(teamId, staleBefore, limit) {
      const rows = await db
        .selectFrom('shared_channels')
        .select('channel')
        .where('team_id', '=', teamId)
        .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', staleBefore)]))
        // Never checked first (PostgreSQL would put nulls last).
        .orderBy(sql`coalesce(checked_at, 0)`)
        .orderBy('channel')
        .limit(limit)
        .execute();
      return rows.map((r) => r.channel);
    },
  };
}
