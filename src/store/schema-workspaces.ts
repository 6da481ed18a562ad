/** The workspaces' own tables (migration 0110), as kysely sees them: see schema.ts. */

/** A workspace's state as every replica reads it before calling Slack (slack/workspace-tokens.ts). */
export interface WorkspaceStatesTable {
  team_id: string;
  /** Bumped when its installations change: a replica that read an older one asks them again. */
  generation: number;
  /** Slack refused its token (token_revoked, invalid_auth, …): why, and which token (a fingerprint). */
  stopped_reason: string | null;
  stopped_token: string | null;
  changed_at: number;
}

/** The workspace a direct message Warden opened is in. */
export interface ChannelWorkspacesTable {
  channel: string;
  team_id: string;
  learned_at: number;
}

export interface WorkspaceTables {
  workspace_states: WorkspaceStatesTable;
  channel_workspaces: ChannelWorkspacesTable;
}
