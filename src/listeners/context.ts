import type { Ports } from '../ports/index.js';
import type { ReplayMemory } from '../ports/store.js';
import type { RecentKeys } from '../slack/recent-keys.js';
import type { WorkQueue } from '../slack/work-queue.js';
import type { PayloadOrigin } from './payloads.js';

/** The workspaces served, as the listeners ask them (wiring/workspace-set.ts). */
export interface ServedWorkspaces {
  /** The ports of the workspace a request came through (Bolt's context.teamId). */
  portsOf(teamId: string | undefined): Ports | undefined;
  /** The workspace's ports when Warden serves exactly one (its own modals are its own). */
  only?(): Ports | undefined;
  /** Why a request may not be served at all (a workspace or organisation not served, not installed). */
  refuses(origin: PayloadOrigin): Promise<string | undefined>;
  /** A request whose workspace cannot be told: refused, logged, counted. */
  unrouted(what: string, reason: string, detail?: Record<string, unknown>): void;
}

/** What the listeners hold: the workspaces whose ports they hand to use cases, and the queue their work runs on. */
export interface ListenerContext {
  workspaces: ServedWorkspaces;
  /** What is the same in every workspace: logs, metrics, the clock. */
  core: Pick<Ports, 'logger' | 'metrics' | 'clock'>;
  /** The slash command's name (SLACK_COMMAND). */
  slashCommand: string;
  /** The work that follows an ack, with bounded concurrency: shutdown drains it. */
  work: WorkQueue;
  /** Interactions already handled (by trigger_id): a repeated delivery does nothing. */
  delivered: RecentKeys;
  /**
   * The store's memory of what was taken, shared by replicas: a Workflow Builder run Slack
   * delivers again (a retried event) may land on another replica, or after a restart.
   */
  replays?: ReplayMemory | undefined;
}

/**
 * The ports a request is served with: those of its workspace (the middleware refused any other).
 * None when Bolt's context names no served workspace: refused and counted, never served by another's.
 */
export function portsOf(
  ctx: ListenerContext,
  context: { teamId?: string | undefined },
  what: string,
): Ports | undefined {
  const ports = ctx.workspaces.portsOf(context.teamId);
  if (!ports)
    ctx.workspaces.unrouted(what, 'request of no served workspace', { team: context.teamId ?? null });
  return ports;
}
