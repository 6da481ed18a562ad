import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Working time for SLA clocks (WARDEN_CONFIG `sla.businessHours`): a clock counts only the hours
 * of the working days in a time zone, so it stands still at night and at weekends. Pure: no clock
 * of its own, every instant comes in.
 */
export interface BusinessHours {
  timezone: string;
  /** Working days, 0 = Sunday … 6 = Saturday. */
  days: readonly number[];
  /** Local start and end of a working day, `HH:MM` (end after start). */
  from: string;
  to: string;
}

/**
 * A time line of working milliseconds: `worked(t)` grows 1:1 with time inside working hours and
 * stands still outside them; `at(w)` is its inverse (the first instant it reaches `w`). Only
 * differences of `worked` mean anything.
 */
export interface WorkCalendar {
  worked(t: number): number;
  at(w: number): number;
  /** The length of one working day (24 h without business hours): "overdue by N days" counts these. */
  readonly dayMs: number;
  readonly hours: BusinessHours | undefined;
}

/** Every hour counts. */
export const ALWAYS: WorkCalendar = { worked: (t) => t, at: (w) => w, dayMs: 86_400_000, hours: undefined };

const minutesOf = (hhmm: string): number => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

interface Day {
  /** Local midnight (ms). */
  start: number;
  open: number;
  close: number;
  /** Working ms from the first day built to this day's opening. */
  cum: number;
}

/** How far a calendar is built at most (a bound on a search for an instant no day reaches). */
const MAX_DAYS = 40 * 366;

/**
 * A working-time calendar over business hours. Days are built lazily around the instants asked
 * for and kept (a report asks for many instants over a few months: each is a binary search).
 */
export function businessCalendar(hours: BusinessHours): WorkCalendar {
  const working = new Set(hours.days);
  const fromMin = minutesOf(hours.from);
  const toMin = minutesOf(hours.to);
  const days: Day[] = [];
  const build = (date: dayjs.Dayjs, cum: number): Day => {
    const start = date.valueOf();
    if (!working.has(date.day())) return { start, open: start, close: start, cum };
    const open = date.add(fromMin, 'minute').valueOf();
    // DST: the end is read on the local clock, so a 09:00–17:00 day is 7 or 9 hours on a change.
    const close = Math.max(open, date.add(toMin, 'minute').valueOf());
    return { start, open, close, cum };
  };
  const work = (d: Day) => d.close - d.open;
  const localMidnight = (t: number) => dayjs(t).tz(hours.timezone).startOf('day');
  const nextOf = (d: Day) => dayjs(d.start).tz(hours.timezone).add(1, 'day').startOf('day');
  const prevOf = (d: Day) => dayjs(d.start).tz(hours.timezone).subtract(1, 'day').startOf('day');
  const extendForward = () => {
    const last = days.at(-1);
    if (!last) return;
    days.push(build(nextOf(last), last.cum + work(last)));
  };
  const extendBackward = () => {
    const first = days[0];
    if (!first) return;
    const day = build(prevOf(first), 0);
    day.cum = first.cum - work(day);
    days.unshift(day);
  };
  const ensureInstant = (t: number) => {
    if (days.length === 0) days.push(build(localMidnight(t), 0));
    for (let n = 0; (days[0]?.start ?? 0) > t && n < MAX_DAYS; n++) extendBackward();
    for (let n = 0; t >= nextOf(days.at(-1) as Day).valueOf() && n < MAX_DAYS; n++) extendForward();
  };
  /** The index of the day holding `t` (built). */
  const dayIndex = (t: number): number => {
    let lo = 0;
    let hi = days.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((days[mid] as Day).start <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const sample = build(localMidnight(0), 0);
  const dayMs = Math.max(60_000, (toMin - fromMin) * 60_000 || work(sample));
  return {
    hours,
    dayMs,
    worked(t) {
      ensureInstant(t);
      const d = days[dayIndex(t)] as Day;
      return d.cum + Math.min(Math.max(t, d.open), d.close) - d.open;
    },
    at(w) {
      if (days.length === 0) ensureInstant(0);
      // Strictly below: the first day found then has working hours that reach w.
      for (let n = 0; (days[0] as Day).cum >= w && n < MAX_DAYS; n++) extendBackward();
      for (let n = 0; n < MAX_DAYS; n++) {
        const last = days.at(-1) as Day;
        if (last.cum + work(last) >= w && work(last) > 0) break;
        extendForward();
      }
      // The first day whose working hours reach w (cum + work never decreases: a monotone
      // search; a day without hours never comes first, its predecessor reaches w already).
      let lo = 0;
      let hi = days.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const d = days[mid] as Day;
        if (d.cum + work(d) >= w) hi = mid;
        else lo = mid + 1;
      }
      const d = days[lo] as Day;
      return d.open + Math.max(0, w - d.cum);
    },
  };
}

/** The calendar of a policy: business hours when set, else every hour. */
export function calendarOf(hours: BusinessHours | undefined): WorkCalendar {
  return hours ? businessCalendar(hours) : ALWAYS;
}

export const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
