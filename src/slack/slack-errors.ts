import { z } from 'zod';
import { SlackApiError, type SlackFailureKind } from '../errors.js';

/**
 * The one place that reads @slack/web-api's errors. Every call Warden makes goes through the
 * metered client, which turns a failure into a SlackApiError with Slack's own code and what it
 * means for the caller: wait (429), try again later, or stop.
 */

/** Errors that repeating cannot fix: an operator or a person has to act. */
const PERMANENT = new Set([
  'channel_not_found',
  'not_in_channel',
  'is_archived',
  'invalid_blocks',
  'invalid_blocks_format',
  'msg_too_long',
  'no_text',
  'restricted_action',
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'missing_scope',
  'invalid_metadata_format',
  'invalid_metadata_schema',
  'ekm_access_denied',
]);

/** Slack codes that mean Warden is not in (or cannot reach) the channel. */
const NOT_IN_CHANNEL = new Set(['not_in_channel', 'channel_not_found']);

const WebApiErrorSchema = z.looseObject({
  code: z.string().optional(),
  retryAfter: z.number().optional(),
  data: z.looseObject({ error: z.string().optional() }).optional(),
});

export function toSlackApiError(method: string, error: unknown): SlackApiError {
  if (error instanceof SlackApiError) return error;
  const parsed = WebApiErrorSchema.safeParse(error);
  const e = parsed.success ? parsed.data : {};
  if (e.code === 'slack_webapi_rate_limited_error') {
    return new SlackApiError(method, 'ratelimited', 'rate_limited', {
      retryAfterMs: (e.retryAfter ?? 30) * 1_000,
      cause: error,
    });
  }
  if (e.code === 'slack_webapi_platform_error') {
    const code = e.data?.error ?? 'unknown_error';
    const kind: SlackFailureKind = PERMANENT.has(code) ? 'permanent' : 'transient';
    return new SlackApiError(method, code, kind, { notInChannel: NOT_IN_CHANNEL.has(code), cause: error });
  }
  const code = e.code === 'slack_webapi_http_error' ? 'http_error' : 'request_error';
  return new SlackApiError(method, code, 'transient', { cause: error });
}

/** The Slack code of a failure, when it is a Slack API failure. */
export function slackCodeOf(error: unknown): string | undefined {
  return error instanceof SlackApiError ? error.slackCode : undefined;
}
