import type { App } from '@slack/bolt';
import { ContainFollower } from '../delivery/contain-follower.js';
import { ReviewRunner } from '../delivery/review-runner.js';
import { recoverRequests } from '../listeners/request-intents.js';
import type { InstanceLease } from '../store/instance-lease.js';
import { sweepEveryWorkspace } from './connect.js';
import type { SetCore } from './background.js';
import type { WorkspaceSet } from './workspace-set.js';

/**
 * The features' own background work, over every workspace served: access reviews' jobs, the
 * containments followed, Slack Connect's re-checks and card sweeps, and the requests a stopped
 * process acknowledged. Each item runs with the ports of the workspace it names (its stored team),
 * never another's: `portsOf` answers nothing for a workspace not served.
 */
export function featureJobs(o: {
  set: WorkspaceSet;
  core: SetCore;
  app: App;
  lease: InstanceLease;
  tickMs: number | undefined;
}) {
  const { set, core, lease } = o;
  const portsOf = (team: string) => set.of(team)?.ports;
  // Store, clock and logs are the same in every workspace's ports: any member's serve for those.
  const any = set.members[0]?.ports;
  const reviewRunner = any?.accessReviews
    ? new ReviewRunner(any, {
        portsOf,
        teams: () => set.teams,
        ...(o.tickMs ? { tickMs: o.tickMs } : {}),
      })
    : undefined;
  const containFollower = any
    ? { follower: new ContainFollower(any, portsOf), everyMs: Math.min(o.tickMs ?? 5_000, 5_000) }
    : undefined;
  return {
    reviewRunner,
    containFollower,
    connectSweeps: sweepEveryWorkspace(() => set.members.map((m) => m.ports.connect)),
    recoverRequests: () =>
      recoverRequests({ app: o.app, intents: core.store, lease, clock: core.clock, logger: core.logger }),
  };
}
