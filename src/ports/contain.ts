import type { ContainAction } from '../domain/contain.js';
import type { AppUser } from '../model/app.js';
import type { Task } from '../model/task.js';

/**
 * Containment's ports: the tenant's task API and the reads that name what is taken away
 * (tenant/access-tasks.ts, tenant/apps.ts), and the store's record of each containment — the
 * claim that makes one confirmed action one tenant task, and the follow-up schedule of its task.
 */

export interface RevokeRequest {
  appId: string;
  appEntitlementId: string;
  appUserId: string;
  description: string;
}

export interface TasksPort {
  /** Never sent twice: an ambiguous failure is thrown as is (read back with `findByReference`). */
  createRevoke(r: RevokeRequest): Promise<Task>;
  createOffboarding(r: { subjectUserId: string; description: string }): Promise<Task>;
  /** Undefined when the tenant no longer knows the task. */
  get(taskId: string): Promise<Task | undefined>;
  findByReference(
    kind: 'revoke' | 'offboarding',
    reference: string,
    createdAfter: Date,
  ): Promise<Task | undefined>;
  appName(appId: string): Promise<string | undefined>;
  account(appId: string, appUserId: string): Promise<AppUser | undefined>;
  /** What the account holds in the app (at most 100). */
  grants(appId: string, appUserId: string): Promise<{ entitlementId: string; name: string | undefined }[]>;
}

/** The names shown of what is taken away (from the tenant when the form opened; never ids alone). */
export interface ContainWords {
  app?: string | undefined;
  entitlement?: string | undefined;
  account?: string | undefined;
  person?: string | undefined;
  /** The person in Slack, when the owner directory found them. */
  personSlackId?: string | undefined;
}

export type ContainStatus =
  /** Held for the requester's fresh sign-in. */
  | 'verifying'
  /** Waiting for an approver (four-eyes). */
  | 'pending'
  /** Cleared to be sent (no approver needed). */
  | 'ready'
  /** An approver approved it: cleared to be sent. */
  | 'approved'
  /** Claimed: the tenant call is being made (by `claimedBy`). */
  | 'creating'
  /** The tenant has the task: followed until final. */
  | 'created'
  /** The call failed ambiguously: read back until the tenant's answer is known. */
  | 'unknown'
  /** Its task reached a final state. */
  | 'final'
  | 'refused'
  | 'failed'
  | 'denied'
  | 'expired'
  /** Its task is no longer known to the tenant. */
  | 'lost'
  /** Followed for as long as Warden follows a task, and no longer. */
  | 'stopped';

export interface ContainRecord {
  id: string;
  /** The Slack workspace that asked (its ports follow the task). */
  teamId: string;
  findingId: string;
  findingType: string;
  action: ContainAction;
  targetKey: string;
  appId: string | null;
  entitlementId: string | null;
  appUserId: string | null;
  /** The identity user offboarded. */
  subjectId: string | null;
  words: ContainWords;
  reason: string;
  requesterId: string;
  channel: string;
  /** The card whose thread tells the story, when there is one. */
  cardTs: string | null;
  status: ContainStatus;
  approvedBy: string | null;
  /** The approval request's message (its buttons), once posted. */
  requestTs: string | null;
  taskId: string | null;
  taskLabel: string | null;
  /** The task's last known status (domain/task-status.ts). */
  taskStatus: string | null;
  error: string | null;
  verifiedAt: number | null;
  functionExecutionId: string | null;
  createdAt: number;
  updatedAt: number;
  /** When the tenant call was claimed (the read-back looks from a little before it). */
  claimedAt: number | null;
  nextPollAt: number | null;
  polls: number;
}

export type NewContain = Omit<
  ContainRecord,
  | 'status'
  | 'approvedBy'
  | 'requestTs'
  | 'taskId'
  | 'taskLabel'
  | 'taskStatus'
  | 'error'
  | 'updatedAt'
  | 'claimedAt'
  | 'nextPollAt'
  | 'polls'
> & { status: ContainStatus };

export type ContainChange = Partial<
  Pick<
    ContainRecord,
    | 'approvedBy'
    | 'requestTs'
    | 'taskId'
    | 'taskLabel'
    | 'taskStatus'
    | 'error'
    | 'verifiedAt'
    | 'claimedAt'
    | 'nextPollAt'
    | 'polls'
  >
>;

export interface ContainStore {
  /** False when a containment with this id exists already (the same form submitted twice). */
  createContain(c: NewContain, now: number): Promise<boolean>;
  getContain(id: string): Promise<ContainRecord | undefined>;
  /**
   * Moves it to `to` only from one of `from`: true for the one caller that did (the claim that
   * makes two clicks, two approvers or two replicas one tenant call).
   */
  moveContain(
    id: string,
    from: readonly ContainStatus[],
    to: ContainStatus,
    change: ContainChange,
    now: number,
  ): Promise<boolean>;
  updateContain(id: string, change: ContainChange, now: number): Promise<void>;
  /**
   * Takes containments whose next look is due (and not held by a live holder) for `leaseMs`.
   * With `deadAt` (wall time), `holder` is a process's instance id, and a claim held by a process
   * whose instance lease lapsed by then is taken too: a killed follower's look is not waited out.
   */
  claimDueContains(
    holder: string,
    limit: number,
    now: number,
    leaseMs: number,
    deadAt?: number,
  ): Promise<ContainRecord[]>;
  /** Lets go of a claimed one, next looked at `nextPollAt` (null: never again). */
  releaseContain(id: string, holder: string, nextPollAt: number | null, now: number): Promise<void>;
  /**
   * Four-eyes' deadline: containments still held for the requester's sign-in or waiting for an
   * approver, asked before `askedBefore`, moved to `expired` (one conditional update each); the
   * ones this caller moved, to tell.
   */
  expireContains(askedBefore: number, now: number): Promise<ContainRecord[]>;
  /** Containments waiting for an approver in the workspace `teamId`, oldest first. */
  pendingContains(teamId: string, limit: number): Promise<ContainRecord[]>;
  /** The newest containments of a finding (the card's line). */
  containsOf(findingId: string, limit: number): Promise<ContainRecord[]>;
}
