import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { t } from '../i18n/speak.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A bare date means this hour of that day, in the person's time zone: the start of a working day. */
export const DEFAULT_HOUR = 9;

export type WhenResult = { ok: true; at: Date } | { ok: false; error: string };

/** The forms a time may take, in the scope's language (i18n/catalog/card/when.ts). */
export const whenHelp = (): string => t('when.help');

const RELATIVE = /^(\d{1,4})\s*(h|d|w)$/i;
const RELATIVE_UNITS: Record<string, 'hour' | 'day' | 'week'> = { h: 'hour', d: 'day', w: 'week' };
const ISO_DURATION =
  /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2}))?$/;

const knownZones = new Map<string, boolean>();

/** Whether `tz` is an IANA zone this runtime knows (remembered: building a formatter is costly). */
export function isKnownTimeZone(tz: string): boolean {
  const known = knownZones.get(tz);
  if (known !== undefined) return known;
  let ok: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    ok = true;
  } catch {
    ok = false;
  }
  // Zone names come from Slack profiles and forms: bound the memory a flood of odd ones could take.
  if (knownZones.size < 1_000) knownZones.set(tz, ok);
  return ok;
}

/** A local wall-clock time in `tz` as an instant; undefined if the date does not exist. */
export function localTime(
  parts: { year: number; month: number; day: number; hour: number; minute: number },
  tz: string,
): Date | undefined {
  const { year, month, day, hour, minute } = parts;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  if (hour > 23 || minute > 59) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  const zone = isKnownTimeZone(tz) ? tz : 'UTC';
  return dayjs.tz(`${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}`, zone).toDate();
}

/**
 * A date (`YYYY-MM-DD`) and optional time (`HH:MM`, else 09:00) picked in a form, read in `tz`;
 * undefined when the date is missing or not a real one.
 */
export function pickedTime(
  date: string | null | undefined,
  time: string | null | undefined,
  tz: string,
): Date | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  if (!d) return undefined;
  const t = /^(\d{2}):(\d{2})$/.exec(time ?? '');
  return localTime(
    {
      year: Number(d[1]),
      month: Number(d[2]),
      day: Number(d[3]),
      hour: t ? Number(t[1]) : DEFAULT_HOUR,
      minute: t ? Number(t[2]) : 0,
    },
    tz,
  );
}

/**
 * Parses when something should end: a relative span (`7d`, `2w`, `36h`), an ISO 8601 duration
 * (`P7D`, `PT36H`, `P1M`), a date (`2026-12-01`, at 09:00) or a date and time
 * (`2026-12-01 09:00`), dates read in the person's time zone `tz`. Bounds (future, maximum) are
 * the caller's.
 */
export function parseWhen(text: string, tz: string, now: Date): WhenResult {
  const input = text.trim();
  const zone = isKnownTimeZone(tz) ? tz : 'UTC';
  const rel = RELATIVE.exec(input);
  if (rel) {
    const [, n = '0', unit = 'd'] = rel;
    const unitName = RELATIVE_UNITS[unit.toLowerCase()] ?? 'day';
    return { ok: true, at: dayjs(now).tz(zone).add(Number(n), unitName).toDate() };
  }
  const iso = ISO_DURATION.exec(input);
  if (iso && input.length > 1 && !/T$/i.test(input)) {
    const [, y, mo, w, d, h, mi, s] = iso.map((v) => Number(v ?? 0));
    const at = dayjs(now)
      .tz(zone)
      .add(y ?? 0, 'year')
      .add(mo ?? 0, 'month')
      .add(w ?? 0, 'week')
      .add(d ?? 0, 'day')
      .add(h ?? 0, 'hour')
      .add(mi ?? 0, 'minute')
      .add(s ?? 0, 'second');
    return { ok: true, at: at.toDate() };
  }
  const dt = DATE_TIME.exec(input);
  if (dt) {
    const [, year, month, day, hour, minute] = dt;
    const at = localTime(
      {
        year: Number(year),
        month: Number(month),
        day: Number(day),
        hour: hour === undefined ? DEFAULT_HOUR : Number(hour),
        minute: minute === undefined ? 0 : Number(minute),
      },
      zone,
    );
    return at ? { ok: true, at } : { ok: false, error: t('when.notReal', { input }) };
  }
  return { ok: false, error: t('when.notUnderstood', { input: input.slice(0, 40), help: whenHelp() }) };
}

/** Refuses a time in the past or beyond `maxDays` from now. */
export function checkBounds(at: Date, now: Date, maxDays: number): string | undefined {
  if (at.getTime() <= now.getTime()) return t('when.past');
  if (at.getTime() - now.getTime() > maxDays * 86_400_000) return t('when.tooFar', { days: String(maxDays) });
  return undefined;
}
