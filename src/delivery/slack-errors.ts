import { z } from 'zod';

/**
 * How a Slack Web API failure affects a delivery: wait what Slack asked (429), try again later
 * (5xx, network), or stop and let an operator look (errors that repeating cannot fix).
 */
export type SlackFailure =
  | { kind: 'rate_limited'; retryAfterMs: number; reason: string }
  | { kind: 'permanent'; reason: string }
  | { kind: 'transient'; reason: string };

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

/** The fields @slack/web-api puts on its errors. */
const WebApiErrorSchema = z.looseObject({
  code: z.string().optional(),
  retryAfter: z.number().optional(),
  data: z.looseObject({ error: z.string().optional() }).optional(),
});

export function classifySlackError(error: unknown): SlackFailure {
  const parsed = WebApiErrorSchema.safeParse(error);
  const e = parsed.success ? parsed.data : {};
  if (e.code === 'slack_webapi_rate_limited_error') {
    return { kind: 'rate_limited', retryAfterMs: (e.retryAfter ?? 30) * 1_000, reason: 'ratelimited' };
  }
  if (e.code === 'slack_webapi_platform_error') {
    const slackError = e.data?.error ?? 'unknown_error';
    return PERMANENT.has(slackError)
      ? { kind: 'permanent', reason: slackError }
      : { kind: 'transient', reason: slackError };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'transient', reason: message.slice(0, 200) };
}
