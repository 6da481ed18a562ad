import { WebClient, type WebClientOptions } from '@slack/web-api';
import { z } from 'zod';

const ErrorSchema = z.looseObject({
  code: z.string().optional(),
  data: z.looseObject({ error: z.string().optional() }).optional(),
});

/**
 * A Web API client that counts its failures by method and error, for the Slack errors metric.
 * Every call Warden makes (chat.*, views.*, users.*, …) goes through `apiCall`.
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
      const parsed = ErrorSchema.safeParse(error);
      const e = parsed.success ? parsed.data : {};
      const kind =
        e.data?.error ??
        (e.code === 'slack_webapi_rate_limited_error'
          ? 'ratelimited'
          : e.code === 'slack_webapi_http_error'
            ? 'http_error'
            : 'request_error');
      this.#onError(method, kind);
      throw error;
    }
  }
}
