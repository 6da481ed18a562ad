import type express from 'express';
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
}

/** What operators look at: /healthz, /readyz and /metrics with the gauges read at scrape time. */
export function wireOperations(o: OperationsOptions): void {
  const { http, ports, poller } = o;
  registerHealthRoutes(http, {
    store: o.store,
    tenantAuth: o.tenantAuth,
    now: ports.clock,
    stuckAfterMs: 15 * 60_000,
    pollerLagMs: () => poller?.lagMs(ports.clock()),
    pollIntervalMs: o.pollIntervalMs,
  });
  registerStateGauges(ports.metrics, {
    workQueue: () => o.work.size,
    outbox: () => o.store.outboxStats(ports.clock()),
    ...(poller ? { pollerLastSuccessAt: () => poller.lastSuccessAt } : {}),
    now: ports.clock,
  });
  http.get('/metrics', async (_req, res) => {
    try {
      res.type(ports.metrics.registry.contentType).send(await ports.metrics.registry.metrics());
    } catch (error) {
      ports.logger.warn({ err: error }, 'metrics could not be collected');
      res.status(500).send('metrics unavailable');
    }
  });
}
