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
  /**
   * The row's sealed value replaced, only if it still holds `from` (a reseal never overwrites a
   * newer install or refresh); true when it did.
   */
  replaceSealed(key: string, from: string, to: string, keyId: string): Promise<boolean>;
  /** Removes these installations; answers how many there were. */
  deleteInstallations(keys: readonly string[]): Promise<number>;
}

/** Channels shared with another organisation (Slack Connect): no finding details there. */
export interface SharedChannels {
  /** Records what Slack said; true when it changed what was recorded. */
  setChannelShared(
    channel: string,
    teamId: string | undefined,
    shared: boolean,
    now: number,
  ): Promise<boolean>;
  /** What Slack last said of this channel: shared, not shared, or nothing yet (undefined). */
  channelSharing(channel: string): Promise<boolean | undefined>;
  /** The channels among these that are shared now. */
  sharedAmong(channels: readonly string[]): Promise<Set<string>>;
  /** True once per sharing of the channel: its admins are told then, not on every card. */
  claimAdminsTold(channel: string): Promise<boolean>;
}
