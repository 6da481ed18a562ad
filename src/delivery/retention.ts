import type { Retention } from '../config-sections/retention.js';
import type { Logger } from '../logger.js';
import type { RetentionStore, RetentionTarget } from '../ports/store.js';
import type { Timers } from '../ports/timers.js';

const DAY = 86_400_000;

export interface RetentionSweepOptions {
  store: RetentionStore;
  retention: Retention;
  clock: () => number;
  timers: Pick<Timers, 'sleep'>;
  logger: Logger;
  /** Pause between two batches, so requests and deliveries get the store in between. */
  pauseMs?: number;
}

/**
 * Deletes what WARDEN_CONFIG `retention` no longer keeps, table by table, in batches of
 * `batchSize` with a pause between them: off the hot path (a timer, never a request), and never
 * one long statement holding the store. Resolves to how many rows went, per table.
 */
export async function sweepRetention(o: RetentionSweepOptions): Promise<Record<RetentionTarget, number>> {
  const now = o.clock();
  const r = o.retention;
  const cutoffs: [RetentionTarget, number][] = [
    ['sentAlerts', now - r.sentAlertsDays * DAY],
    ['failedAlerts', now - r.failedAlertsDays * DAY],
    ['audit', now - r.auditDays * DAY],
    ['seen', now - r.seenDays * DAY],
    ['expired', now],
    ['rollups', now - r.sentAlertsDays * DAY],
    // A note is closure evidence: the audit entries that name it (note.attach, a resolve's or a
    // suppress's evidence) are kept auditDays, so the note is kept exactly as long, no longer.
    ['notes', now - r.auditDays * DAY],
  ];
  const deleted: Record<RetentionTarget, number> = {
    sentAlerts: 0,
    failedAlerts: 0,
    audit: 0,
    seen: 0,
    expired: 0,
    rollups: 0,
    notes: 0,
  };
  for (const [target, before] of cutoffs) {
    for (;;) {
      const n = await o.store.purge(target, before, r.batchSize);
      deleted[target] += n;
      if (n < r.batchSize) break;
      await o.timers.sleep(o.pauseMs ?? 50);
    }
  }
  if (Object.values(deleted).some((n) => n > 0)) o.logger.info({ deleted }, 'retention: old rows deleted');
  return deleted;
}
