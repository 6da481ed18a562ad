import type { ReviewCampaign, ReviewTask } from '../domain/access-review.js';
import type { DeviceAuthorization } from '../model/access-review.js';
import type { Secret } from '../secret.js';

/**
 * Access reviews decided in Slack (README "Access reviews in Slack"): the tenant as Warden reads
 * it (campaigns, their tasks, reports) and as each linked reviewer acts (their own personal
 * client: the tenant records them, never Warden), the links kept sealed in the store, and the
 * schedule of review jobs (assignment notices, reminders, the campaign trackers, reports), each
 * job recording the Slack workspace it belongs to.
 */

/** WARDEN_CONFIG `reviews`, as the use cases read it. */
export interface ReviewSettings {
  /** The tenant's public client for the device authorization flow. */
  deviceClientId: string;
  /** Where a campaign's tracker goes: its own channel, else the default (none: no tracker). */
  channelOf(campaignId: string): string | undefined;
  /** Campaigns named in the configuration (tracked even before a linked reviewer has work in them). */
  campaigns: readonly string[];
  /** Reminders this long before a campaign is due (e.g. 72 h, 24 h). */
  remindBeforeMs: readonly number[];
  sweepEveryMs: number;
  trackerEveryMs: number;
  /** Tasks a page of the Review modal shows. */
  pageSize: number;
}

/** A device flow's poll, as RFC 8628 §3.5 answers it. */
export type DevicePoll =
  | { kind: 'token'; token: Secret }
  | { kind: 'pending' }
  | { kind: 'slowDown' }
  | { kind: 'expired' }
  | { kind: 'denied' }
  | { kind: 'failed'; why: string };

/** What a person's personal client is (kept sealed; the secret only in memory while used). */
export interface PersonalCredential {
  personalClientId: string;
  clientId: string;
  clientSecret: Secret;
}

export type TaskDecision =
  | { kind: 'approve' | 'deny'; stepId: string; comment?: string | undefined }
  | { kind: 'comment'; comment: string }
  | { kind: 'reassign'; stepId: string; to: readonly string[]; comment?: string | undefined };

/** The tenant as one linked reviewer: every call with their own credential. */
export interface ReviewerSession {
  /** Their open certify tasks (optionally of one campaign and app). */
  openTasks(identityUserId: string, scope?: { campaignId: string; appId: string }): Promise<ReviewTask[]>;
  task(taskId: string): Promise<ReviewTask | undefined>;
  decide(taskId: string, d: TaskDecision): Promise<ReviewTask | undefined>;
  /** approve-with-step-up: where to verify (no transaction yet), or the approved task. */
  approveWithStepUp(
    taskId: string,
    stepId: string,
    transactionId?: string,
  ): Promise<{ verifyAt: string } | { task: ReviewTask | undefined }>;
  /** A verified, unspent step-up transaction of theirs for this task, if any. */
  verifiedStepUp(taskId: string, identityUserId: string): Promise<string | undefined>;
  /** Deletes their personal client at the tenant (unlinking). */
  deleteClient(personalClientId: string): Promise<void>;
}

export interface ReviewTenant {
  /** As Warden (reads only): a campaign. */
  campaign(id: string): Promise<ReviewCampaign | undefined>;
  /** As Warden (reads only): certify tasks, open only unless `all`. */
  tasks(filter: {
    campaignIds?: readonly string[];
    assignees?: readonly string[];
    all?: boolean;
  }): Promise<ReviewTask[]>;
  /** As Warden: whether the tenant user is enabled (undefined: the tenant has no such user). */
  userActive(identityUserId: string): Promise<boolean | undefined>;
  /** As Warden: asks for the campaign's CSV report (asynchronous). */
  requestReport(campaignId: string): Promise<void>;
  /** The newest CSV report, once made: its content; `pending` while the tenant is making it. */
  csvReport(campaignId: string): Promise<{ csv: string } | { pending: true } | { none: true }>;
  startDeviceFlow(): Promise<DeviceAuthorization>;
  pollDeviceFlow(deviceCode: string): Promise<DevicePoll>;
  /** With the device flow's token: who it is, then their new personal client named `name`. */
  whoIs(token: Secret): Promise<string | undefined>;
  createClient(token: Secret, name: string): Promise<PersonalCredential & { userId: string | undefined }>;
  /** Deletes a personal client with the device flow's token (a link refused after it was made). */
  deleteClientWith(token: Secret, personalClientId: string): Promise<void>;
  as(credential: PersonalCredential): ReviewerSession;
}

/** A person linked to their tenant user, in one workspace. */
export interface ReviewLink {
  team: string;
  slackUserId: string;
  identityUserId: string;
  personalClientId: string;
  /** The client's name at the tenant (`Created by Warden for @alice`). */
  name: string;
  createdAt: number;
}

export interface ReviewLinks {
  /** Seals the credential (bound to this row) and keeps the link; replaces the person's previous one. */
  save(link: ReviewLink, credential: PersonalCredential): Promise<void>;
  get(team: string, slackUserId: string): Promise<ReviewLink | undefined>;
  /** The credential, unsealed (and sealed again with the current key when an older one wrote it). */
  credential(link: ReviewLink): Promise<PersonalCredential | undefined>;
  /** Every link of a workspace (the sweep), or of everyone when `team` is undefined. */
  all(team?: string): Promise<ReviewLink[]>;
  /** True when this call removed it. */
  remove(team: string, slackUserId: string): Promise<boolean>;
}

export type ReviewJobKind = 'sweep' | 'assigned' | 'remind' | 'track' | 'report';

export interface ReviewJob {
  id: string;
  key: string;
  kind: ReviewJobKind;
  /** The Slack workspace it belongs to: it runs with that workspace's ports. */
  team: string;
  dueAt: number;
  payload: unknown;
  attempts: number;
}

export interface ReviewJobs {
  /** Once per key, ever (a restart or a second replica scheduling it again does nothing): true when new. */
  schedule(
    job: { key: string; kind: ReviewJobKind; team: string; dueAt: number; payload: unknown },
    now: number,
  ): Promise<boolean>;
  /** Due jobs (and those whose holder's lease ran out), each to one holder. */
  claim(holder: string, limit: number, now: number, leaseMs: number): Promise<ReviewJob[]>;
  finish(id: string, status: 'done' | 'skipped' | 'failed', outcome: string, now: number): Promise<void>;
  retry(id: string, at: number, error: string, now: number): Promise<void>;
  /** Pending jobs of a kind for a workspace (tests, the Home tab's next reminder). */
  pending(kind: ReviewJobKind, team: string): Promise<ReviewJob[]>;
}

/** A campaign's one tracker message in its channel. */
export interface ReviewTracker {
  team: string;
  campaignId: string;
  channel: string;
  ts: string | undefined;
  hash: string | undefined;
  updatedAt: number | undefined;
  closed: boolean;
}

export interface ReviewTrackers {
  get(team: string, campaignId: string): Promise<ReviewTracker | undefined>;
  save(t: ReviewTracker): Promise<void>;
  /** Campaigns with a tracker in this workspace (still open ones). */
  open(team: string): Promise<ReviewTracker[]>;
}

/** This process's device flows being polled: one per person and workspace; all end when Warden stops. */
export interface LinkingFlows {
  /** False when one is already running for `key`. */
  begin(key: string): boolean;
  end(key: string): void;
  readonly stopped: boolean;
  /** Warden is stopping: running polls end at their next wake. */
  stop(): void;
}

export interface AccessReviewsPort {
  settings: ReviewSettings;
  linking: LinkingFlows;
  tenant: ReviewTenant;
  links: ReviewLinks;
  jobs: ReviewJobs;
  trackers: ReviewTrackers;
}
