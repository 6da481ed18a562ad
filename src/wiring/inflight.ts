import type { InflightPort } from '../ports/index.js';

/**
 * Findings with a state change in flight in this process: a second click is refused while the
 * first is at the tenant.
 */
export function createInflightSet(): InflightPort {
  const inflight = new Set<string>();
  return {
    claim(findingId) {
      if (inflight.has(findingId)) return Promise.resolve(false);
      inflight.add(findingId);
      return Promise.resolve(true);
    },
    release(findingId) {
      inflight.delete(findingId);
      return Promise.resolve();
    },
  };
}
