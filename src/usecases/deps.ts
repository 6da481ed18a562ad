import type { WebClient } from '@slack/web-api';
import type { Policy } from '../domain/policy.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { RecentKeys } from '../slack/recent-keys.js';
import type { UserDirectory } from '../slack/user-directory.js';
import type { UsergroupDirectory } from '../slack/usergroups.js';
import type { WorkQueue } from '../slack/work-queue.js';
import type { Store } from '../store/store.js';
import type { TenantClient } from '../tenant/client.js';
import type { CampaignCache } from './campaign-cache.js';

/** What the use cases need, built once in app.ts and passed down. */
export interface WardenDeps {
  tenant: TenantClient;
  slack: WebClient;
  users: UserDirectory;
  logger: Logger;
  now: () => Date;
  limits: {
    /** Longest risk acceptance, in days. */
    riskAcceptanceMaxDays: number;
    /** Longest snooze, in days. */
    snoozeMaxDays: number;
  };
  /** Findings with a state change in flight in this process: a second click is refused. */
  inflight: Set<string>;
  /** Interactions already handled (by trigger_id): a repeated delivery does nothing. */
  delivered: RecentKeys;
  /** Origins a payload's response_url may point at (Slack's, or the local Slack in tests). */
  responseUrlOrigins: readonly string[];
  slashCommand: string;
  campaigns: CampaignCache;
  store: Store;
  /** The workspace Warden serves (audit entries carry it). */
  teamId: string;
  usergroups: UsergroupDirectory;
  policy: Policy;
  /** Four-eyes for accept risk: the approvers' user group, when configured. */
  approvers: string | undefined;
  approvalTtlMs: number;
  /** How reasons record who acted in Slack. */
  attributionTemplate: string;
  metrics: Metrics;
  /** The work that follows an ack, with bounded concurrency: shutdown drains it. */
  work: WorkQueue;
}
