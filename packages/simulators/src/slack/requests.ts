import { createHmac, randomBytes } from 'node:crypto';
import { request } from 'undici';
import type { SlackActor } from './actor.js';

export type { SlackActor } from './actor.js';
export * from './interaction-bodies.js';
export * from './shortcut-bodies.js';

/**
 * Requests as Slack sends them to an app: slash commands and interactivity payloads
 * (interaction-bodies.ts), form-encoded, and Events API callbacks, JSON; each signed with the
 * signing secret (`v0:<timestamp>:<body>`, HMAC-SHA256). Used by the tests, the benchmark, the
 * demo page and the local Slack's own event delivery to drive Warden's real receiver.
 */

export function slackSignature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export function slashCommandBody(
  actor: SlackActor,
  opts: { command?: string; text: string; triggerId: string; responseUrl: string },
): string {
  return new URLSearchParams({
    token: 'legacy',
    team_id: actor.teamId,
    team_domain: 'acme',
    channel_id: actor.channelId,
    channel_name: 'secops',
    user_id: actor.userId,
    user_name: actor.userName ?? actor.userId.toLowerCase(),
    command: opts.command ?? '/warden',
    text: opts.text,
    api_app_id: 'A0WARDEN',
    is_enterprise_install: String(actor.isEnterpriseInstall === true),
    ...(actor.enterprise
      ? { enterprise_id: actor.enterprise.id, enterprise_name: actor.enterprise.name }
      : {}),
    response_url: opts.responseUrl,
    trigger_id: opts.triggerId,
  }).toString();
}

export interface SignedPostResult {
  status: number;
  body: string;
  /** Milliseconds until Warden answered: the ack time as Slack sees it. */
  ms: number;
  /** When the request was sent (ms since the epoch). */
  sentAt: number;
}

/** Posts a form body to Warden, signed as Slack signs it (or deliberately not, for tests). */
export async function postSigned(
  url: string,
  body: string,
  secret: string,
  opts: { timestamp?: number; signature?: string; headers?: Record<string, string> } = {},
): Promise<SignedPostResult> {
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const sentAt = Date.now();
  const started = performance.now();
  const res = await request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': opts.signature ?? slackSignature(secret, timestamp, body),
      ...opts.headers,
    },
    body,
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text, ms: performance.now() - started, sentAt };
}

/** An Events API callback as Slack posts it to the Request URL (docs.slack.dev, "Events API"). */
export interface EventCallback {
  token: string;
  /** null for an organisation's own events (team_access_revoked: Slack names no workspace). */
  team_id: string | null;
  api_app_id: string;
  event: Record<string, unknown> & { type: string };
  type: 'event_callback';
  event_id: string;
  event_time: number;
  authorizations: {
    enterprise_id: string | null;
    team_id: string | null;
    user_id: string;
    is_bot: boolean;
    is_enterprise_install: boolean;
  }[];
  is_ext_shared_channel: boolean;
}

/** The outer callback of one event, authorized for the app's bot user; a fresh `Ev…` event id. */
export function eventCallbackBody(
  teamId: string,
  event: Record<string, unknown> & { type: string },
): EventCallback {
  return {
    token: 'legacy',
    team_id: teamId,
    api_app_id: 'A0WARDEN',
    event,
    type: 'event_callback',
    event_id: `Ev${randomBytes(5).toString('hex').toUpperCase()}`,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [
      {
        enterprise_id: null,
        team_id: teamId,
        user_id: 'U0WARDENBOT',
        is_bot: true,
        is_enterprise_install: false,
      },
    ],
    is_ext_shared_channel: false,
  };
}

export interface SignedJsonResult extends SignedPostResult {
  /** No answer within `timeoutMs`: the request was given up (status 0). */
  timedOut: boolean;
  /** The answer's headers (an app may answer `X-Slack-No-Retry: 1`). */
  headers: Record<string, string>;
}

/**
 * Posts a JSON body to an app, signed as Slack signs event deliveries (same scheme as forms). With
 * `timeoutMs`, an app that has not answered by then is given up on, as Slack does after 3 s.
 * A connection that cannot be made rejects.
 */
export async function postSignedJson(
  url: string,
  body: string | object,
  secret: string,
  opts: {
    timestamp?: number;
    signature?: string;
    headers?: Record<string, string>;
    timeoutMs?: number;
    signal?: AbortSignal;
  } = {},
): Promise<SignedJsonResult> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const sentAt = Date.now();
  const started = performance.now();
  const timeout = opts.timeoutMs === undefined ? undefined : AbortSignal.timeout(opts.timeoutMs);
  const signals = [timeout, opts.signal].filter((s): s is AbortSignal => s !== undefined);
  try {
    const res = await request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': opts.signature ?? slackSignature(secret, timestamp, raw),
        ...opts.headers,
      },
      body: raw,
      ...(signals.length > 0 ? { signal: AbortSignal.any(signals) } : {}),
    });
    const text = await res.body.text();
    const headers = Object.fromEntries(
      Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]),
    );
    return {
      status: res.statusCode,
      body: text,
      ms: performance.now() - started,
      sentAt,
      timedOut: false,
      headers,
    };
  } catch (error) {
    if (timeout?.aborted && opts.signal?.aborted !== true)
      return { status: 0, body: '', ms: performance.now() - started, sentAt, timedOut: true, headers: {} };
    throw error;
  }
}

/** A trigger id a separate process may mint for a local Slack with timestampedTriggers. */
export function mintTriggerId(now = Date.now()): string {
  return `t.${now}.${randomBytes(6).toString('hex')}`;
}
