import { createHash } from 'node:crypto';
import type { ConfigFile } from '../config-file.js';
import { severityRank } from '../domain/routing.js';
import type { Logger } from '../logger.js';
import type { Finding } from '../model/finding.js';
import type { FindingsPort } from '../ports/tenant.js';
import type { Timers } from '../ports/timers.js';
import { acceptAlert, type IntakeDeps } from '../usecases/findings/accept-alert.js';

export interface PollerOptions {
  findings: FindingsPort;
  intake: IntakeDeps;
  filters: ConfigFile['poller'];
  intervalMs: number;
  logger: Logger;
  timers: Pick<Timers, 'after'>;
}

export interface PollResult {
  scanned: number;
  enqueued: number;
  /** Items the tenant sent that Warden cannot read: skipped, recorded as failed alerts. */
  unreadable: number;
}

/**
 * Pages through the tenant's finding search every interval and stores what is new or changed
 * (state or recurrence count) as an alert. What it has seen is kept in the store, so a restart
 * does not post again; the idempotency key (finding, state, recurrence) makes two replicas polling
 * at once store one alert.
 */
export class Poller {
  readonly #o: PollerOptions;
  /** Cancels the next run; undefined once stopped. */
  #cancel: (() => void) | undefined;
  #running: Promise<PollResult> | undefined;
  /** When the last complete run finished (ms), for readiness and the lag metric. */
  lastSuccessAt: number | undefined;
  /** When the poller started (ms): the lag before a first complete run counts from here. */
  startedAt: number | undefined;

  constructor(opts: PollerOptions) {
    this.#o = opts;
  }

  /** How long since the last complete run (or since the start), in ms; undefined before the start. */
  lagMs(now: number): number | undefined {
    const since = this.lastSuccessAt ?? this.startedAt;
    return since === undefined ? undefined : now - since;
  }

  start(): void {
    this.startedAt = this.#o.intake.clock();
    const tick = () => {
      void this.runOnce().finally(() => {
        if (this.#cancel !== undefined) this.#cancel = this.#o.timers.after(this.#o.intervalMs, tick);
      });
    };
    this.#cancel = this.#o.timers.after(0, tick);
  }

  async stop(): Promise<void> {
    this.#cancel?.();
    this.#cancel = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** One run; a run already in progress is joined, not doubled. */
  runOnce(): Promise<PollResult> {
    this.#running ??= this.#poll().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #poll(): Promise<PollResult> {
    const { filters, intake, logger } = this.#o;
    const result: PollResult = { scanned: 0, enqueued: 0, unreadable: 0 };
    const pages = this.#o.findings.search(
      {
        ...(filters.states ? { states: filters.states } : {}),
        ...(filters.findingTypes ? { findingTypes: filters.findingTypes } : {}),
        ...(filters.appIds ? { appIds: filters.appIds } : {}),
      },
      {
        pageSize: 10,
        limit: filters.maxPerRun,
        onUnreadable: async (raw, reason) => {
          result.unreadable++;
          await this.#recordUnreadable(raw, reason);
        },
      },
    );
    let batch: Finding[] = [];
    const flush = async () => {
      const seen = await intake.seen.seen(batch.map((f) => f.id));
      for (const f of batch) {
        const before = seen.get(f.id);
        const state = f.state ?? null;
        const recurrence = f.recurrenceCount ?? null;
        if (before && before.state === state && before.recurrence === recurrence) continue;
        const accepted = await acceptAlert(intake, {
          source: 'poller',
          idempotencyKey: `poll:${f.id}:${state ?? ''}:${recurrence ?? ''}`,
          finding: f,
        });
        if (!accepted.duplicate) result.enqueued++;
      }
      batch = [];
    };
    try {
      for await (const f of pages) {
        result.scanned++;
        // minSeverity is applied here, not in the search: a severity newer than Warden still passes.
        if (filters.minSeverity && severityRank(f.severity) < severityRank(filters.minSeverity)) continue;
        batch.push(f);
        if (batch.length >= 50) await flush();
      }
      await flush();
      this.lastSuccessAt = intake.clock();
      logger.info(result, 'poll finished');
    } catch (error) {
      logger.error({ err: error, ...result }, 'poll failed; the next run tries again');
    }
    return result;
  }

  /**
   * One item the tenant sent that its schema does not allow (a number where text goes): skipped,
   * and kept as a failed alert with the reason, so operators see it (`outbox list --failed`,
   * /readyz) and the rest of the run goes on. Stored once per distinct item.
   */
  async #recordUnreadable(raw: unknown, reason: string): Promise<void> {
    const { intake, logger } = this.#o;
    const id = typeof raw === 'object' && raw !== null && 'id' in raw ? raw.id : undefined;
    const findingId = typeof id === 'string' && id ? id.slice(0, 256) : '(no id)';
    const text = JSON.stringify(raw) ?? '';
    const digest = createHash('sha256').update(text).digest('hex');
    logger.warn({ findingId, reason }, 'the tenant sent a finding Warden cannot read; skipped');
    await intake.outbox.enqueueAlert(
      {
        idempotencyKey: `poll-unreadable:${digest}`,
        source: 'poller',
        findingId,
        finding: raw,
        channel: null,
        status: 'failed',
        reason: `the tenant sent a finding Warden cannot read (${reason})`.slice(0, 500),
      },
      intake.clock(),
    );
  }
}
