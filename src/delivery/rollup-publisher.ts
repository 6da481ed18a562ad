import { randomBytes } from 'node:crypto';
import { LISTING_BATCH, renderRollupListing, renderRollupSummary } from '../blockkit/rollup.js';
import { isSlackApiError } from '../errors.js';
import { type Finding, FindingSchema } from '../model/finding.js';
import type { Ports } from '../ports/index.js';
import type { RollupRecords, RollupWork } from '../ports/rollups.js';
import { Ticker, unlessStoreDown } from './ticker.js';

export type PublisherPorts = Pick<Ports, 'chat' | 'findings' | 'logger' | 'clock' | 'timers' | 'metrics'> & {
  rollups: RollupRecords;
};

export interface PublisherOptions {
  /** The summary is updated at most this often (WARDEN_CONFIG `delivery.rollup.updateEvery`). */
  updateEveryMs: number;
  tickMs?: number;
  leaseMs?: number;
}

const READ_CHUNK = 100;

/**
 * Publishes roll-ups: posts a group's summary, lists its members in the thread in batches, and
 * brings the summary up to date after changes — at most once per `updateEveryMs` however many
 * changes came (a coalesced chat.update, Tier 3). The work is claimed in the store, so one
 * replica publishes each group; a crash leaves the unlisted members for the next claim.
 */
export class RollupPublisher {
  readonly #p: PublisherPorts;
  readonly #o: Required<PublisherOptions>;
  readonly #id = `publisher-${randomBytes(4).toString('hex')}`;
  readonly #ticker = new Ticker(
    () => this.runOnce(),
    unlessStoreDown((error) => this.#p.logger.error({ err: error }, 'roll-up publishing failed')),
    { every: (ms, fn) => this.#p.timers.every(ms, fn) },
  );

  constructor(ports: PublisherPorts, opts: PublisherOptions) {
    this.#p = ports;
    this.#o = { tickMs: 500, leaseMs: 60_000, ...opts };
  }

  start(): void {
    this.#ticker.start(this.#o.tickMs);
  }

  stop(): Promise<void> {
    return this.#ticker.stop();
  }

  /** One pass over the groups with work; returns how many were handled. */
  async runOnce(): Promise<number> {
    const p = this.#p;
    const work = await p.rollups.claimRollupWork(
      this.#id,
      p.clock(),
      this.#o.leaseMs,
      this.#o.updateEveryMs,
      5,
    );
    for (const group of work) {
      try {
        await this.#publish(group);
      } catch (error) {
        // Paced or rate limited: the group keeps its work and is claimed again on a later tick.
        const level = isSlackApiError(error) && error.failure === 'rate_limited' ? 'debug' : 'warn';
        p.logger[level]({ err: error, groupId: group.id }, 'roll-up not fully published yet');
      } finally {
        await p.rollups.releaseRollup(group.id, this.#id);
      }
    }
    return work.length;
  }

  async #publish(g: RollupWork): Promise<void> {
    const p = this.#p;
    let summaryTs = g.summaryTs;
    if (!summaryTs) {
      const arrived = await this.#arrived(g.id);
      const message = renderRollupSummary({
        groupId: g.id,
        findings: arrived,
        unread: 0,
        newSince: 0,
        since: new Date(g.createdAt),
        now: new Date(p.clock()),
      });
      summaryTs = await p.chat.post({ channel: g.channel, ...message });
      await p.rollups.markPublished(g.id, summaryTs, arrived.length, p.clock());
      p.metrics.rollups.inc();
      p.logger.info({ groupId: g.id, channel: g.channel, findings: arrived.length }, 'roll-up posted');
    } else if (g.updateDue) {
      await this.#refresh(g, summaryTs);
    }
    await this.#list(g, summaryTs);
  }

  /** The members as they arrived (the snapshot stored with each), oldest first. */
  async #arrived(groupId: string): Promise<Finding[]> {
    return snapshots(await this.#p.rollups.unlistedMembers(groupId, 100_000));
  }

  /** The summary brought up to date from the tenant (one search per 100 members). */
  async #refresh(g: RollupWork, summaryTs: string): Promise<void> {
    const p = this.#p;
    const ids = await p.rollups.rollupMembers(g.id);
    const found: Finding[] = [];
    for (let i = 0; i < ids.length; i += READ_CHUNK) {
      const refs = ids.slice(i, i + READ_CHUNK).map((id) => ({ id }));
      for await (const f of p.findings.search({ refs }, { pageSize: 50 })) found.push(f);
    }
    const message = renderRollupSummary({
      groupId: g.id,
      findings: found,
      unread: Math.max(0, ids.length - found.length),
      newSince: Math.max(0, ids.length - g.publishedCount),
      since: new Date(g.createdAt),
      now: new Date(p.clock()),
    });
    let ts = summaryTs;
    try {
      await p.chat.update({ channel: g.channel, ts, ...message });
    } catch (error) {
      // Someone deleted the summary in Slack: post it again rather than fail on every tick.
      if (!isSlackApiError(error) || error.slackCode !== 'message_not_found') throw error;
      ts = await p.chat.post({ channel: g.channel, ...message });
      p.logger.warn({ groupId: g.id }, 'roll-up summary was deleted in Slack; posted it again');
    }
    await p.rollups.markPublished(g.id, ts, ids.length, p.clock());
  }

  /** Members not yet in the thread, a batch a message (each post paced per channel). */
  async #list(g: RollupWork, summaryTs: string): Promise<void> {
    const p = this.#p;
    const total = (await p.rollups.rollupMembers(g.id)).length;
    let unlisted = (await p.rollups.unlistedMembers(g.id, 100_000)).length;
    for (;;) {
      const batch = await p.rollups.unlistedMembers(g.id, LISTING_BATCH);
      if (batch.length === 0) return;
      const from = total - unlisted + 1;
      const listing = renderRollupListing(snapshots(batch), from);
      const ts = await p.chat.post({ channel: g.channel, threadTs: summaryTs, ...listing });
      await p.rollups.markListed(
        g.id,
        batch.map((m) => m.findingId),
        ts,
      );
      unlisted -= batch.length;
    }
  }
}

/** Stored snapshots as findings (each was read with the schema when it arrived). */
function snapshots(members: { finding: unknown }[]): Finding[] {
  return members.flatMap((m) => {
    const f = FindingSchema.safeParse(m.finding);
    return f.success ? [f.data] : [];
  });
}
