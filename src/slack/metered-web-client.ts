import { WebClient, type WebClientOptions } from '@slack/web-api';
import { toSlackApiError } from './slack-errors.js';

/**
 * A Web API client that counts its failures by method and Slack error (the Slack errors metric)
 * and turns each into a SlackApiError. Every call Warden makes goes through `apiCall`.
 *
 * Each method gets its own request queue. Slack limits each method on its own ("per method, per
 * workspace, per app"), but @slack/web-api pauses a client's whole queue while it waits out one
 * call's 429: a Home tab's `views.publish` over its limit would hold a click's `views.open` past
 * its trigger's 3 s. So every method's calls go through a client of their own (made on first use,
 * one per method Warden calls), and a 429 waits out only that method.
 */
export class MeteredWebClient extends WebClient {
  readonly #onError: (method: string, error: string) => void;
  readonly #token: string;
  readonly #options: WebClientOptions;
  readonly #perMethod = new Map<string, WebClient>();

  constructor(token: string, options: WebClientOptions, onError: (method: string, error: string) => void) {
    super(token, options);
    this.#token = token;
    this.#options = options;
    this.#onError = onError;
  }

  override async apiCall(
    method: string,
    options?: Parameters<WebClient['apiCall']>[1],
  ): ReturnType<WebClient['apiCall']> {
    try {
      return await this.#queueOf(method).apiCall(method, options);
    } catch (error) {
      const mapped = toSlackApiError(method, error);
      this.#onError(method, mapped.slackCode);
      throw mapped;
    }
  }

  #queueOf(method: string): WebClient {
    let client = this.#perMethod.get(method);
    if (!client) {
      client = new WebClient(this.#token, this.#options);
      this.#perMethod.set(method, client);
    }
    return client;
  }
}
