/** Installations and what Slack said of channels' sharing (migrations 0090, 0115, 0125). */

/** An OAuth installation, encrypted (migration 0090): `org:<E…>` or `team:<T…>`. */
export interface InstallationsTable {
  key: string;
  enterprise_id: string | null;
  team_id: string | null;
  is_enterprise_install: number;
  /** Which key sealed it (a rotation re-seals what the previous key wrote). */
  key_id: string;
  sealed: string;
  installed_at: number;
  /** JSON array of team ids an org-wide install no longer serves. */
  teams_removed: string;
  /** Token rotation (migration 0115): the refresh claimed by a process, and a refused one. */
  refresh_claimed_until: number | null;
  refresh_claimed_by: string | null;
  refresh_failure: string | null;
  refresh_failed_at: number | null;
}

/** A channel Slack said is shared with another organisation (Slack Connect). */
export interface SharedChannelsTable {
  channel: string;
  team_id: string | null;
  shared: number;
  admins_told: number;
  changed_at: number;
  /** When Slack was last asked or told (migration 0125); null: never, ask again. */
  checked_at: number | null;
}

export interface InstallationTables {
  installations: InstallationsTable;
  shared_channels: SharedChannelsTable;
}
