import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the local Slack keeps and records: the shapes tests read. */

export interface SlackUser {
  id: string;
  /** The user's own workspace; absent: the workspace the local Slack simulates. */
  team_id?: string;
  /** A member of an Enterprise Grid organisation (users.info `enterprise_user`). */
  enterprise_user?: { enterprise_id: string; enterprise_name: string; teams: string[] };
  name: string;
  tz: string;
  /** The person's Slack language: users.info shows it only when asked with `include_locale`. */
  locale?: string;
  is_bot?: boolean;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  /** Deactivated: users.info still answers (deleted: true); lookups and DMs do not find them. */
  deleted?: boolean;
  /** No `email`: the workspace hides it (slack-facts.md "People and workspaces"). */
  profile: { display_name: string; real_name: string; email?: string };
}

export interface SlackMessage {
  channel: string;
  ts: string;
  text: string;
  blocks: unknown[];
  thread_ts?: string;
  metadata?: unknown;
  /** Posted by a person (shareMessage), not the app. */
  user?: string;
  /** The app's links in it (link_shared) and their previews (chat.unfurl), by URL. */
  shared_links?: string[];
  unfurls?: Record<string, unknown>;
  edited?: boolean;
  /** Files shared with the message (files.completeUploadExternal with a channel). */
  files?: SharedFile[];
}

/** A file as a message shows it. */
export interface SharedFile {
  id: string;
  name: string;
  title: string;
  mimetype: string;
  filetype: string;
  /** Bytes. */
  size: number;
  /** An image's alt text, when the app gave one. */
  alt?: string;
}

export interface EphemeralMessage {
  id: string;
  channel: string;
  user: string;
  text: string;
  blocks: unknown[];
  via: 'chat.postEphemeral' | 'response_url' | 'ack';
  /** Replaced through a response_url with replace_original. */
  replaced?: number;
  /** When it was posted (ms). */
  at: number;
  /** Its place in the channel's timeline, as chat.postEphemeral's message_ts. */
  ts?: string;
}

/** Who a response_url speaks to: the person who clicked or typed, where they did. */
export interface ResponseAudience {
  user: string;
  channel: string;
}

/**
 * What changed in the workspace, as the event stream tells a client (the demo page): a message
 * posted or changed, one deleted, an ephemeral message posted or replaced, a modal opened,
 * updated or closed, a Home tab published.
 */
export type WorkspaceChange =
  | { kind: 'message'; message: SlackMessage }
  | { kind: 'message_deleted'; channel: string; ts: string }
  | { kind: 'ephemeral'; ephemeral: EphemeralMessage }
  | { kind: 'view'; view: OpenView }
  | { kind: 'home'; user: string; view: Record<string, unknown> };

export interface UploadedFile {
  id: string;
  filename: string;
  title: string;
  /** The uploaded bytes, as the app sent them. */
  bytes: Buffer;
  /** The bytes as UTF-8 text (a CSV's lines). */
  content: string;
  /** As Slack tells them by the file's name. */
  mimetype: string;
  filetype: string;
  channel?: string;
  initialComment?: string;
  /** An image's description for screen readers (getUploadURLExternal `alt_txt`). */
  altText?: string;
}

export interface OpenView {
  id: string;
  hash: string;
  view: Record<string, unknown>;
  user?: string;
  trigger_id?: string;
  /** Closed by the person or by a submission Warden accepted. */
  closed?: boolean;
}

export interface RecordedCall {
  method: string;
  args: Record<string, unknown>;
  at: number;
  /** The token the call was made with (which installation, when several serve). */
  token?: string | undefined;
}

export interface SlackFault {
  method: string;
  times?: number;
  /** Answer `{ok:false, error}` with HTTP 200, as Slack does. */
  error?: string;
  /** HTTP 429 with this Retry-After (seconds). */
  rateLimitSeconds?: number;
  /** HTTP status other than 200 (e.g. 503). */
  status?: number;
  /** Carry the call out, then drop the connection without an answer (a crash after Slack acted). */
  dropAfter?: boolean;
  /** Answer this much later. */
  latencyMs?: number;
  /** Carry the call out at once, and answer this much later (a slow way back: Slack has acted). */
  lateAnswerMs?: number;
  /** Only calls naming this channel (`channel` argument). */
  channel?: string;
}

export type ExtraRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  raw: string,
) => Promise<boolean> | boolean;

export interface LocalSlackOptions {
  botToken?: string;
  teamId?: string;
  port?: number;
  /** How long a trigger id stays valid (Slack: 3 s). */
  triggerTtlMs?: number;
  /**
   * Also accept trigger ids minted elsewhere as `t.<epoch ms>.<anything>` (a load generator in
   * another process), still valid for triggerTtlMs from that time.
   */
  timestampedTriggers?: boolean;
  /** Enforce Slack's documented rate limits (429 with Retry-After); off unless asked. */
  rateLimits?: boolean;
  /** How events are retried (events-api.ts); Slack's own schedule unless a test shortens it. */
  events?: EventRetryOptions;
  /**
   * Slack's clock (ms since the epoch): rate limits and their Retry-After, when calls were made,
   * events' signing timestamps. A test shares its clock with Warden (and moves it); the real one
   * otherwise. Trigger ids still expire in real time: their 3 s measure the app's own latency.
   */
  now?: () => number;
}

/**
 * Slack's retries of an event the app did not take (Events API docs, "Error handling"): the app
 * has `timeoutMs` (3 s) to answer 2xx; else Slack sends it again after each delay in turn
 * (nearly at once, after 1 minute, after 5 minutes: up to 3 retries).
 */
export interface EventRetryOptions {
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
}

/** Why Slack retried (X-Slack-Retry-Reason), or that the attempt was taken. */
export type EventOutcome = 'delivered' | 'http_timeout' | 'http_error' | 'connection_failed' | 'timeout';

/** One attempt at delivering an event. */
export interface EventAttempt {
  /** 0 for the first delivery; then the X-Slack-Retry-Num (`retry_attempt` in Socket Mode) sent. */
  retryNum: number;
  /** The app's HTTP status, when it answered in time (over HTTP). */
  status?: number;
  outcome: EventOutcome;
  /** Milliseconds until the answer, the ack, or the give-up. */
  ms: number;
}

/** An event the local Slack sent to the app, and what happened to it. */
export interface EventDelivery {
  eventId: string;
  /** The event's own type (`app_home_opened`). */
  type: string;
  /** The Request URL, or `socket` for Socket Mode. */
  target: string;
  /** The event callback as sent (the same body on every attempt). */
  payload: Record<string, unknown>;
  attempts: EventAttempt[];
  /** Whether an attempt was taken (2xx in time, or acked). */
  delivered: boolean;
  /** The HTTP status of the last attempt, when the app answered it. */
  status?: number;
  /** How many times Slack sent it again. */
  retries: number;
}
