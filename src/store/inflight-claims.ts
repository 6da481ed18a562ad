import { randomBytes } from 'node:crypto';
import type { Clock, InflightPort } from '../ports/index.js';
import type { InflightClaims } from '../ports/store.js';

/**
 * Findings with a state change in flight, claimed in the store: a second click is refused while
 * the first is at the tenant, whichever replica each landed on. A claim carries a lease longer
 * than a change can take (every retry of the tenant request included), so a replica that dies
 * holding one does not block the finding for longer than that. A holder names its process
 * (`<instanceId>.<random>`): once that process's lease is gone and its attempt reconciled, the
 * claim is let go at once (releaseOrphaned) rather than when its own lease runs out.
 */
export function createInflightClaims(
  store: InflightClaims,
  clock: Clock,
  leaseMs = 5 * 60_000,
  instanceId = 'process',
): InflightPort {
  const held = new Map<string, string>();
  return {
    async claim(findingId) {
      const holder = `${instanceId}.${randomBytes(8).toString('hex')}`;
      const now = clock();
      if (!(await store.claimInflight(findingId, holder, now + leaseMs, now))) return false;
      held.set(findingId, holder);
      return true;
    },
    async release(findingId) {
      const holder = held.get(findingId);
      if (holder === undefined) return;
      held.delete(findingId);
      // A release the store does not take is not an error for the person: the lease runs out.
      await store.releaseInflight(findingId, holder).catch(() => undefined);
    },
    async releaseOrphaned(findingId, deadInstanceId) {
      // Never this process's own: its claims are released by the change that holds them.
      if (deadInstanceId === instanceId) return;
      await store.releaseInflightOf(findingId, deadInstanceId);
    },
  };
}
