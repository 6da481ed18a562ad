import { randomBytes } from 'node:crypto';
import type { Digest } from '../config-sections/lifecycle.js';
import { digestOccurrences } from '../domain/digest-time.js';
import { isStoreUnavailable } from '../errors.js';
import type { Ports } from '../ports/index.js';
import type { LifecycleJob } from '../ports/lifecycle.js';
import { askJob, remindAsk } from '../usecases/attest/attest-ask.js';
import { escalateSilentAsk } from '../usecases/attest/attest-escalate.js';
import { endReached } from '../usecases/lifecycle/end-reached.js';
import { postDigest } from '../usecases/lifecycle/post-digest.js';
import { remindEnd } from '../usecases/lifecycle/remind-end.js';
import type { JobResult } from '../usecases/shared/lifecycle-job.js';
import { sendSlaNotice } from '../usecases/sla/sla-notice.js';
import { Ticker, unlessStoreDown } from './ticker.js';

export interface LifecycleRunnerOptions {
  /** How often the schedule is looked at (a reminder is at most this late). */
  tickMs?: number;
  leaseMs?: number;
  /** Runs a weekly SLA report's job with its workspace's ports (wiring/sla.ts). */
  slaReport?: (p: Ports, job: LifecycleJob) => Promise<JobResult>;
}

/** A job's workspace: its ports, and its Home tabs (refreshed for the people a job was about). */
export interface JobWorkspace {
  ports: Ports;
  refreshHome(userIds: string[]): void;
}

/**
 * The workspaces the schedule's jobs run in: each job with the ports of the workspace it belongs
 * to (its stored team, else its channel's), or refused with why none can be told.
 */
export interface JobWorkspaces {
  /** The schedule itself, and what is the same in every workspace. */
  core: Pick<Ports, 'lifecycle' | 'clock' | 'timers' | 'logger' | 'metrics'>;
  workspaceOf(job: LifecycleJob): Promise<JobWorkspace | { refused: string }>;
  /** The workspace a digest's channel is in: its job is written with it. */
  teamOfChannel(channel: string): Promise<string | undefined>;
}

/** A job that keeps failing in a way that may pass is given up after this many attempts. */
const MAX_ATTEMPTS = 8;

/**
 * Runs the lifecycle's schedule (ports/lifecycle.ts): reminders, ends and the daily digests, each
 * claimed in the store by one replica. It also keeps each configured digest scheduled (today's,
 * unless too late, and tomorrow's), so replicas agree on one job per channel per day. A job that
 * fails in a way that may pass is tried again later, a bounded number of times; one that cannot
 * be delivered is recorded (`/readyz`, metrics), never retried in a loop.
 */
export class LifecycleRunner {
  readonly #p: JobWorkspaces['core'];
  readonly #w: JobWorkspaces;
  readonly #digests: readonly Digest[];
  readonly #o: Required<Omit<LifecycleRunnerOptions, 'slaReport'>> &
    Pick<LifecycleRunnerOptions, 'slaReport'>;
  readonly #holder = `lifecycle-${randomBytes(4).toString('hex')}`;
  readonly #scheduled = new Set<string>();
  /** Jobs claimed whose outcome could not be recorded: the store was unavailable. */
  readonly #held = new Set<string>();
  readonly #ticker = new Ticker(
    () => this.runOnce(),
    unlessStoreDown((error) => this.#p.logger.error({ err: error }, 'lifecycle jobs failed to run')),
    { every: (ms, fn) => this.#p.timers.every(ms, fn) },
  );

  constructor(workspaces: JobWorkspaces, digests: readonly Digest[], opts: LifecycleRunnerOptions = {}) {
    this.#w = workspaces;
    this.#p = workspaces.core;
    this.#digests = digests;
    this.#o = { tickMs: 10_000, leaseMs: 120_000, ...opts };
  }

  /** Runs at once (what came due while Warden was down goes now, once), then every tick. */
  start(): void {
    this.#ticker.start(this.#o.tickMs, true);
  }

  stop(): Promise<void> {
    return this.#ticker.stop();
  }

  /** Looks at the schedule now (the store answers again: what came due meanwhile goes). */
  kick(): void {
    this.#ticker.kick();
  }

  /** One pass: keep the digests scheduled, then run what is due. Returns how many jobs ran. */
  async runOnce(): Promise<number> {
    const p = this.#p;
    for (const id of this.#held) {
      await p.lifecycle.retryJob(id, p.clock(), 'the store was unavailable', p.clock());
      this.#held.delete(id);
    }
    await this.#scheduleDigests(p.clock());
    const jobs = await p.lifecycle.claimDueJobs(this.#holder, 10, p.clock(), this.#o.leaseMs);
    for (const [i, job] of jobs.entries()) {
      await this.#run(job).catch((error: unknown) => {
        // The store went away mid-job: nothing can be recorded now. This job and the ones after
        // it go back to the schedule on the first run once the store answers (steps recorded
        // are skipped then), not after their lease.
        if (isStoreUnavailable(error)) for (const j of jobs.slice(i)) this.#held.add(j.id);
        throw error;
      });
    }
    return jobs.length;
  }

  async #scheduleDigests(now: number): Promise<void> {
    for (const d of this.#digests) {
      for (const o of digestOccurrences(d.at, d.timezone, now)) {
        const key = `digest:${d.channel}:${o.date}`;
        if (this.#scheduled.has(key)) continue;
        const teamId = await this.#w.teamOfChannel(d.channel);
        await this.#p.lifecycle.scheduleJob(
          {
            kind: 'digest',
            key,
            dueAt: o.dueAt,
            subject: d.channel,
            payload: { channel: d.channel, date: o.date },
            ...(teamId ? { teamId } : {}),
          },
          now,
        );
        this.#scheduled.add(key);
      }
    }
  }

  async #dispatch(p: Ports, job: LifecycleJob): Promise<JobResult> {
    switch (job.kind) {
      case 'remind':
        return remindEnd(p, job);
      case 'end':
        return endReached(p, job);
      case 'ask':
        return askJob(p, job);
      case 'askRemind':
        return remindAsk(p, job);
      case 'askEscalate':
        return escalateSilentAsk(p, job);
      case 'slaWarn':
      case 'slaBreach': {
        const sla = p.sla;
        if (!sla) return { status: 'skipped', outcome: 'no SLA clocks here' };
        return sendSlaNotice({ ...p, sla }, job, job.kind === 'slaWarn' ? 'warn' : 'breach');
      }
      case 'slaReport':
        return this.#o.slaReport
          ? this.#o.slaReport(p, job)
          : { status: 'skipped', outcome: 'no SLA report here' };
      case 'digest': {
        const spec = this.#digests.find((d) => d.channel === job.subject);
        return spec ? postDigest(p, job, spec) : { status: 'skipped', outcome: 'no longer configured' };
      }
    }
  }

  async #run(job: LifecycleJob): Promise<void> {
    const p = this.#p;
    const log = p.logger.child({
      jobId: job.id,
      kind: job.kind,
      subject: job.subject,
      attempt: job.attempts,
    });
    let result: JobResult;
    let workspace: JobWorkspace | { refused: string } = { refused: 'not run' };
    try {
      // Run with the ports of the workspace the job belongs to; one that cannot be told is not run.
      workspace = await this.#w.workspaceOf(job);
      result =
        'refused' in workspace
          ? { status: 'failed', outcome: `not run: ${workspace.refused}` }
          : await this.#dispatch(workspace.ports, job);
    } catch (error) {
      if (isStoreUnavailable(error)) throw error;
      log.error({ err: error }, 'lifecycle job failed');
      result = { retryInMs: 60_000, error: String(error).slice(0, 200) };
    }
    const now = p.clock();
    if ('retryInMs' in result && job.attempts < MAX_ATTEMPTS) {
      log.warn({ error: result.error, retryInMs: result.retryInMs }, 'lifecycle job will be tried again');
      await p.lifecycle.retryJob(job.id, now + result.retryInMs, result.error, now);
      p.metrics.lifecycleJobs.inc({ kind: job.kind, outcome: 'retried' });
      return;
    }
    const done =
      'retryInMs' in result ? { status: 'failed' as const, outcome: `gave up: ${result.error}` } : result;
    await p.lifecycle.finishJob(job.id, done.status, done.outcome, now, done.undelivered ?? 0);
    p.metrics.lifecycleJobs.inc({ kind: job.kind, outcome: done.status });
    if (done.undelivered) p.metrics.lifecycleUndelivered.inc({ kind: job.kind }, done.undelivered);
    log.info({ status: done.status, outcome: done.outcome }, 'lifecycle job finished');
    const people = [job.madeBy, job.approvedBy].filter((u): u is string => typeof u === 'string');
    if (people.length && 'ports' in workspace) workspace.refreshHome(people);
  }
}
