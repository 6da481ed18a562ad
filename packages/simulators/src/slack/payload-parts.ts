import type { SlackActor } from './actor.js';

/** The `user` object of an interactivity payload. */
export function userOf(actor: Omit<SlackActor, 'channelId'>) {
  return {
    id: actor.userId,
    username: actor.userName ?? actor.userId.toLowerCase(),
    name: actor.userName ?? '',
    team_id: actor.userTeamId ?? actor.teamId,
  };
}

/** Form-encoded as Slack posts interactivity: `payload=<JSON>`. */
export function payloadBody(payload: unknown): string {
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}
