import { randomBytes } from 'node:crypto';
import { isStoreUnavailable } from '../errors.js';
import type { Ports } from '../ports/index.js';
import { followContain } from '../usecases/contain/follow-contain.js';

/**
 * Follows containments' tasks from the store's schedule (contain_actions.next_poll_at, claimed
 * with a lease: one replica looks at each, and a restart goes on where it stopped). Each runs with
 * the ports of the Slack workspace that asked for it (its `teamId`); a workspace this Warden does
 * not serve (any more) is not run with another's: it waits, and is logged.
 */
export class ContainFollower {
  readonly #holder = `contain-${randomBytes(4).toString('hex')}`;

  constructor(
    private readonly store: Pick<Ports, 'contains' | 'clock' | 'logger'>,
    private readonly portsFor: (teamId: string) => Ports | undefined,
    private readonly leaseMs = 60_000,
  ) {}

  /** One pass over what is due; how many were looked at. */
  async runOnce(): Promise<number> {
    const { contains, clock, logger } = this.store;
    const due = await contains.claimDueContains(this.#holder, 20, clock(), this.leaseMs);
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
