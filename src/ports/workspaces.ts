/**
 * What the store keeps of the workspaces Warden serves, shared by replicas: whether Slack refused a
 * workspace's token and a generation of its installations (read before each call to Slack:
 * slack/workspace-tokens.ts), and which workspace a direct message Warden opened is in.
 */

/** A workspace as the store knows it; absent when nothing happened to it yet. */
export interface WorkspaceState {
  /** Bumped by every change to its installations (an install, an uninstall, a revocation). */
  generation: number;
  /** Slack refused this token (a fingerprint of it, never the token) for this reason. */
  stopped?: { reason: string; token: string } | undefined;
}

export interface WorkspaceStates {
  /** One read by primary key: on the path of every call to Slack. */
  workspaceState(teamId: string): Promise<WorkspaceState | undefined>;
  /** Slack refused the token with this fingerprint: every replica stops using it. */
  stopWorkspace(teamId: string, reason: string, token: string, now: number): Promise<void>;
  /** The installations of these workspaces changed: every replica reads them again before its next call. */
  workspacesChanged(teamIds: readonly string[], now: number): Promise<void>;
  /**
   * Rows written for the one workspace of SLACK_BOT_TOKEN before workspaces were kept by id (Home
   * tabs opened, under team ''): theirs, by its id.
   */
  adoptHomeViews(teamId: string): Promise<void>;
}

export interface ChannelWorkspaces {
  /** The workspace of a direct message Warden opened, if one was recorded. */
  channelWorkspace(channel: string): Promise<string | undefined>;
  /** Records it (a channel never changes workspace: a second record changes nothing). */
  recordChannelWorkspace(channel: string, teamId: string, now: number): Promise<void>;
}
