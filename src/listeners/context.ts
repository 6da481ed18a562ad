import type { Ports } from '../ports/index.js';
import type { ReplayMemory } from '../ports/store.js';
import type { RecentKeys } from '../slack/recent-keys.js';
import type { WorkQueue } from '../slack/work-queue.js';
import type { PayloadOrigin } from './payloads.js';

/** What the listeners hold: the ports they hand to use cases, and the queue their work runs on. */
export interface ListenerContext {
  ports: Ports;
  /** The work that follows an ack, with bounded concurrency: shutdown drains it. */
  work: WorkQueue;
  /** Interactions already handled (by trigger_id): a repeated delivery does nothing. */
  delivered: RecentKeys;
  /**
   * The store's memory of what was taken, shared by replicas: a Workflow Builder run Slack
   * delivers again (a retried event) may land on another replica, or after a restart.
   */
  replays?: ReplayMemory | undefined;
  /**
   * Installed by OAuth: the ports of the workspace a request came through (Bolt's context.teamId,
   * set by the installation that authorized it), and why a request may not be served at all.
   */
  workspaces?: {
    portsFor(teamId: string | undefined): Ports | undefined;
    refuses(origin: PayloadOrigin): Promise<string | undefined>;
  };
}

/** The ports a request is served with: its workspace's, or the one workspace's. */
export function portsOf(ctx: ListenerContext, context: { teamId?: string | undefined }): Ports {
  return ctx.workspaces?.portsFor(context.teamId) ?? ctx.ports;
}
