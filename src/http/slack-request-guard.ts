import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from '../logger.js';
import type { ReplayMemory } from '../ports/store.js';

/** Slack's window for a signed request (api.slack.com/authentication/verifying-requests-from-slack). */
export const SLACK_TOLERANCE_S = 300;
/** Bolt's own body limit, kept: the guard reads the body before Bolt does. */
const BODY_LIMIT = '10mb';

export interface SlackRequestGuardOptions {
  signingSecret: string;
  replays: ReplayMemory;
  clock: () => number;
  logger: Logger;
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
    try {
      const until = (Number(timestamp) + SLACK_TOLERANCE_S + 60) * 1_000;
      first = await o.replays.rememberOnce(`slack:${signature}`, until, now);
    } catch (error) {
      o.logger.error({ err: error }, 'Slack request not taken: the store did not answer');
      res.status(503).send();
      return;
    }
    if (!first) {
      o.logger.warn({ timestamp }, 'replayed Slack request ignored');
      res.status(200).send();
      return;
    }
    Object.assign(req, { rawBody: raw });
    next();
  };
  return [
    express.raw({ type: () => true, limit: BODY_LIMIT }),
    (req: Request, res: Response, next: NextFunction) => void check(req, res, next).catch(next),
  ];
}
