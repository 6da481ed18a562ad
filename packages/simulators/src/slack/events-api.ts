import { homeView } from './methods/views.js';
import { type EventCallback, postSignedJson } from './requests.js';
import type { SocketModeHub } from './socket.js';
import type { EventAttempt, EventDelivery, EventRetryOptions } from './types.js';
import { dmChannelOf, type Workspace } from './workspace.js';

/**
 * Slack's side of the Events API (docs.slack.dev, "Events API" and "Socket Mode"): an event goes
 * to the app's Request URL as a signed JSON POST, or over Socket Mode in an `events_api`
 * envelope. An app that does not answer 2xx within 3 s (or ack, over Socket Mode) gets it again,
 * up to 3 times: nearly at once, after 1 minute, after 5 minutes, with `X-Slack-Retry-Num` and
 * `X-Slack-Retry-Reason` (`retry_attempt`, `retry_reason` in the envelope). Slack does not wait
 * for a late answer: at 3 s the attempt has failed (`http_timeout`). An error answer with
 * `X-Slack-No-Retry: 1` is not retried.
 */

export const SLACK_EVENT_RETRIES = { timeoutMs: 3_000, retryDelaysMs: [0, 60_000, 300_000] } as const;

export interface EventTransport {
  signingSecret: string;
  socket: SocketModeHub;
  /** Aborted when the local Slack closes: no attempt or retry after that. */
  signal: AbortSignal;
  /** Slack's clock: the signing timestamp. */
  now: () => number;
}

export type EventTarget = { url: string } | 'socket';

/** Waits `ms`; false when the wait was cut short by `signal`. */
function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

type Tried = { attempt: EventAttempt; stop: boolean };

async function overHttp(
  t: EventTransport,
  url: string,
  payload: EventCallback,
  retryNum: number,
  reason: string,
  timeoutMs: number,
): Promise<Tried | undefined> {
  const started = performance.now();
  const headers: Record<string, string> =
    retryNum > 0 ? { 'x-slack-retry-num': String(retryNum), 'x-slack-retry-reason': reason } : {};
  try {
    const res = await postSignedJson(url, payload, t.signingSecret, {
      headers,
      timeoutMs,
      signal: t.signal,
      timestamp: Math.floor(t.now() / 1_000),
    });
    if (res.timedOut) return { attempt: { retryNum, outcome: 'http_timeout', ms: res.ms }, stop: false };
    const ok = res.status >= 200 && res.status < 300;
    return {
      attempt: { retryNum, status: res.status, outcome: ok ? 'delivered' : 'http_error', ms: res.ms },
      stop: ok || res.headers['x-slack-no-retry'] === '1',
    };
  } catch {
    if (t.signal.aborted) return undefined;
    return {
      attempt: { retryNum, outcome: 'connection_failed', ms: performance.now() - started },
      stop: false,
    };
  }
}

async function overSocket(
  t: EventTransport,
  payload: EventCallback,
  retryNum: number,
  reason: string,
  timeoutMs: number,
): Promise<Tried> {
  const started = performance.now();
  if (!t.socket.connected) return { attempt: { retryNum, outcome: 'connection_failed', ms: 0 }, stop: false };
  try {
    const ack = await t.socket.send('events_api', payload, timeoutMs, { attempt: retryNum, reason });
    return { attempt: { retryNum, outcome: 'delivered', ms: ack.ms }, stop: true };
  } catch {
    return { attempt: { retryNum, outcome: 'timeout', ms: performance.now() - started }, stop: false };
  }
}

/**
 * Delivers one event callback and retries it as Slack does; `delivery` is filled in as it goes
 * (a test may watch it) and resolved when the event was taken, refused for good, or given up.
 */
export async function deliverEvent(
  t: EventTransport,
  payload: EventCallback,
  target: EventTarget,
  delivery: EventDelivery,
  opts: EventRetryOptions = {},
): Promise<EventDelivery> {
  const timeoutMs = opts.timeoutMs ?? SLACK_EVENT_RETRIES.timeoutMs;
  const delays = opts.retryDelaysMs ?? SLACK_EVENT_RETRIES.retryDelaysMs;
  let reason = '';
  for (let retryNum = 0; retryNum <= delays.length; retryNum++) {
    if (retryNum > 0 && !(await wait(delays[retryNum - 1] ?? 0, t.signal))) break;
    if (t.signal.aborted) break;
    const tried =
      target === 'socket'
        ? await overSocket(t, payload, retryNum, reason, timeoutMs)
        : await overHttp(t, target.url, payload, retryNum, reason, timeoutMs);
    if (!tried) break;
    delivery.attempts.push(tried.attempt);
    delivery.retries = retryNum;
    if (tried.attempt.status !== undefined) delivery.status = tried.attempt.status;
    delivery.delivered = tried.attempt.outcome === 'delivered';
    if (tried.stop) break;
    reason = tried.attempt.outcome;
  }
  return delivery;
}

/**
 * The app_home_opened event of `user` opening the app's Home tab (its event page): their DM with
 * the app as `channel`, and the Home view published for them, if any, with its id. Only a person
 * of the workspace can open it: not a bot, not a deactivated account.
 */
export function appHomeOpened(ws: Workspace, user: string): Record<string, unknown> & { type: string } {
  const person = ws.users.get(user);
  if (!person || person.is_bot === true || person.deleted === true)
    throw new Error(`${user} is not a person of the workspace who can open the app's Home`);
  const view = homeView(ws, user);
  return {
    type: 'app_home_opened',
    user,
    channel: dmChannelOf(user),
    tab: 'home',
    event_ts: ws.nextTs(),
    ...(view ? { view } : {}),
  };
}
