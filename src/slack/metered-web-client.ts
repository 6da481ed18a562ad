import { WebClient, type WebClientOptions } from '@slack/web-api';
import { SlackApiError } from '../errors.js';
import { toSlackApiError } from './slack-errors.js';

/**
 * Where a client's token comes from when Warden serves several workspaces: asked on every call
 * (the installation may have been removed since the last one), or why none serves now
 * (`not_installed`, or the error that stopped the workspace, e.g. `token_revoked`).
 */
export type TokenSource = () => Promise<{ token: string } | { refused: string }>;

/**
 * Told of each failed call: the method, Slack's error, and the token the call went with (none when
 * no call was made), so a token Slack refused can be told from one installed since.
 */
export type FailureHook = (method: string, error: string, token?: string) => void;

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
  readonly #onError: FailureHook;
  readonly #token: string;
  readonly #options: WebClientOptions;
  readonly #perMethod = new Map<string, WebClient>();
  readonly #tokenOf: TokenSource | undefined;

  constructor(token: string | TokenSource, options: WebClientOptions, onError: FailureHook) {
    const fixed = typeof token === 'string' ? token : undefined;
    super(fixed, options);
    this.#token = fixed ?? '';
    this.#tokenOf = typeof token === 'string' ? undefined : token;
    this.#options = options;
    this.#onError = onError;
  }

  override async apiCall(
    method: string,
    options?: Parameters<WebClient['apiCall']>[1],
  ): ReturnType<WebClient['apiCall']> {
    let used: string | undefined = this.#token || undefined;
    try {
      if (this.#tokenOf) {
        const source = await this.#tokenOf();
        // Not installed (any more), or stopped: no call is made, and the failure is final for what needed it.
        if ('refused' in source) {
          used = undefined;
          throw new SlackApiError(method, source.refused, 'permanent');
        }
        used = source.token;
        return await this.#queueOf(method).apiCall(method, { ...options, token: source.token });
      }
      return await this.#queueOf(method).apiCall(method, options);
    } catch (error) {
      const mapped = toSlackApiError(method, error);
      this.#onError(method, mapped.slackCode, used);
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
