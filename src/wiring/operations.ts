import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import type { AdminConfig } from '../config-admin.js';
import type { Poller } from '../delivery/poller.js';
import { registerHealthRoutes } from '../http/health.js';
import { registerStateGauges } from '../metrics.js';
import type { Ports } from '../ports/index.js';
import type { Store } from '../ports/store.js';
import type { WorkQueue } from '../slack/work-queue.js';
import type { TokenProvider } from '../tenant/auth.js';

export interface OperationsOptions {
  http: express.Application;
  ports: Pick<Ports, 'clock' | 'metrics' | 'logger'>;
  store: Store;
  tenantAuth: TokenProvider;
  work: WorkQueue;
  poller: Poller | undefined;
  pollIntervalMs: number | undefined;
  /** ADMIN_PORT and ADMIN_TOKEN (config-admin.ts); none: nothing of an operator's on the public port. */
  admin?: AdminConfig | undefined;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether a request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerOf(token: AdminConfig['token']): (req: Request) => boolean {
  if (!token) return () => false;
  const expected = digest(token.reveal());
  return (req) => {
    const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}

/**
 * What operators look at: /healthz, /readyz and /metrics with the gauges read at scrape time.
 * /healthz is open on the public port; /readyz's reasons and /metrics are served on ADMIN_PORT
 * (the app returned, listened on by the lifecycle) and, on the public port, only to a request
 * with ADMIN_TOKEN as its bearer token: a stranger learns no queue depths, errors or names.
 */
export function wireOperations(o: OperationsOptions): {
  admin: { app: express.Application; port: number } | undefined;
} {
  const { http, ports, poller } = o;
  const health = {
    store: o.store,
    tenantAuth: o.tenantAuth,
    now: ports.clock,
    stuckAfterMs: 15 * 60_000,
    pollerLagMs: () => poller?.lagMs(ports.clock()),
    pollIntervalMs: o.pollIntervalMs,
  };
  registerStateGauges(ports.metrics, {
    workQueue: () => o.work.size,
    outbox: () => o.store.outboxStats(ports.clock()),
    ...(poller ? { pollerLastSuccessAt: () => poller.lastSuccessAt } : {}),
    now: ports.clock,
  });
  const metrics = async (_req: Request, res: Response) => {
    try {
      res.type(ports.metrics.registry.contentType).send(await ports.metrics.registry.metrics());
    } catch (error) {
      ports.logger.warn({ err: error }, 'metrics could not be collected');
      res.status(500).send('metrics unavailable');
    }
  };
  const token = o.admin?.token;
  const operator = bearerOf(token);
  registerHealthRoutes(http, health, operator);
  http.get('/metrics', async (req, res) => {
    if (operator(req)) {
      await metrics(req, res);
      return;
    }
    if (token) {
      res.setHeader('www-authenticate', 'Bearer');
      res.status(401).json({ error: 'metrics need Authorization: Bearer <ADMIN_TOKEN>' });
      return;
    }
    res.status(404).json({ error: 'metrics are served on ADMIN_PORT (or here with ADMIN_TOKEN)' });
  });
  const port = o.admin?.port;
  if (!port) return { admin: undefined };
  const admin = express().disable('x-powered-by');
  registerHealthRoutes(admin, health, () => true);
  admin.get('/metrics', metrics);
  return { admin: { app: admin, port } };
}
