/** Who a request Slack sends to an app comes from: the person, their workspace, the channel. */
export interface SlackActor {
  userId: string;
  userName?: string;
  /** The workspace the request comes through (`team.id`, a command's `team_id`). */
  teamId: string;
  channelId: string;
  /** The person's own workspace (`user.team_id`): another one in a shared channel. Default: teamId. */
  userTeamId?: string;
  /** An Enterprise Grid organisation the request names, and whether the app is installed org-wide. */
  enterprise?: { id: string; name: string } | null;
  isEnterpriseInstall?: boolean;
}
