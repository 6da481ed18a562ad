import { randomBytes } from 'node:crypto';
import type { InstanceLeases } from '../ports/store.js';

/**
 * Renewed this often. Five seconds keeps a dead process's changes waiting little (its lease runs
 * out at most LEASE_MS after its last beat, and the reconciler looks every HEARTBEAT_MS) for one
 * small write per process every five seconds.
 */
export const HEARTBEAT_MS = 5_000;
/**
 * A lease outlives two missed beats: a loaded event loop or a store hiccup delays one, and a live
 * process must never look dead (its attempts would be settled while it is still running them).
 */
export const LEASE_MS = 15_000;
/** Leases gone this long are deleted (their attempts are orphans whether the row is there or not). */
const FORGET_AFTER_MS = 24 * 3_600_000;

export interface InstanceLease {
  /** This process's id: written on each audit attempt it makes. */
  readonly id: string;
  /** Wall time (ms): what leases are measured in, whatever clock the schedule runs on. */
  now(): number;
  /** Takes or renews the lease; throws when the store does not answer. */
  renew(): Promise<void>;
  /** Gives the lease up (a clean stop, after everything in hand is done). */
  release(): Promise<void>;
  /**
   * Whether others' leases can be believed: not until this process has renewed its own without
   * fail for a whole lease. After a store outage every process's lease lapsed, and a live one
   * whose heartbeat has not come round yet must not be taken for dead.
   */
  othersTrusted(): boolean;
}

/**
 * This process's lease. Liveness is wall time (Date.now), not Warden's clock: tests move that one
 * by days, and a process is no less alive for it.
 */
export function createInstanceLease(store: InstanceLeases, clock: () => number = Date.now): InstanceLease {
  const id = `wi_${randomBytes(8).toString('hex')}`;
  const startedAt = clock();
  let failedAt: number | undefined;
  return {
    id,
    now: clock,
    async renew() {
      const now = clock();
      try {
        await store.renewInstance(id, startedAt, now + LEASE_MS);
      } catch (error) {
        failedAt = now;
        throw error;
      }
      await store.forgetInstances(now - FORGET_AFTER_MS);
    },
    async release() {
      await store.releaseInstance(id);
    },
    othersTrusted() {
      return failedAt === undefined || clock() - failedAt > LEASE_MS;
    },
  };
}
