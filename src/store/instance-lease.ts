import { randomBytes } from 'node:crypto';
import type { InstanceLeases } from '../ports/store.js';

/**
 * A lease (WARDEN_INSTANCE_LEASE, default 15 s) is renewed three times over: it outlives two missed
 * beats, since a loaded event loop or a store hiccup delays one, and a live process must never
 * look dead (its attempts would be settled while it is still running them). A dead process's
 * changes wait at most a lease plus a beat (the reconciler looks once a beat), for one small write
 * per process a beat.
 */
export const DEFAULT_LEASE_MS = 15_000;

export interface InstanceLease {
  /** This process's id: written on each audit attempt it makes. */
  readonly id: string;
  /** How often the lease is renewed, and the reconciler looks for others' that are gone. */
  readonly heartbeatMs: number;
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
export function createInstanceLease(
  store: InstanceLeases,
  leaseMs = DEFAULT_LEASE_MS,
  clock: () => number = Date.now,
): InstanceLease {
  const id = `wi_${randomBytes(8).toString('hex')}`;
  const startedAt = clock();
  let failedAt: number | undefined;
  return {
    id,
    heartbeatMs: Math.floor(leaseMs / 3),
    now: clock,
    async renew() {
      const now = clock();
      try {
        await store.renewInstance(id, startedAt, now + leaseMs);
      } catch (error) {
        failedAt = now;
        throw error;
      }
    },
    async release() {
      await store.releaseInstance(id);
    },
    othersTrusted() {
      return failedAt === undefined || clock() - failedAt > leaseMs;
    },
  };
}
