import type { WebClientOptions } from '@slack/web-api';
import { MeteredWebClient } from './metered-web-client.js';

/**
 * Every Web API client Warden makes, by what it is for (one factory, so a 429 policy is chosen
 * by name, not by options copied around):
 * - `peopleWait`: a person is waiting on the answer (forms, users.info, ephemerals): a 429's
 *   Retry-After is waited out, other failures retried briefly.
 * - `paced`: posts and updates that go through the store's pacing (slack/paced-chat.ts), which
 *   waits out a 429 for every caller and replica itself: the client hands it back at once.
 * - `lookup`: lookups a card must not be held for (owners by email): a 429 is handed back and the
 *   caller's cache keeps the failure briefly.
 */
export type SlackClientPolicy = 'peopleWait' | 'paced' | 'lookup';

export interface SlackClientBase {
  token: string;
  /** The base options (API URL, timeout, logger, retries for `peopleWait`). */
  options: WebClientOptions;
  /** Counts a failed call by method and Slack error. */
  onError: (method: string, error: string) => void;
}

export function createSlackClient(policy: SlackClientPolicy, base: SlackClientBase): MeteredWebClient {
  const options: WebClientOptions =
    policy === 'peopleWait'
      ? base.options
      : { ...base.options, rejectRateLimitedCalls: true, retryConfig: { retries: 0 } };
  return new MeteredWebClient(base.token, options, base.onError);
}
