/** An installation as kept: who it is for, and the installation sealed (slack/token-cipher.ts). */
export interface InstallationRecord {
  key: string;
  enterpriseId: string | undefined;
  teamId: string | undefined;
  isEnterpriseInstall: boolean;
  keyId: string;
  sealed: string;
  installedAt: number;
  /** The workspaces an org-wide install was removed from (team_access_revoked). */
  teamsRemoved: readonly string[];
  /** Token rotation: the last refresh Slack refused (cleared by a refresh or an install). */
  refreshFailure?: { reason: string; at: number } | undefined;
}

/** A refresh Slack refused, as /readyz shows it. */
export interface RefreshFailure {
  key: string;
  teamId: string | undefined;
  enterpriseId: string | undefined;
  reason: string;
  at: number;
}

/** OAuth installations (slack/installation-store.ts is Bolt's InstallationStore over it). */
export interface InstallationRecords {
  saveInstallation(record: InstallationRecord): Promise<void>;
  installation(key: string): Promise<InstallationRecord | undefined>;
  installations(): Promise<InstallationRecord[]>;
  /** An org-wide install no longer serves these workspaces (or serves them again: `removed` false). */
  setTeamsRemoved(key: string, teams: readonly string[]): Promise<void>;
  /**
   * The row's sealed value replaced, only if it still holds `from` (a reseal never overwrites a
   * newer install or refresh); true when it did.
   */
  replaceSealed(key: string, from: string, to: string, keyId: string): Promise<boolean>;
  /**
   * Token rotation: this process takes the refresh of the row holding `sealed` (nobody holds it,
   * and no refresh failed within `backoffMs`); true when it did.
   */
  claimRefresh(
    key: string,
    sealed: string,
    by: string,
    now: number,
    untilMs: number,
    backoffMs: number,
  ): Promise<boolean>;
  /** The refreshed value kept (the claim and any failure cleared), if the claim is still this process's. */
  finishRefresh(key: string, by: string, from: string, to: string, keyId: string): Promise<boolean>;
  /** Slack refused the refresh: kept for /readyz, the claim released. */
  failRefresh(key: string, by: string, reason: string, now: number): Promise<void>;
  /** Every installation whose last refresh was refused. */
  refreshFailures(): Promise<RefreshFailure[]>;
  /** Removes these installations; answers how many there were. */
  deleteInstallations(keys: readonly string[]): Promise<number>;
}

/** What Slack last said of a channel, and when it was asked or told (null: before re-checks existed). */
export interface ChannelSharing {
  shared: boolean;
  checkedAt: number | null;
}

/** Channels shared with another organisation (Slack Connect): no finding details there. */
export interface SharedChannels {
  /** Records what Slack said (now is when it was asked or told); true when it changed what was recorded. */
  setChannelShared(
    channel: string,
    teamId: string | undefined,
    shared: boolean,
    now: number,
  ): Promise<boolean>;
  /** What Slack last said of this channel, and when; nothing yet: undefined. */
  channelSharing(channel: string): Promise<ChannelSharing | undefined>;
  /** The channels among these that are shared now. */
  sharedAmong(channels: readonly string[]): Promise<Set<string>>;
  /** True once per sharing of the channel: its admins are told then, not on every card. */
  claimAdminsTold(channel: string): Promise<boolean>;
  /**
   * Claims a re-check of a verdict older than `staleBefore` (one statement: replicas ask Slack
   * once): true when this caller moved its `checked_at` to `now`.
   */
  claimRecheck(channel: string, staleBefore: number, now: number): Promise<boolean>;
  /** This workspace's channels whose verdict is older than `staleBefore` (never checked first). */
  staleChannels(teamId: string, staleBefore: number, limit: number): Promise<string[]>;
}
