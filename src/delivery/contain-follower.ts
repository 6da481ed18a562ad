import { randomBytes } from 'node:crypto';
import { isStoreUnavailable } from '../errors.js';
import type { Ports } from '../ports/index.js';
import { followContain } from '../usecases/contain/follow-contain.js';

/** What the follower needs of its process's instance lease (store/instance-lease.ts). */
export interface FollowerLease {
  readonly id: string;
  now(): number;
  othersTrusted(): boolean;
}

/**
 * Follows containments' tasks from the store's schedule (contain_actions.next_poll_at, claimed
 * with a lease: one replica looks at each, and a restart goes on where it stopped). Each runs with
 * the ports of the Slack workspace that asked for it (its `teamId`); a workspace this Warden does
 * not serve (any more) is not run with another's: it waits, and is logged.
 */
export class ContainFollower {
  readonly #holder: string;

  /**
   * `lease`: this process's instance lease. Its id holds the claims, so a process killed mid-look
   * (a task read in flight) has its claims taken over once its lease lapsed, not after `leaseMs`.
   */
  constructor(
    private readonly store: Pick<Ports, 'contains' | 'clock' | 'logger'>,
    private readonly portsFor: (teamId: string) => Ports | undefined,
    private readonly leaseMs = 60_000,
    private readonly lease?: FollowerLease,
  ) {
    this.#holder = lease?.id ?? `contain-${randomBytes(4).toString('hex')}`;
  }

  /** One pass over what is due; how many were looked at. */
  async runOnce(): Promise<number> {
    const { contains, clock, logger } = this.store;
    // Others' leases are believed only once this process's own has held a whole lease (after a
    // store outage every lease lapsed, the live ones too).
    const deadAt = this.lease?.othersTrusted() ? this.lease.now() : undefined;
    const due = await contains.claimDueContains(this.#holder, 20, clock(), this.leaseMs, deadAt);
    for (const r of due) {
      const ports = this.portsFor(r.teamId);
      if (!ports) {
        logger.warn(
          { containId: r.id, team: r.teamId },
          'containment of a workspace not served here: not followed',
        );
        await contains.releaseContain(r.id, this.#holder, clock() + 5 * 60_000, clock());
        continue;
      }
      let next: number | null;
      try {
        next = await followContain(ports, r);
      } catch (error) {
        if (isStoreUnavailable(error)) throw error;
        ports.logger.warn(
          { err: error, containId: r.id },
          'containment task not read; looked at again shortly',
        );
        next = clock() + 30_000;
      }
      await contains.releaseContain(r.id, this.#holder, next, clock());
    }
    return due.length;
  }
}
