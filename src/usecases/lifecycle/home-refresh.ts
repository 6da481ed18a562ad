import { isSlackApiError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { LifecycleStore } from '../../ports/lifecycle.js';
import type { AuditLog, SeenStore } from '../../ports/store.js';
import type { Timers } from '../../ports/timers.js';

/**
 * Home tabs kept current after people act: a refresh asked for is coalesced per person for a
 * moment (one action writes several audit entries), then published only for people who have
 * opened Warden's Home tab (nobody else would see it).
 */
export interface HomeRefresher {
  refresh(userIds: readonly string[]): void;
  /** Everyone who may approve: a new request waits for them. */
  refreshApprovers(): void;
  /** Slack rate limited views.publish: these tabs are published once its Retry-After is over. */
  rateLimited(userIds: readonly string[], retryAfterMs: number | undefined): void;
  stop(): Promise<void>;
}

export function createHomeRefresher(o: {
  publish: (userId: string) => Promise<void>;
  openedBy: (userIds: readonly string[]) => Promise<string[]>;
  approvers: () => Promise<string[]>;
  logger: Logger;
  /** Warden's clock and timers (Slack's Retry-After is counted on it). */
  timers: Pick<Timers, 'now' | 'after'>;
  delayMs?: number;
}): HomeRefresher {
  const pending = new Set<string>();
  let approvers = false;
  /** Cancels the flush to come, if one is set. */
  let timer: (() => void) | undefined;
  let flushing: Promise<void> | undefined;
  /** Slack rate limited views.publish until then (ms, on Warden's clock). */
  let limitedUntil = 0;
  /** After stop(): a flush held off by a 429 does not start another. */
  let stopped = false;

  async function flush(): Promise<void> {
    const asked = [...pending];
    pending.clear();
    if (approvers) asked.push(...(await o.approvers().catch(() => [])));
    approvers = false;
    const opened = await o.openedBy([...new Set(asked)]).catch(() => []);
    for (const [i, user] of opened.entries()) {
      const error = await o.publish(user).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (error === undefined) continue;
      if (isSlackApiError(error) && error.failure === 'rate_limited') {
        // The rest wait for Slack's Retry-After together: one call then, not one 429 a person now.
        holdOff(opened.slice(i), error.retryAfterMs);
        return;
      }
      o.logger.warn({ err: error, user }, 'Home tab not refreshed');
    }
  }

  function holdOff(userIds: readonly string[], retryAfterMs: number | undefined): void {
    for (const u of userIds) pending.add(u);
    limitedUntil = Math.max(limitedUntil, o.timers.now() + (retryAfterMs ?? 30_000));
    o.logger.warn({ retryAfterMs, people: userIds.length }, 'Home tabs wait for Slack’s Retry-After');
    timer?.();
    timer = undefined;
    soon();
  }

  function soon(): void {
    // One flush at a time: a second beside a slow one (500 approvers' tabs take minutes at
    // Slack's pace) would publish the same tabs twice at once, an older view perhaps last.
    // What is asked for meanwhile waits for the flush in hand, which then sets the next.
    if (stopped || flushing) return;
    timer ??= o.timers.after(Math.max(o.delayMs ?? 500, limitedUntil - o.timers.now()), () => {
      timer = undefined;
      flushing = flush().finally(() => {
        flushing = undefined;
        if (pending.size || approvers) soon();
      });
    });
  }

  return {
    refresh(userIds) {
      for (const u of userIds) if (/^[UW][A-Z0-9]+$/.test(u)) pending.add(u);
      if (pending.size) soon();
    },
    refreshApprovers() {
      approvers = true;
      soon();
    },
    rateLimited(userIds, retryAfterMs) {
      holdOff(
        userIds.filter((u) => /^[UW][A-Z0-9]+$/.test(u)),
        retryAfterMs,
      );
    },
    async stop() {
      stopped = true;
      timer?.();
      timer = undefined;
      await flushing;
    },
  };
}

/**
 * The audit log, telling the Home refresher who just acted: every entry a person makes (an
 * attempt once it is settled), the requester of a four-eyes decision, and the approvers when a
 * request is made. Warden's one record of who did what is also its one signal of whose Home changed.
 */
const APPROVERS_SEE = new Set([
  'acceptRisk.request',
  'contain.request',
  'contain.approve',
  'contain.deny',
  'contain.expire',
]);

export function refreshingAudit(audit: AuditLog, home: () => HomeRefresher | undefined): AuditLog {
  // An attempt's person, until it is settled (this process made it; bounded).
  const attempts = new Map<string, string>();
  const people = (userId: string, params: Record<string, unknown>) =>
    [userId, params.requester].filter((u): u is string => typeof u === 'string');
  return {
    async appendAudit(entry) {
      const id = await audit.appendAudit(entry);
      if (entry.outcome === 'attempt') {
        if (attempts.size > 1_000) attempts.clear();
        attempts.set(id, entry.user_id);
      } else home()?.refresh(people(entry.user_id, entry.params));
      // A new request to decide, or one decided or expired: approvers' Home tabs list them.
      if (APPROVERS_SEE.has(entry.action)) home()?.refreshApprovers();
      return id;
    },
    async settleAudit(id, outcome, error, params) {
      const settled = await audit.settleAudit(id, outcome, error, params);
      const user = attempts.get(id);
      attempts.delete(id);
      if (user) home()?.refresh([user, ...(typeof params?.requester === 'string' ? [params.requester] : [])]);
      return settled;
    },
    unsettledAttempts: (q) => audit.unsettledAttempts(q),
    auditLog: (filter) => audit.auditLog(filter),
  };
}

/**
 * What Warden saw of a finding, telling the Home refresher whose *Ending soon* it may change: the
 * people of the finding's pending ends (made or approved them). Every path records the state here
 * after the end's jobs are scheduled (shared/finding-changed.ts: Warden's own change, an Extend…,
 * a Reopen by someone else, the end itself, the tenant's webhook and the poller), so their tab is
 * published from what is true now, not before it.
 */
export function refreshingSeen(
  seen: SeenStore,
  lifecycle: Pick<LifecycleStore, 'pendingJobs'>,
  home: () => HomeRefresher | undefined,
  logger: Logger,
): SeenStore {
  return {
    seen: (ids) => seen.seen(ids),
    async recordSeen(findingId, record, now) {
      await seen.recordSeen(findingId, record, now);
      const refresher = home();
      if (!refresher) return;
      // Not awaited: the intake acknowledges what it kept without waiting for Home tabs.
      void lifecycle
        .pendingJobs('end', Number.MAX_SAFE_INTEGER, { subject: findingId, limit: 20 })
        .then((ends) => {
          const people = ends.flatMap((j) => [j.madeBy, j.approvedBy]).filter((u): u is string => !!u);
          if (people.length) refresher.refresh(people);
        })
        .catch((error: unknown) =>
          logger.warn({ err: error, findingId }, 'Home tabs of its ends not refreshed'),
        );
    },
  };
}
