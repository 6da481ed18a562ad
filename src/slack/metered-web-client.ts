import { WebClient, type WebClientOptions } from '@slack/web-api';
import { toSlackApiError } from './slack-errors.js';

/**
 * A Web API client that counts its failures by method and Slack error (the Slack errors metric)
 * and turns each into a SlackApiError. Every call Warden makes goes through `apiCall`.
 */
export class MeteredWebClient extends WebClient {
  readonly #onError: (method: string, error: string) => void;

  constructor(token: string, options: WebClientOptions, onError: (method: string, error: string) => void) {
    super(token, options);
    this.#onError = onError;
  }

  override async apiCall(
    method: string,
    options?: Parameters<WebClient['apiCall']>[1],
  ): ReturnType<WebClient['apiCall']> {
    try {
      return await super.apiCall(method, options);
    } catch (error) {
      const mapped = toSlackApiError(method, error);
      this.#onError(method, mapped.slackCode);
      throw mapped;
    }
  }
}
