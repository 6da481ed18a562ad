import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';

export const REQUEST_ID_HEADER = 'x-warden-request-id';
const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** What kind of Slack request a parsed body is: `command`, `block_actions`, `view_submission`, … */
export function slackKindOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return 'unknown';
  if ('command' in body && typeof body.command === 'string') return 'command';
  if ('type' in body && typeof body.type === 'string') return body.type.slice(0, 40);
  return 'unknown';
}

export interface RequestContextOptions {
  metrics: Metrics;
  logger: Logger;
  /** While true (shutting down), new requests get 503 so Slack and senders retry elsewhere. */
  draining: () => boolean;
}

/**
 * First on every HTTP request: a request id (a caller's `x-request-id` if it looks like one), on
 * the response and in every log line of the interaction (Bolt's context.requestId); the time
 * until the answer, which for /slack/events is the ack Slack waits for; 503 while draining.
 */
export function requestContext(opts: RequestContextOptions) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const incoming = req.get('x-request-id');
    const id = incoming && INCOMING_ID.test(incoming) ? incoming : randomBytes(6).toString('hex');
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader('x-request-id', id);
    if (opts.draining() && req.path !== '/healthz') {
      res.setHeader('connection', 'close');
      res.status(503).json({ error: 'Warden is shutting down; retry' });
      return;
    }
    const started = performance.now();
    res.on('finish', () => {
      const seconds = (performance.now() - started) / 1_000;
      if (req.path === '/slack/events') opts.metrics.ack.observe({ kind: slackKindOf(req.body) }, seconds);
      opts.logger.debug(
        {
          requestId: id,
          method: req.method,
          // A step-up link's token is a credential until used: never logged.
          path:
            req.path.startsWith('/verify/') && req.path !== '/verify/callback' ? '/verify/:token' : req.path,
          status: res.statusCode,
          ms: Math.round(seconds * 1_000),
        },
        'http',
      );
    });
    next();
  };
}
