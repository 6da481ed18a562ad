import { intlTag, type Locale } from './locale.js';
import { currentLocale } from './speak.js';

/**
 * Dates and numbers through `Intl`, in the scope's language and the reader's time zone. One
 * formatter per language, zone and style, made once (building an Intl formatter is not cheap).
 */
type DateStyle = 'dateTime' | 'date' | 'time';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

export function formatDate(
  ms: number,
  timeZone: string,
  style: DateStyle = 'dateTime',
  locale = currentLocale(),
): string {
  const id = `${locale}|${timeZone}|${style}`;
  let f = dateFormats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(intlTag(locale), { ...STYLES[style], timeZone });
    dateFormats.set(id, f);
  }
  return f.format(ms);
}

export function formatNumber(n: number, locale = currentLocale()): string {
  let f = numberFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(intlTag(locale));
    numberFormats.set(locale, f);
  }
  return f.format(n);
}
