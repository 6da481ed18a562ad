import type { App } from '@slack/bolt';
import type { ConfigFile } from '../config-file.js';
import { ContainFollower } from '../delivery/contain-follower.js';
import { ReviewRunner } from '../delivery/review-runner.js';
import { recoverRequests } from '../listeners/request-intents.js';
import { registerOverdueGauge } from '../metrics-sla.js';
import type { InstanceLease } from '../store/instance-lease.js';
import type { SetCore } from './background.js';
import { sweepEveryWorkspace } from './connect.js';
import { slaJobs, slaReportRunner } from './sla.js';
import type { WorkspaceSet } from './workspace-set.js';

/**
 * The features' own background work, over every workspace served: access reviews' jobs, the
 * containments followed, Slack Connect's re-checks and card sweeps, and the requests a stopped
 * process acknowledged, the SLA clocks' sweep and audit read. Each item runs with the ports of the
 * workspace it names (its stored team), never another's: `portsOf` answers nothing for a workspace
 * not served; the SLA sweep's messages go with the token of their channel's workspace (its chat is
 * routed by channel: routed-slack.ts), a weekly report's job with its own workspace's ports.
 */
export function featureJobs(o: {
  set: WorkspaceSet;
  core: SetCore;
  app: App;
  lease: InstanceLease;
  tickMs: number | undefined;
  file: ConfigFile;
}) {
  const { set, core, lease } = o;
  const portsOf = (team: string) => set.of(team)?.ports;
  // Store, clock and logs are the same in every workspace's ports: the first member's serve for those.
  const first = set.members[0]?.ports;
  const reviewRunner = first?.accessReviews
    ? new ReviewRunner(first, {
        portsOf,
        teams: () => set.teams,
        ...(o.tickMs ? { tickMs: o.tickMs } : {}),
      })
    : undefined;
  const containFollower = first
    ? {
        follower: new ContainFollower(first, portsOf, 60_000, lease),
        everyMs: Math.min(o.tickMs ?? 5_000, 5_000),
      }
    : undefined;
  // One SLA sweep for the whole set, with the first member's ports, is right: the clocks are in
  // the shared store (each claimed once), the policy is the file's, and nothing of it is said in
  // that member's name — card updates go by the card's channel (its listing chat is routed:
  // routed-slack.ts), warnings and breaches are lifecycle jobs run with the workspace of the
  // finding's card (background.ts jobWorkspaces). The clock-line budget (slack/sla-budget.ts) is
  // one for the set, below any one workspace's Tier 3. test/e2e/sla-workspaces.test.ts.
  const member = set.members[0];
  const reports = o.file.sla?.report ?? [];
  const sla = member
    ? slaJobs({ ports: member.ports, listingChat: member.delivery.listingChat, pacing: core.store, reports })
    : undefined;
  const slaStore = first?.sla;
  if (first?.settings.sla && slaStore)
    registerOverdueGauge(core.metrics.registry, () => slaStore.overdueBySeverity());
  const slaRun = slaReportRunner(reports);
  return {
    reviewRunner,
    sla,
    slaReport: first?.settings.sla ? slaRun : undefined,
    containFollower,
    connectSweeps: sweepEveryWorkspace(() => set.members.map((m) => m.ports.connect)),
    recoverRequests: () =>
      recoverRequests({ app: o.app, intents: core.store, lease, clock: core.clock, logger: core.logger }),
  };
}
