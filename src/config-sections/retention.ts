import { z } from 'zod';

/**
 * WARDEN_CONFIG `retention`: how long rows are kept, per table, in days. Old rows are deleted in
 * small batches by a background sweep (delivery/retention.ts), never on a request's path.
 */
const days = (fallback: number) => z.number().int().min(1).max(36_500).default(fallback);

export const RetentionSchema = z
  .object({
    /** Alerts delivered or dropped by a routing rule, counted from their last change. */
    sentAlertsDays: days(90),
    /** Alerts that failed (an operator may still requeue them). */
    failedAlertsDays: days(365),
    /** The audit log, and the notes attached to findings (closure evidence it names). */
    auditDays: days(365),
    /** What the poller last saw of a finding; one not seen for this long is new again. */
    seenDays: days(365),
    /** Rows deleted per statement: small, so the store is never held long. */
    batchSize: z.number().int().min(10).max(10_000).default(500),
  })
  .strict();

export type Retention = z.output<typeof RetentionSchema>;
