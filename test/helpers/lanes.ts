import { randomBytes } from 'node:crypto';
import { parse } from 'node:querystring';
import {
  type AckFn,
  type App,
  AuthorizationError,
  type Receiver,
  ReceiverMultipleAckError,
} from '@slack/bolt';
import { postSigned, postSignedJson, type SignedPostResult } from '@warden/simulators';

/**
 * The two ways a flow test's Slack request reaches Warden (a test picks one: harness `lane`).
 * - `loopback`: signed and POSTed to Warden's real receiver (POST /slack/events): the signature,
 *   the timestamp and replay guard, HTTP codes. What tests of those, Socket Mode and processes use.
 * - `inprocess`: the same Slack payload handed to Warden's Bolt app (`app.processEvent`), through
 *   the same listeners, middleware, runner and ports: no HTTP server hop, no signing, no replay row.
 */
export type LaneName = 'inprocess' | 'loopback';

export interface DeliverOptions {
  /** An Events API callback (JSON) rather than a form body (commands, interactions). */
  json?: boolean;
  /** Request headers as Slack sends them (e.g. x-slack-retry-num). */
  headers?: Record<string, string>;
}

/** One Slack request, as its raw body, to Warden; answers what the ack carried. */
export type Deliver = (raw: string, opts?: DeliverOptions) => Promise<SignedPostResult>;

/** Signed with Warden's clock (Slack's and Warden's agree) and POSTed to its receiver. */
export function loopbackDeliver(url: string, signingSecret: string, now: () => number): Deliver {
  return (raw, opts = {}) => {
    const signed = {
      timestamp: Math.floor(now() / 1_000),
      ...(opts.headers ? { headers: opts.headers } : {}),
    };
    return opts.json
      ? postSignedJson(url, raw, signingSecret, signed)
      : postSigned(url, raw, signingSecret, signed);
  };
}

/** The body as Bolt's HTTP receivers parse it (HTTPModuleFunctions.parseHTTPRequestBody). */
function parseBody(raw: string, json: boolean): Record<string, unknown> {
  if (json) return JSON.parse(raw) as Record<string, unknown>;
  const fields = parse(raw);
  return typeof fields.payload === 'string'
    ? (JSON.parse(fields.payload) as Record<string, unknown>)
    : (fields as Record<string, unknown>);
}

/** What an ack's response becomes on the wire (HTTPModuleFunctions.buildContentResponse). */
const contentOf = (response: unknown): string =>
  !response ? '' : typeof response === 'string' ? response : JSON.stringify(response);

/** Bolt answers a request no listener acked after this long (HTTPResponseAck), with a 404. */
const UNHANDLED_MS = 3_001;

/**
 * A Bolt receiver that takes Slack payloads from the test, not from HTTP. Answers as Bolt's
 * ExpressReceiver would (processBeforeResponse: false): 200 with the ack's response as soon as a
 * listener acks, 401 for an authorization error, 500 for another error before the ack, 404 when
 * nothing acked in time. `ms` is the time until that answer.
 */
export class InProcessReceiver implements Receiver {
  #app: App | undefined;

  init(app: App): void {
    this.#app = app;
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  stop(): Promise<void> {
    return Promise.resolve();
  }

  readonly deliver: Deliver = (raw, opts = {}) => {
    const app = this.#app;
    if (!app) return Promise.reject(new Error('the in-process receiver has no app yet'));
    const sentAt = Date.now();
    const started = performance.now();
    const body = parseBody(raw, opts.json === true);
    const retry = opts.headers?.['x-slack-retry-num'];
    const reason = opts.headers?.['x-slack-retry-reason'];
    return new Promise((resolve) => {
      let acked = false;
      let answered = false;
      const answer = (status: number, text: string) => {
        if (answered) return;
        answered = true;
        clearTimeout(unhandled);
        resolve({ status, body: text, ms: performance.now() - started, sentAt });
      };
      const unhandled = setTimeout(() => answer(404, ''), UNHANDLED_MS);
      const ack: AckFn<unknown> = async (response) => {
        if (acked) throw new ReceiverMultipleAckError();
        acked = true;
        answer(200, contentOf(response));
      };
      app
        .processEvent({
          body,
          ack,
          ...(retry !== undefined ? { retryNum: Number.parseInt(retry, 10) } : {}),
          ...(reason !== undefined ? { retryReason: reason } : {}),
          customProperties: { requestId: randomBytes(6).toString('hex') },
        })
        .catch((error: unknown) => {
          // After the ack the answer is gone already, as over HTTP (Bolt only logs it).
          if (!acked) answer(error instanceof AuthorizationError ? 401 : 500, '');
        });
    });
  };
}
