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
}

/** OAuth installations (slack/installation-store.ts is Bolt's InstallationStore over it). */
export interface InstallationRecords {
  saveInstallation(record: InstallationRecord): Promise<void>;
  installation(key: string): Promise<InstallationRecord | undefined>;
  installations(): Promise<InstallationRecord[]>;
  /** An org-wide install no longer serves these workspaces (or serves them again: `removed` false). */
  setTeamsRemoved(key: string, teams: readonly string[]): Promise<void>;
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
