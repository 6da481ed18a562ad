import { randomBytes } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import { describeOutsideChange } from '../blockkit/audit.js';
import { renderFindingAlert } from '../blockkit/finding.js';
import type { Logger } from '../logger.js';
import type { MessageRef, OutboxRow, Store } from '../store/store.js';
import { type Finding, FindingSchema } from '../tenant/schemas.js';
import { classifySlackError } from './slack-errors.js';

export interface WorkerOptions {
  store: Store;
  /** A Web API client that rejects 429s instead of waiting: the worker reschedules the row. */
  slack: WebClient;
  logger: Logger;
  now?: () => number;
  workerId?: string;
  batchSize?: number;
  /** How long a claimed row is ours before another worker may take it back. */
  leaseMs?: number;
  /** How often to look for due rows when nobody wakes the worker. */
  idleMs?: number;
  /** Ceiling of the exponential backoff after transient failures. */
  maxBackoffMs?: number;
  /** Metrics hook: called once per delivery attempt. */
  onResult?: (result: 'sent' | 'rescheduled' | 'failed', reason?: string) => void;
}

/** Message metadata that carries the outbox id, so a repost after a crash can be recognised. */
export const ALERT_EVENT_TYPE = 'warden_alert';

const HistorySchema = z.looseObject({
  messages: z
    .array(
      z.looseObject({
        ts: z.string(),
        metadata: z
          .looseObject({
            event_type: z.string().nullish(),
            event_payload: z.record(z.string(), z.unknown()).nullish(),
          })
          .nullish(),
      }),
    )
    .nullish(),
});

/**
 * Delivers stored alerts to Slack. Rows are claimed with a lease (SKIP LOCKED on PostgreSQL), so
 * replicas never deliver the same row at once and a dead worker's rows are taken back. A finding
 * that already has a message in the channel gets it replaced and a thread reply saying what
 * changed; otherwise the alert is posted with its outbox id in the message metadata.
 *
 * Crash safety: if a worker dies after Slack accepted the post but before the store recorded it,
 * the row comes back with attempts > 1. Before posting again, the worker looks for its own
 * message (metadata outbox_id) in the channel's recent history, and records that instead of
 * posting twice.
 */
export class DeliveryWorker {
  readonly #o: Required<Omit<WorkerOptions, 'onResult'>> & Pick<WorkerOptions, 'onResult'>;
  #running = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #inflight = 0;

  constructor(opts: WorkerOptions) {
    this.#o = {
      now: Date.now,
      workerId: `worker-${randomBytes(4).toString('hex')}`,
      batchSize: 10,
      leaseMs: 60_000,
      idleMs: 1_000,
      maxBackoffMs: 10 * 60_000,
      ...opts,
    };
  }

  get inflight(): number {
    return this.#inflight;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** Look for work now (an alert was just stored). */
  wake(): void {
    this.#wake?.();
  }

  /** Stops taking rows and waits for the batch in hand (its rows end sent, rescheduled or leased). */
  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
  }

  /** One pass: claim what is due and deliver it. Returns how many rows were handled. */
  async runOnce(): Promise<number> {
    const rows = await this.#o.store.claimDue(
      this.#o.workerId,
      this.#o.batchSize,
      this.#o.now(),
      this.#o.leaseMs,
    );
    this.#inflight += rows.length;
    try {
      // One at a time: order within a channel is kept and Slack's per-channel rate limit respected.
      for (const row of rows) await this.#deliver(row);
    } finally {
      this.#inflight -= rows.length;
    }
    return rows.length;
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let handled = 0;
      try {
        handled = await this.runOnce();
      } catch (error) {
        this.#o.logger.error({ err: error }, 'delivery worker could not read the outbox');
      }
      if (handled > 0 || !this.#running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#o.idleMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
    }
  }

  async #deliver(row: OutboxRow): Promise<void> {
    const log = this.#o.logger.child({
      alertId: row.id,
      findingId: row.findingId,
      channel: row.channel,
      attempt: row.attempts,
    });
    const { store } = this.#o;
    const parsed = FindingSchema.safeParse(row.finding);
    if (!parsed.success || !row.channel) {
      const why = parsed.success ? 'no channel' : 'stored finding is unreadable';
      log.error({ why }, 'alert cannot be delivered');
      await store.markFailed(row.id, why, this.#o.now());
      this.#o.onResult?.('failed', why);
      return;
    }
    const finding = parsed.data;
    const channel = row.channel;
    try {
      const ts = await this.#postOrReplace(row, finding, channel, log);
      log.info({ ts }, 'alert delivered');
      this.#o.onResult?.('sent');
    } catch (error) {
      const failure = classifySlackError(error);
      const now = this.#o.now();
      if (failure.kind === 'permanent') {
        log.error({ reason: failure.reason }, 'alert delivery failed for good; requeue it once fixed');
        await store.markFailed(row.id, failure.reason, now);
        this.#o.onResult?.('failed', failure.reason);
        return;
      }
      const backoff = Math.min(this.#o.maxBackoffMs, 2_000 * 2 ** Math.max(0, row.attempts - 1));
      const delay =
        failure.kind === 'rate_limited'
          ? failure.retryAfterMs
          : Math.round(backoff * (0.8 + Math.random() * 0.4));
      log.warn({ reason: failure.reason, retryInMs: delay }, 'alert delivery will be retried');
      await store.reschedule(row.id, now + delay, failure.reason, now);
      this.#o.onResult?.('rescheduled', failure.reason);
    }
  }

  async #postOrReplace(row: OutboxRow, finding: Finding, channel: string, log: Logger): Promise<string> {
    const { store, slack } = this.#o;
    const rendered = renderFindingAlert(finding, { now: new Date(this.#o.now()) });
    const ref = (ts: string): MessageRef => ({
      findingId: finding.id,
      channel,
      ts,
      lastState: finding.state ?? null,
      lastRecurrence: finding.recurrenceCount ?? null,
    });
    const existing = (await store.messagesFor(finding.id)).find((m) => m.channel === channel);
    if (existing) {
      let replaced = true;
      try {
        await slack.chat.update({ channel, ts: existing.ts, text: rendered.text, blocks: rendered.blocks });
      } catch (error) {
        if (classifySlackError(error).reason !== 'message_not_found') throw error;
        replaced = false; // deleted in Slack: post a new one below
      }
      if (replaced) {
        await store.markSent(row.id, ref(existing.ts), this.#o.now());
        const reply = describeOutsideChange(existing, finding);
        if (reply) {
          await slack.chat
            .postMessage({ channel, thread_ts: existing.ts, text: reply })
            .catch((error: unknown) =>
              log.warn({ err: error }, 'thread reply about the change could not be posted'),
            );
        }
        return existing.ts;
      }
    }
    if (row.attempts > 1) {
      const earlier = await this.#findEarlierPost(channel, row.id, log);
      if (earlier) {
        log.warn(
          { ts: earlier },
          'found this alert already posted by an earlier attempt; recording it, not posting again',
        );
        await store.markSent(row.id, ref(earlier), this.#o.now());
        return earlier;
      }
    }
    const posted = await slack.chat.postMessage({
      channel,
      text: rendered.text,
      blocks: rendered.blocks,
      metadata: {
        event_type: ALERT_EVENT_TYPE,
        event_payload: { outbox_id: row.id, finding_id: finding.id },
      },
    });
    if (!posted.ts) throw new Error('chat.postMessage answered without a ts');
    await store.markSent(row.id, ref(posted.ts), this.#o.now());
    return posted.ts;
  }

  /** Our own earlier post of this outbox row in the channel's recent history, if any. */
  async #findEarlierPost(channel: string, outboxId: string, log: Logger): Promise<string | undefined> {
    try {
      const history = HistorySchema.parse(
        await this.#o.slack.conversations.history({ channel, limit: 100, include_all_metadata: true }),
      );
      const mine = history.messages?.find(
        (m) =>
          m.metadata?.event_type === ALERT_EVENT_TYPE && m.metadata.event_payload?.outbox_id === outboxId,
      );
      return mine?.ts;
    } catch (error) {
      // Without history (e.g. a missing scope) posting again is the safe side: never lose an alert.
      log.warn({ err: error }, 'could not read channel history to check for an earlier post');
      return undefined;
    }
  }
}
