import type { Server } from 'node:http';
import type { App } from '@slack/bolt';
import type express from 'express';
import type { ContainFollower } from '../delivery/contain-follower.js';
import type { LifecycleRunner } from '../delivery/lifecycle-runner.js';
import type { Poller } from '../delivery/poller.js';
import type { RollupPublisher } from '../delivery/rollup-publisher.js';
import { Ticker, unlessStoreDown } from '../delivery/ticker.js';
import type { DeliveryWorker } from '../delivery/worker.js';
import { isStoreUnavailable, StartupError } from '../errors.js';
import type { Ports, Timers } from '../ports/index.js';
import type { WorkQueue } from '../slack/work-queue.js';
import type { InstanceLease } from '../store/instance-lease.js';
import { realTimers } from '../timers.js';
import type { Sweeps } from './background.js';

export interface LifecycleParts {
  http: express.Application;
  app: App;
  socketMode: boolean;
  /** Logs and timers (the same in every workspace). */
  core: Pick<Ports, 'logger' | 'timers'>;
  work: WorkQueue;
  worker: DeliveryWorker;
  poller: Poller | undefined;
  publisher: RollupPublisher;
  /** Reminders, ends and digests (the store's schedule). */
  lifecycleRunner: LifecycleRunner;
  /** Every workspace's Home refreshes, stopped last. */
  stopHomes: () => Promise<void>;
  /** Four-eyes expiry, held steps' expiry, interrupted changes: each item in its own workspace. */
  sweeps: Sweeps;
  /** Access reviews' schedule (WARDEN_CONFIG `reviews`): started with the rest, stopped first. */
  reviewRunner?: { start(): void; stop(): Promise<void> } | undefined;
  /** Containments' tasks followed (the store's schedule), every `everyMs`. */
  containFollower?: { follower: ContainFollower; everyMs: number } | undefined;
  /** Closed last: the tenant pool, and the store when Warden opened it. */
  close: () => Promise<void>;
  /** While true, new HTTP requests get 503 (request-context.ts reads it). */
  setDraining: (draining: boolean) => void;
  /** Deletes what retention no longer keeps (in small batches): at start, then hourly. */
  sweepRetention: () => Promise<unknown>;
  /** This process's lease in the store, renewed on a heartbeat from start to the end of the stop. */
  lease: InstanceLease;
  /** Subscribes to the store answering again after an outage; returns the unsubscribe. */
  onStoreBack: (listener: () => void) => () => void;
  /** /healthz, /readyz and /metrics on a port of their own (ADMIN_PORT), closed first on a stop. */
  admin?: { app: express.Application; port: number } | undefined;
  /** Slack Connect's pass over every workspace (wiring/connect.ts): at start, then every 30 s. */
  connectSweeps?: () => Promise<void>;
  /** Carries out what a dead process acknowledged but never handled (listeners/request-intents.ts). */
  recoverRequests?: () => Promise<unknown>;
  /** SLA clocks: the minute sweep and the tenant's audit events read (wiring/sla.ts); none without a policy. */
  sla?: { sweep: () => Promise<unknown>; auditSync: () => Promise<unknown> } | undefined;
}

export interface Lifecycle {
  /** Listens on `port` (0 picks a free one), then starts the worker, the poller and the sweeps. */
  start(port: number): Promise<Server>;
  /**
   * Graceful stop: refuse new requests, let interactions and the delivery batch in flight finish
   * (up to `deadlineMs`), then close connections and the store. Unfinished alerts stay in the
   * outbox for the next start.
   */
  stop(deadlineMs: number): Promise<void>;
}

/**
 * The background jobs: four-eyes requests past their deadline closed (every minute); state
 * changes a dead process left half done reconciled (at start, then at every heartbeat: a
 * process's lease is gone seconds after it dies); old rows deleted (at start, then hourly). A
 * failure is logged, the next run tries again. Returns their stop.
 */
function startJobs(parts: LifecycleParts): () => void {
  const { core, sweeps } = parts;
  const job = (run: () => Promise<unknown>, what: string, timers: Timers = core.timers) =>
    new Ticker(
      run,
      unlessStoreDown((error) => core.logger.warn({ err: error }, what)),
      timers,
    );
  // Beats with the lease it reads (wall time, store/instance-lease.ts), not with Warden's clock.
  const reconcile = job(
    () => sweeps.attempts(parts.lease),
    'reconciling interrupted state changes failed',
    realTimers,
  );
  const jobs: [Ticker, number, boolean][] = [
    [job(() => sweeps.approvals(), 'approval expiry sweep failed'), 60_000, false],
    [job(() => sweeps.heldSteps(), 'held workflow step expiry sweep failed'), 60_000, false],
    [reconcile, parts.lease.heartbeatMs, true],
    [
      job(
        () => parts.recoverRequests?.() ?? Promise.resolve(),
        'carrying out requests a stopped process acknowledged failed',
        realTimers,
      ),
      parts.lease.heartbeatMs,
      true,
    ],
    ...(parts.containFollower
      ? ([
          [
            job(
              () => parts.containFollower?.follower.runOnce() ?? Promise.resolve(),
              'containment follow-up failed',
            ),
            parts.containFollower.everyMs,
            true,
          ],
        ] as [Ticker, number, boolean][])
      : []),
    ...(parts.sla
      ? ([
          [job(parts.sla.sweep, 'SLA sweep failed'), 60_000, true],
          [
            job(parts.sla.auditSync, "reading the tenant's audit events for SLA clocks failed"),
            300_000,
            true,
          ],
        ] as [Ticker, number, boolean][])
      : []),
    [job(() => parts.sweepRetention(), 'retention sweep failed'), 3_600_000, true],
    [job(() => parts.connectSweeps?.() ?? Promise.resolve(), 'Slack Connect sweep failed'), 30_000, true],
  ];
  for (const [ticker, everyMs, now] of jobs) ticker.start(everyMs, now);
  // Once the store answers again after an outage, everything that paused goes on at once: the
  // outbox, the schedule, and changes the outage interrupted (this process's own once past their
  // deadline; others' once this process has held its lease for a whole lease again).
  const unsubscribe = parts.onStoreBack(() => {
    parts.worker.wake();
    parts.lifecycleRunner.kick();
    reconcile.kick();
  });
  return () => {
    unsubscribe();
    for (const [ticker] of jobs) void ticker.stop();
  };
}

export function createLifecycle(parts: LifecycleParts): Lifecycle {
  const { work, worker, poller } = parts;
  const logger = parts.core.logger;
  let server: Server | undefined;
  let adminServer: Server | undefined;
  let stopJobs: (() => void) | undefined;
  let stopping: Promise<void> | undefined;
  // Renewed until the stop has finished what was in hand: a lease that lapsed mid-drain would
  // let another replica settle changes this one is still making.
  const heartbeat = new Ticker(
    () => parts.lease.renew(),
    unlessStoreDown((error) => logger.warn({ err: error }, 'instance lease not renewed')),
    // The lease's liveness is wall time (store/instance-lease.ts): a test moving Warden's clock
    // by hours must not make its own process look dead.
    realTimers,
  );
  const unsubscribeHeartbeat = parts.onStoreBack(() => heartbeat.kick());

  async function start(port: number): Promise<Server> {
    // Before any request can make an attempt that names this process. A store that does not
    // answer (or refuses writes) is an outage, not a reason to exit: no attempt can be written
    // either, and the heartbeat takes the lease once the store is back.
    await parts.lease.renew().catch((error: unknown) => {
      if (!isStoreUnavailable(error)) throw error;
    });
    heartbeat.start(parts.lease.heartbeatMs);
    const listen = (app: express.Application, on: number) =>
      new Promise<Server>((resolve, reject) => {
        const s = app.listen(on, '0.0.0.0', () => resolve(s));
        s.once('error', reject);
      });
    server = await listen(parts.http, port);
    if (parts.admin)
      adminServer = await listen(parts.admin.app, parts.admin.port).catch((error: unknown) => {
        server?.close();
        throw new StartupError(
          `ADMIN_PORT ${parts.admin?.port} cannot be listened on (${error instanceof Error ? error.message : String(error)})`,
          { cause: error },
        );
      });
    if (parts.socketMode)
      await parts.app.start().catch((error: unknown) => {
        server?.close();
        throw new StartupError(
          `Slack refused the Socket Mode connection (${error instanceof Error ? error.message : String(error)}): check SLACK_APP_TOKEN (xapp-…, with connections:write)`,
          { cause: error },
        );
      });
    worker.start();
    parts.publisher.start();
    parts.lifecycleRunner.start();
    poller?.start();
    stopJobs = startJobs(parts);
    parts.reviewRunner?.start();
    logger.info(
      { address: server.address(), admin: adminServer?.address() ?? null, socketMode: parts.socketMode },
      'Warden is listening',
    );
    return server;
  }

  async function drain(deadlineMs: number): Promise<void> {
    // The stop's deadline is wall time (an orchestrator's grace period), whatever clock Warden reads.
    const started = Date.now();
    const left = () => Math.max(0, deadlineMs - (Date.now() - started));
    parts.setDraining(true);
    await parts.reviewRunner?.stop();
    // Not ready any more: the admin port stops answering (its probes fail) before anything else.
    adminServer?.close();
    adminServer?.closeAllConnections();
    logger.info(
      { deadlineMs, inflight: work.size },
      'stopping: no new requests; finishing what is in flight',
    );
    stopJobs?.();
    const closed = server
      ? new Promise<void>((resolve) => {
          server?.close(() => resolve());
          server?.closeIdleConnections();
        })
      : Promise.resolve();
    if (parts.socketMode)
      await parts.app
        .stop()
        .catch((error: unknown) => logger.warn({ err: error }, 'socket mode did not stop cleanly'));
    await poller?.stop();
    await parts.publisher.stop();
    await parts.lifecycleRunner.stop();
    if (!(await work.drain(left())))
      logger.warn({ inflight: work.size }, 'deadline reached with interactions still running');
    // The worker ends its current batch; anything not delivered stays in the outbox.
    await Promise.race([worker.stop(), new Promise((r) => setTimeout(r, left()).unref())]);
    await parts.stopHomes();
    server?.closeAllConnections();
    await closed;
    unsubscribeHeartbeat();
    await heartbeat.stop();
    // Nothing is in hand any more: whatever this process left unsettled is reconciled at once.
    await parts.lease
      .release()
      .catch((error: unknown) => logger.warn({ err: error }, 'instance lease not released; it runs out'));
    await parts.close();
    logger.info({ ms: Date.now() - started }, 'stopped');
  }

  return {
    start,
    stop(deadlineMs) {
      stopping ??= drain(deadlineMs);
      return stopping;
    },
  };
}
