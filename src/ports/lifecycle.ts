/**
 * The lifecycle's schedule, kept in the store so one replica does each job once, across restarts:
 * a reminder before a snooze or risk acceptance ends, the end itself, a channel's daily digest.
 * Each job has a unique key (one reminder per end, one digest per channel per day); a job is
 * claimed with a lease, and the steps it has done (a message sent) are recorded as it goes, so a
 * job taken back after a crash does not send them again.
 */

export type JobKind =
  | 'remind'
  | 'end'
  | 'digest'
  | 'ask'
  | 'askRemind'
  | 'askEscalate'
  /** SLA clocks (usecases/sla/): the warning, the breach reply, the weekly report. */
  | 'slaWarn'
  | 'slaBreach'
  | 'slaReport';
export type JobStatus = 'pending' | 'running' | 'done' | 'failed' | 'skipped';

export interface LifecycleJob {
  id: string;
  kind: JobKind;
  key: string;
  dueAt: number;
  /** What the job is about: the finding (a reminder, an end) or the channel (a digest). */
  subject: string | null;
  /** Who made the snooze or acceptance in Slack (the requester of a four-eyes one). */
  madeBy: string | null;
  /** Who approved it (four-eyes). */
  approvedBy: string | null;
  /** What the job needs (JSON, validated by whoever reads it). */
  payload: unknown;
  status: JobStatus;
  attempts: number;
  /** Step -> its result (`sent`, or the Slack error that stopped it). */
  progress: Record<string, string>;
  outcome: string | null;
  /** Messages that could not be delivered (a person gone, a channel archived). */
  undelivered: number;
  createdAt: number;
  updatedAt: number;
  /** The workspace it runs in (its messages go with that workspace's token); undefined before 0111. */
  teamId?: string | undefined;
}

export interface NewJob {
  kind: JobKind;
  key: string;
  dueAt: number;
  subject?: string | undefined;
  madeBy?: string | undefined;
  approvedBy?: string | undefined;
  payload: unknown;
  teamId?: string | undefined;
}

export interface LifecycleStats {
  pending: number;
  /** Jobs that failed for good since `since`. */
  failed: number;
  /** Jobs since `since` with a message that could not be delivered. */
  undelivered: number;
}

export interface LifecycleStore {
  /**
   * Schedules a job once per key; true when it is new. A repeat only fills in who made it, when
   * the first to schedule it did not know (the tenant's webhook can arrive before Warden's own
   * change has finished).
   */
  scheduleJob(job: NewJob, now: number): Promise<boolean>;
  /** Takes due jobs (and jobs whose holder's lease ran out) for `leaseMs`, oldest first. */
  claimDueJobs(holder: string, limit: number, now: number, leaseMs: number): Promise<LifecycleJob[]>;
  /** A step of a job is done (or failed for good): a retry skips it. */
  recordJobStep(id: string, step: string, result: string, now: number): Promise<void>;
  finishJob(
    id: string,
    status: 'done' | 'failed' | 'skipped',
    outcome: string,
    now: number,
    undelivered?: number,
  ): Promise<void>;
  /** Back to pending, due at `at`: it failed in a way that may pass. */
  retryJob(id: string, at: number, error: string, now: number): Promise<void>;
  getJob(id: string): Promise<LifecycleJob | undefined>;
  /**
   * Pending jobs of a kind due before `until`, soonest first (Home: ending soon; digests), of a
   * person (made or approved by) or about one subject (a finding's ends, old and new).
   */
  pendingJobs(
    kind: JobKind,
    until: number,
    filter?: { person?: string; subject?: string; limit?: number },
  ): Promise<LifecycleJob[]>;
  /** The last finished job of a kind about a subject (the previous digest of a channel). */
  lastFinished(kind: JobKind, subject: string): Promise<LifecycleJob | undefined>;
  lifecycleStats(since: number): Promise<LifecycleStats>;
}

/**
 * Who has opened Warden's Home tab (only they get it republished after they act), by workspace:
 * `team` is the workspace's id when Warden serves several, '' (the default) for the one workspace.
 */
export interface HomeViews {
  markHomeOpened(userId: string, now: number, team?: string): Promise<void>;
  /** Of these people, the ones who have opened the Home tab (in that workspace). */
  homeOpenedBy(userIds: readonly string[], team?: string): Promise<string[]>;
  /** Everyone who has opened it (in that workspace), most recent first (at most `limit`). */
  homeViewers(limit: number, team?: string): Promise<string[]>;
}
