import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import { StoreUnavailableError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { PrivatePort } from '../ports/slack.js';
import type { ReplayMemory } from '../ports/store.js';
import { REQUEST_ID_HEADER } from './request-context.js';
import { INTENT_KEY, intentOf } from './request-intent.js';
import { outageAnswer } from './store-outage-answer.js';

/** Slack's window for a signed request (api.slack.com/authentication/verifying-requests-from-slack). */
export const SLACK_TOLERANCE_S = 300;
/** Bolt's own body limit, kept: the guard reads the body before Bolt does. */
const BODY_LIMIT = '10mb';

/**
 * How long the store may take to say whether a request is new: Slack waits 3 s for the ack, and
 * the answer to a request that cannot be taken must be in it.
 */
const REMEMBER_DEADLINE_MS = 2_000;

export interface SlackRequestGuardOptions {
  signingSecret: string;
  replays: ReplayMemory;
  clock: () => number;
  logger: Logger;
  /** Tells a person their request was not taken (the store is down); a bare 503 without it. */
  privately?: PrivatePort | undefined;
  /** This process (store/instance-lease.ts): a person's request is kept with its id before the ack. */
  instanceId?: string | undefined;
}

/** The store's answer, or a StoreUnavailableError once `ms` have passed without one. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError(`no answer in ${ms} ms`, 'connection')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The store did not answer: the person is told (the form keeps what was typed), Slack gets its
 * ack; what has no one to tell gets 503 (an event: Slack delivers it again).
 */
function notTaken(o: SlackRequestGuardOptions, req: Request, res: Response, raw: Buffer): void {
  const ref = String(req.headers[REQUEST_ID_HEADER] ?? '');
  const answer = o.privately ? outageAnswer(raw, ref) : { kind: 'unavailable' as const };
  if (answer.kind === 'form') {
    res.status(200).json(answer.body);
    return;
  }
  if (answer.kind === 'unavailable') {
    res.status(503).send();
    return;
  }
  res.status(200).send();
  // After the ack; bounded (response_url only where Slack's origin is, 5 s), never throws.
  void o.privately?.send(answer.audience, { text: answer.text }, { responseUrlFirst: true });
}

function signatureOf(secret: string, timestamp: string, body: Buffer): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:`).update(body).digest('hex')}`;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * In front of Bolt on POST /slack/events. Bolt checks that a request is not older than 5 minutes
 * but not that it is not from the future, and remembers nothing across processes. Here: the
 * signature, a timestamp within 300 s of now either way, and a request seen before (by its
 * signature) within that window is acknowledged and ignored, whichever replica took it first,
 * even after a restart (the store keeps it). The body is handed on to Bolt as `rawBody`.
 */
export function slackRequestGuard(o: SlackRequestGuardOptions) {
  const check = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const timestamp = req.get('x-slack-request-timestamp') ?? '';
    const signature = req.get('x-slack-signature') ?? '';
    const now = o.clock();
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1_000 - Number(timestamp)) > SLACK_TOLERANCE_S) {
      o.logger.warn({ timestamp: timestamp.slice(0, 16) }, 'Slack request refused: timestamp outside 300 s');
      res.status(401).send();
      return;
    }
    if (!sameText(signature, signatureOf(o.signingSecret, timestamp, raw))) {
      o.logger.warn('Slack request refused: bad signature');
      res.status(401).send();
      return;
    }
    let first: boolean;
    const key = `slack:${signature}`;
    // What a person asked is kept with the record, before the ack (request-intent.ts).
    const body = o.instanceId ? intentOf(raw, req.get('content-type')) : undefined;
    const ref = String(req.headers[REQUEST_ID_HEADER] ?? '');
    const keep = body && o.instanceId ? { body, instanceId: o.instanceId, ref } : undefined;
    try {
      const until = (Number(timestamp) + SLACK_TOLERANCE_S + 60) * 1_000;
      first = await within(o.replays.rememberOnce(key, until, now, keep), REMEMBER_DEADLINE_MS);
    } catch (error) {
      const ref = req.headers[REQUEST_ID_HEADER];
      o.logger.error({ err: error, ref }, 'Slack request not taken: the store did not answer');
      notTaken(o, req, res, raw);
      return;
    }
    if (!first) {
      o.logger.warn({ timestamp }, 'replayed Slack request ignored');
      res.status(200).send();
      return;
    }
    Object.assign(req, keep ? { rawBody: raw, [INTENT_KEY]: key } : { rawBody: raw });
    next();
  };
  return [
    express.raw({ type: () => true, limit: BODY_LIMIT }),
    (req: Request, res: Response, next: NextFunction) => void check(req, res, next).catch(next),
  ];
}
