import { randomBytes } from 'node:crypto';
import { isStoreUnavailable } from '../errors.js';
import type { ReviewJob } from '../ports/access-reviews.js';
import type { Ports } from '../ports/index.js';
import { sendReviewNotice } from '../usecases/access-reviews/review-notices.js';
import { sendCampaignReport } from '../usecases/access-reviews/review-report.js';
import { slotOf, sweepReviews } from '../usecases/access-reviews/review-sweep.js';
import { trackCampaign } from '../usecases/access-reviews/review-tracker.js';
import type { JobResult } from '../usecases/shared/lifecycle-job.js';
import { Ticker, unlessStoreDown } from './ticker.js';

/**
 * Access reviews' schedule (README "Access reviews in Slack"): every tick each served workspace's
 * sweep is kept scheduled (one job per workspace per `sweepEvery`, whoever schedules it first),
 * then due review jobs are claimed in the store (one replica each, a lease against a crash) and
 * run with the ports of the workspace each job names: never another's.
 */

const MAX_ATTEMPTS = 8;

export interface ReviewRunnerOptions {
  /** The ports of a served workspace, by its team id. */
  portsOf: (team: string) => Ports | undefined;
  /** The workspaces served now. */
  teams: () => readonly string[];
  tickMs?: number;
  leaseMs?: number;
}

export class ReviewRunner {
  readonly #o: Required<ReviewRunnerOptions>;
  readonly #holder = `reviews-${randomBytes(4).toString('hex')}`;
  readonly #any: Ports;
  readonly #ticker: Ticker;

  constructor(any: Ports, opts: ReviewRunnerOptions) {
    this.#any = any;
    this.#o = { tickMs: 10_000, leaseMs: 120_000, ...opts };
    this.#ticker = new Ticker(
      () => this.runOnce(),
      unlessStoreDown((error) => any.logger.error({ err: error }, 'review jobs failed to run')),
      any.timers,
    );
  }

  start(): void {
    this.#ticker.start(this.#o.tickMs, true);
  }

  stop(): Promise<void> {
    for (const team of this.#o.teams()) this.#o.portsOf(team)?.accessReviews?.linking.stop();
    return this.#ticker.stop();
  }

  /** One pass: keep the sweeps scheduled, run what is due. Returns how many jobs ran. */
  async runOnce(): Promise<number> {
    const reviews = this.#any.accessReviews;
    if (!reviews) return 0;
    const now = this.#any.clock();
    const every = reviews.settings.sweepEveryMs;
    for (const team of this.#o.teams()) {
      const slot = slotOf(now, every);
      await reviews.jobs.schedule(
        { key: `sweep:${team}:${slot}`, kind: 'sweep', team, dueAt: slot * every, payload: {} },
        now,
      );
    }
    const jobs = await reviews.jobs.claim(this.#holder, 20, now, this.#o.leaseMs);
    for (const job of jobs) await this.#run(job);
    return jobs.length;
  }

  async #dispatch(p: Ports, job: ReviewJob): Promise<JobResult> {
    switch (job.kind) {
      case 'sweep':
        return sweepReviews(p, job);
      case 'assigned':
      case 'remind':
        return sendReviewNotice(p, job);
      case 'track':
        return trackCampaign(p, job);
      case 'report':
        return sendCampaignReport(p, job);
    }
  }

  async #run(job: ReviewJob): Promise<void> {
    const reviews = this.#any.accessReviews;
    if (!reviews) return;
    const p = this.#o.portsOf(job.team);
    const log = this.#any.logger.child({
      reviewJob: job.id,
      kind: job.kind,
      team: job.team,
      attempt: job.attempts,
    });
    const now = () => this.#any.clock();
    if (!p?.accessReviews) {
      await reviews.jobs.finish(job.id, 'skipped', 'the workspace is not served', now());
      return;
    }
    let result: JobResult;
    try {
      result = await this.#dispatch(p, job);
    } catch (error) {
      if (isStoreUnavailable(error)) throw error;
      log.error({ err: error }, 'review job failed');
      result = { retryInMs: 60_000, error: String(error).slice(0, 200) };
    }
    if ('retryInMs' in result && job.attempts < MAX_ATTEMPTS) {
      await reviews.jobs.retry(job.id, now() + result.retryInMs, result.error, now());
      return;
    }
    const done =
      'retryInMs' in result ? { status: 'failed' as const, outcome: `gave up: ${result.error}` } : result;
    await reviews.jobs.finish(job.id, done.status, done.outcome, now());
    log.info({ status: done.status, outcome: done.outcome }, 'review job finished');
  }
}
