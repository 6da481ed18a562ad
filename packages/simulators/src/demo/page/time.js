// Times as Slack shows them: in the reader's own time zone (users.info `tz`), and Slack's date
// tokens `<!date^seconds^format|fallback>` with the format tokens of Slack's formatting reference.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Year, month (1–12), day, weekday of a moment in a time zone. */
function partsIn(ms, tz) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'long',
  }).formatToParts(new Date(ms));
  const get = (type) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    weekday: DAYS.indexOf(get('weekday')),
  };
}

const ordinal = (n) => {
  const s = n % 100;
  if (s >= 11 && s <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};
const pad = (n, w = 2) => String(n).padStart(w, '0');

/** today / yesterday / tomorrow in the reader's zone, or undefined. */
function relativeDay(ms, tz, now) {
  const a = partsIn(ms, tz);
  const b = partsIn(now, tz);
  const days = Math.round(
    (Date.UTC(a.year, a.month - 1, a.day) - Date.UTC(b.year, b.month - 1, b.day)) / 86_400_000,
  );
  return { '-1': 'yesterday', 0: 'today', 1: 'tomorrow' }[days];
}

export function clock(ms, tz, seconds = false) {
  return new Intl.DateTimeFormat(undefined, {
    timeZone: tz,
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  }).format(new Date(ms));
}

/** "Tuesday, 2 December 2025 at 14:05:09" for a tooltip. */
export function fullDateTime(ms, tz) {
  return new Intl.DateTimeFormat(undefined, { timeZone: tz, dateStyle: 'full', timeStyle: 'medium' }).format(
    new Date(ms),
  );
}

function ago(ms, now) {
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const diff = (ms - now) / 1000;
  const steps = [
    [60, 'second'],
    [60, 'minute'],
    [24, 'hour'],
    [30, 'day'],
    [12, 'month'],
    [Number.POSITIVE_INFINITY, 'year'],
  ];
  let value = diff;
  for (const [size, unit] of steps) {
    if (Math.abs(value) < size) return rtf.format(Math.round(value), unit);
    value /= size;
  }
  return '';
}

/** A `<!date^…>` token's format, filled in for the reader; undefined when the time is not a number. */
export function formatDateToken(seconds, format, tz, now = Date.now()) {
  const ms = Number(seconds) * 1000;
  if (!Number.isFinite(ms)) return undefined;
  const p = partsIn(ms, tz);
  const month = MONTHS[p.month - 1] ?? '';
  const dateLongFull = `${month} ${p.day}, ${p.year}`;
  const dateLong = `${DAYS[p.weekday] ?? ''}, ${month} ${ordinal(p.day)}, ${p.year}`;
  const date = `${month} ${ordinal(p.day)}, ${p.year}`;
  const dateShort = `${month.slice(0, 3)} ${p.day}, ${p.year}`;
  const rel = relativeDay(ms, tz, now);
  const sameYear = p.year === partsIn(now, tz).year;
  const tokens = {
    date_num: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    date_slash: `${pad(p.day)}/${pad(p.month)}/${p.year}`,
    date_long: dateLong,
    date_long_full: dateLongFull,
    date_long_pretty: rel ?? dateLong,
    date: date,
    date_pretty: rel ?? date,
    date_short: dateShort,
    date_short_pretty: rel ?? dateShort,
    day_divider_pretty: rel ?? (sameYear ? `${DAYS[p.weekday] ?? ''}, ${month} ${ordinal(p.day)}` : dateLong),
    time: clock(ms, tz),
    time_secs: clock(ms, tz, true),
    ago: ago(ms, now),
  };
  return format.replace(/\{([a-z_]+)\}/g, (whole, name) => tokens[name] ?? whole);
}

/** A Slack ts ("1732280000.123456") as an integer count of microseconds, exact for ordering. */
export function tsKey(ts) {
  const [sec, micro = '0'] = String(ts).split('.');
  return Number(sec) * 1_000_000 + Number(micro.padEnd(6, '0').slice(0, 6));
}
