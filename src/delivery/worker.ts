import { randomBytes } from 'node:crypto';
import { describeOutsideChange } from '../blockkit/audit.js';
import { severityRank } from '../domain/severity.js';
import { isSlackApiError, isStoreUnavailable } from '../errors.js';
import { speaking } from '../i18n/speak.js';
import type { Logger } from '../logger.js';
import { type Finding, FindingSchema } from '../model/finding.js';
import type { OutboxRow } from '../ports/store.js';
import { PACED } from '../slack/paced-chat.js';
import { cardRef, postCard, replaceCard, replyInThread } from '../usecases/shared/alert-life.js';
import { claimCard } from '../usecases/shared/card-claim.js';
import { stateChangedMetadata } from '../usecases/shared/state-event.js';
import { refreshCard } from './card-refresh.js';
import { HeldRows, judgeFailure, Undeliverable } from './delivery-failure.js';
import { ALERT_EVENT_TYPE, findEarlierPost } from './earlier-post.js';
import { deliveryChannel } from './owner-route.js';
import type { RoutedWorkerPorts, WorkerCore, WorkerOptions, WorkerPorts } from './worker-ports.js';

export { ALERT_EVENT_TYPE } from './earlier-post.js';
export type { RollupRule, RoutedWorkerPorts, WorkerOptions, WorkerPorts } from './worker-ports.js';

/** The reason a row waits for Slack's Retry-After (its Slack error code). */
const RATE_LIMITED = 'ratelimited';
/** A row whose card someone else is posting comes back this much later (untried: no attempt counted). */
const CLAIMED_RETRY_MS = 500;

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
  readonly #p: WorkerCore;
  readonly #portsFor: RoutedWorkerPorts['portsFor'];
  readonly #o: Required<Omit<WorkerOptions, 'onResult'>> & Pick<WorkerOptions, 'onResult'>;
  #running = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #inflight = 0;
  readonly #held = new HeldRows();

  /** One workspace's ports, or (several served) the ports of each row's workspace. */
  constructor(ports: WorkerPorts | RoutedWorkerPorts, opts: WorkerOptions = {}) {
    this.#p = ports;
    this.#portsFor = 'portsFor' in ports ? (row) => ports.portsFor(row) : async () => ports;
    this.#o = {
      workerId: `worker-${randomBytes(4).toString('hex')}`,
      batchSize: 10,
      leaseMs: 60_000,
      idleMs: 1_000,
      maxBackoffMs: 10 * 60_000,
      maxStorePauseMs: 5_000,
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
    const { workerId, batchSize, leaseMs } = this.#o;
    await this.#held.release(this.#p.outbox, this.#p.clock);
    const rows = await this.#p.outbox.claimDue(workerId, batchSize, this.#p.clock(), leaseMs);
    this.#inflight += rows.length;
    try {
      // One at a time: order within a channel is kept and Slack's per-channel rate limit respected.
      for (const [i, row] of rows.entries())
        await this.#deliver(row).catch((error: unknown) => this.#held.rethrow(error, rows.slice(i)));
    } finally {
      this.#inflight -= rows.length;
    }
    return rows.length;
  }

  async #run(): Promise<void> {
    let pauseMs = 0;
    while (this.#running) {
      let handled = 0;
      try {
        handled = await this.runOnce();
        pauseMs = 0;
      } catch (error) {
        // The store logs its outage once; the worker waits longer each time, until woken.
        if (isStoreUnavailable(error))
          pauseMs = Math.min(this.#o.maxStorePauseMs, Math.max(this.#o.idleMs, pauseMs * 2));
        else this.#p.logger.error({ err: error }, 'delivery worker could not read the outbox');
      }
      if (handled > 0 || !this.#running) continue;
      await new Promise<void>((resolve) => {
        const cancel = this.#p.timers.after(pauseMs || this.#o.idleMs, resolve);
        this.#wake = () => {
          cancel();
          resolve();
        };
      });
      this.#wake = undefined;
    }
  }

  async #deliver(row: OutboxRow): Promise<void> {
    const p = this.#p;
    const { outbox, clock } = p;
    const log = this.#p.logger.child({
      alertId: row.id,
      findingId: row.findingId,
      channel: row.channel,
      attempt: row.attempts,
    });
    const parsed = FindingSchema.safeParse(row.finding);
    if (!parsed.success || !row.channel) {
      const why = parsed.success ? 'no channel' : 'stored finding is unreadable';
      log.error({ why }, 'alert cannot be delivered');
      await outbox.markFailed(row.id, why, clock());
      this.#o.onResult?.('failed', why);
      return;
    }
    try {
      // Its workspace's ports; a row whose workspace cannot be told is never sent with another's.
      const p = await this.#portsFor({ ...row, channel: row.channel });
      if ('refused' in p) throw new Undeliverable(p.refused, true);
      if (row.source === 'card') {
        log.info(
          { ts: row.sentTs, outcome: await refreshCard(p, row, parsed.data, log) },
          'card brought up to date',
        );
        this.#o.onResult?.('sent');
        return;
      }
      const target = await deliveryChannel({ ...row, channel: row.channel }, parsed.data, p.ownerDm);
      if (!('channel' in target))
        throw new Undeliverable('failed' in target ? target.failed : target.later, 'failed' in target);
      // The finding's card in this channel is claimed first (usecases/shared/card-claim.ts): a
      // `show`, a change, or news of the same finding on another replica posting it right now
      // holds it, and this row comes back once that card is recorded, to replace it.
      const held = await claimCard(p, row.findingId, target.channel, this.#o.workerId, this.#o.leaseMs);
      if (!held) {
        await outbox.postpone(row.id, clock() + CLAIMED_RETRY_MS, clock());
        this.#o.onResult?.('rescheduled', 'claimed');
        return;
      }
      let ts: string | undefined;
      try {
        if (target.channel === row.channel && (await this.#rolledUp(p, row, parsed.data, row.channel))) {
          this.#o.onResult?.('rolledUp');
          return;
        }
        // The owner's copy speaks the owner's language; a channel's card, its channel's (alert-life.ts).
        const post = () => this.#postOrReplace(p, row, parsed.data, target.channel, log);
        ts = await ('locale' in target && target.locale ? speaking(target.locale, post) : post());
      } finally {
        await held.release();
      }
      log.info({ ts }, 'alert delivered');
      await p.afterDelivery?.(parsed.data, target.channel).catch((error: unknown) => {
        if (isStoreUnavailable(error)) throw error;
        log.warn({ err: error }, 'the attestation ask could not be scheduled');
      });
      this.#o.onResult?.('sent');
    } catch (error) {
      // Nothing can be recorded while the store is away: runOnce keeps the row for later.
      if (isStoreUnavailable(error)) throw error;
      const now = clock();
      const verdict = judgeFailure(error, row, now, this.#o.maxBackoffMs);
      if (verdict.kind === 'postpone') {
        await outbox.postpone(row.id, verdict.at, now);
        this.#o.onResult?.('rescheduled', PACED);
      } else if (verdict.kind === 'fail') {
        log.error({ reason: verdict.reason }, 'alert delivery failed for good; requeue it once fixed');
        await outbox.markFailed(row.id, verdict.reason, now);
        this.#o.onResult?.('failed', verdict.reason);
      } else {
        log.warn({ reason: verdict.reason, retryInMs: verdict.at - now }, 'alert delivery will be retried');
        await outbox.reschedule(row.id, verdict.at, verdict.reason, now);
        this.#o.onResult?.('rescheduled', verdict.reason);
      }
    }
  }

  /**
   * In a flood (more alerts for the channel waiting or just arrived than the threshold) a new
   * alert joins the channel's roll-up instead of getting a message of its own. A finding that
   * already has a card there, or a severity that is never rolled up, goes the usual way.
   */
  async #rolledUp(p: WorkerPorts, row: OutboxRow, finding: Finding, channel: string): Promise<boolean> {
    const rule = p.rollup;
    if (!rule) return false;
    const now = p.clock();
    if ((await p.cards.messagesFor(finding.id)).some((m) => m.channel === channel)) return false;
    // Already in a roll-up of this channel (news of it, e.g. a change made in the tenant): its
    // summary shows it, so no card of its own.
    for (const groupId of await p.rollups.rollupsOf(finding.id)) {
      if ((await p.rollups.rollupGroup(groupId))?.channel !== channel) continue;
      await p.rollups.markRollupChanged(groupId, now);
      await p.outbox.markRolledUp(row.id, now);
      return true;
    }
    if (rule.neverRanks.includes(severityRank(finding.severity))) return false;
    const waiting = await p.outbox.countArriving(channel, now, rule.windowMs, rule.neverRanks);
    if (waiting <= rule.threshold) return false;
    await p.rollups.addToRollup(channel, finding.id, row.finding, now, rule.windowMs);
    await p.outbox.markRolledUp(row.id, now);
    return true;
  }

  /**
   * The card already in this channel is replaced (and the thread told what changed), else the
   * alert is posted with its outbox id in the metadata. The outbox row and the card index are
   * written together (markSent) right after Slack accepted, before the thread reply.
   */
  async #postOrReplace(
    p: WorkerPorts,
    row: OutboxRow,
    finding: Finding,
    channel: string,
    log: Logger,
  ): Promise<string> {
    // Every card of the finding in this channel is replaced; the newest carries the thread reply.
    const tracked = await p.cards.messagesFor(finding.id);
    const inChannel = tracked.filter((m) => m.channel === channel);
    const existing = inChannel.at(-1);
    for (const older of inChannel.slice(0, -1)) {
      await replaceCard(p, finding, older).catch((error: unknown) =>
        log.warn({ err: error, ts: older.ts }, 'an older card of this finding could not be replaced'),
      );
    }
    if (existing) {
      const card = { channel, ts: existing.ts };
      let replaced = true;
      try {
        await replaceCard(p, finding, card);
      } catch (error) {
        if (!isSlackApiError(error) || error.slackCode !== 'message_not_found') throw error;
        replaced = false; // deleted in Slack: post a new one below
      }
      if (replaced) {
        await p.outbox.markSent(row.id, cardRef(finding, card), p.clock());
        const reply = describeOutsideChange(existing, finding);
        // The tenant's change is news in each channel's row; its event goes out once, from the
        // first channel to learn of it (no other card of the finding shows the new state yet).
        const first = tracked.every((m) => m.channel === channel || m.lastState !== finding.state);
        const stateNews =
          existing.lastState !== null && finding.state && finding.state !== existing.lastState;
        const metadata = stateNews && first ? stateChangedMetadata(finding, 'tenant') : undefined;
        if (reply) {
          await replyInThread(p, card, reply, metadata).catch((error: unknown) =>
            log.warn({ err: error }, 'thread reply about the change could not be posted'),
          );
        }
        return existing.ts;
      }
    }
    const metadata = {
      event_type: ALERT_EVENT_TYPE,
      event_payload: { outbox_id: row.id, finding_id: finding.id },
    };
    // A row whose last attempt got a 429 was not posted by it, and any earlier post was already
    // looked for before that attempt: no history search (itself rate limited, Tier 3) again.
    if (row.attempts > 1 && row.lastError !== RATE_LIMITED) {
      const earlier = await findEarlierPost(p, channel, row.id, log);
      if (earlier) {
        log.warn(
          { ts: earlier },
          'found this alert already posted by an earlier attempt; recording it, not posting again',
        );
        await p.outbox.markSent(row.id, cardRef(finding, { channel, ts: earlier }), p.clock());
        return earlier;
      }
    }
    const card = await postCard(p, finding, channel, metadata);
    await p.outbox.markSent(row.id, cardRef(finding, card), p.clock());
    return card.ts;
  }
}
