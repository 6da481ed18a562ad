import type { WebClientOptions } from '@slack/web-api';
import { type FailureHook, MeteredWebClient, type TokenSource } from './metered-web-client.js';

/**
 * Every Web API client Warden makes, by what it is for (one factory, so a 429 policy is chosen
 * by name, not by options copied around). Whatever the policy, each method has its own request
 * queue (metered-web-client.ts): a 429 on one method never holds a call to another.
 * - `peopleWait`: a person is waiting on the answer (form updates, users.info, ephemerals): a
 *   429's Retry-After is waited out (by that method's calls only), other failures retried briefly.
 * - `trigger`: calls bound to a trigger_id (views.open, views.push), which Slack honours for 3 s:
 *   a 429 is handed back at once and nothing is retried (a trigger is used once), so the runner
 *   tells the person at once rather than opening a modal after its trigger died.
 * - `paced`: posts and updates that go through the store's pacing (slack/paced-chat.ts), which
 *   waits out a 429 for every caller and replica itself: the client hands it back at once.
 * - `lookup`: calls nothing may be held for (owners by email, Home tabs): a 429 is handed back;
 *   the owner directory keeps the failure briefly, the Home refresher tries after Retry-After.
 */
export type SlackClientPolicy = 'peopleWait' | 'trigger' | 'paced' | 'lookup';

export interface SlackClientBase {
  /** The bot token, or (several workspaces) where to get the workspace's token on each call. */
  token: string | TokenSource;
  /** The base options (API URL, timeout, logger, retries for `peopleWait`). */
  options: WebClientOptions;
  /** Counts a failed call by method and Slack error (and tells the workspace's token source). */
  onError: FailureHook;
}

export function createSlackClient(policy: SlackClientPolicy, base: SlackClientBase): MeteredWebClient {
  const options: WebClientOptions =
    policy === 'peopleWait'
      ? base.options
      : { ...base.options, rejectRateLimitedCalls: true, retryConfig: { retries: 0 } };
  return new MeteredWebClient(base.token, options, base.onError);
}
