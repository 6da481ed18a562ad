import { type BulkChange, isBulkChangeApplied } from '../../domain/bulk-change.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';

/** The vendor does not publish a limit on refs; 100 a request keeps each one modest. */
export const CHUNK = 100;
/** Read back after these pauses (ms): the tenant applies a bulk change asynchronously. */
const READ_BACK_PAUSES = [150, 300, 600, 1_200, 2_400, 4_800];

/**
 * The findings that show the change, read back (search by refs). The tenant applies a bulk change
 * asynchronously and says nothing when it is done: Warden reads again, pausing longer each time,
 * until every finding shows it, or a read after some progress brings no more (the tenant has gone
 * through them; the rest it refused), or the pauses run out. Used by every bulk change: many
 * findings at once, and an owner assigned to one.
 */
export async function readBack(
  p: Pick<Ports, 'findings' | 'logger' | 'timers'>,
  ids: readonly string[],
  change: BulkChange,
): Promise<Map<string, Finding>> {
  const done = new Map<string, Finding>();
  let progressed = false;
  for (const pause of READ_BACK_PAUSES) {
    const waiting = ids.filter((id) => !done.has(id));
    if (waiting.length === 0) break;
    await p.timers.sleep(pause);
    const before = done.size;
    for (let i = 0; i < waiting.length; i += CHUNK) {
      const refs = waiting.slice(i, i + CHUNK).map((id) => ({ id }));
      try {
        for await (const f of p.findings.search({ refs }, { pageSize: 50 })) {
          if (isBulkChangeApplied(f, change)) done.set(f.id, f);
        }
      } catch (error) {
        p.logger.warn({ err: error }, 'reading findings back after a bulk change failed; trying again');
      }
    }
    if (done.size === before && progressed) break;
    progressed ||= done.size > before;
  }
  return done;
}

/**
 * The findings that show the change now: one read (search by refs), no waiting. A failed read
 * throws, so the caller can try again later rather than take "not applied" for an answer.
 */
export async function readOnce(
  p: Pick<Ports, 'findings'>,
  ids: readonly string[],
  change: BulkChange,
): Promise<Map<string, Finding>> {
  const done = new Map<string, Finding>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const refs = ids.slice(i, i + CHUNK).map((id) => ({ id }));
    for await (const f of p.findings.search({ refs }, { pageSize: 50 })) {
      if (isBulkChangeApplied(f, change)) done.set(f.id, f);
    }
  }
  return done;
}
