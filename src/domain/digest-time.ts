import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { localTime } from './when.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * When a channel's daily digest is due (WARDEN_CONFIG `digest`: `at` local time in `timezone`).
 * Pure: `now` comes in. A digest whose time passed while Warden was down is still posted if it is
 * at most `catchUpMs` late; later than that the day is skipped, never posted twice.
 */

export interface DigestOccurrence {
  /** The local date it belongs to (`YYYY-MM-DD`): one digest per channel per date. */
  date: string;
  dueAt: number;
}

/** A digest goes out at most this late after a downtime; past that, that day's is skipped. */
export const DIGEST_CATCH_UP_MS = 6 * 3_600_000;

function occurrence(date: dayjs.Dayjs, at: string, tz: string): DigestOccurrence | undefined {
  const [hour = 0, minute = 0] = at.split(':').map(Number);
  const due = localTime({ year: date.year(), month: date.month() + 1, day: date.date(), hour, minute }, tz);
  return due ? { date: date.format('YYYY-MM-DD'), dueAt: due.getTime() } : undefined;
}

/** The occurrences worth scheduling now: today's (unless too late already) and tomorrow's. */
export function digestOccurrences(at: string, tz: string, now: number): DigestOccurrence[] {
  const today = dayjs(now).tz(tz);
  return [today, today.add(1, 'day')]
    .map((d) => occurrence(d.startOf('day'), at, tz))
    .filter((o): o is DigestOccurrence => o !== undefined && o.dueAt > now - DIGEST_CATCH_UP_MS);
}
