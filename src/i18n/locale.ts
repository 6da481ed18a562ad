/**
 * The languages Warden speaks. `en` is the source every other catalogue translates; `en-XA` is a
 * pseudo-locale (every English letter accented, every message bracketed) that tests render every
 * surface in to find words that never went through the catalogue.
 */
export const LOCALES = ['en', 'de', 'ja'] as const;
export type SpokenLocale = (typeof LOCALES)[number];
export type Locale = SpokenLocale | 'en-XA';

export const DEFAULT_LOCALE: SpokenLocale = 'en';

/** A BCP 47 tag for Intl (dates, numbers, plural rules): the pseudo-locale counts as English. */
export const intlTag = (locale: Locale): string => (locale === 'en-XA' ? 'en' : locale);

/**
 * Slack's `locale` of a person (`users.info` with `include_locale`: "de-DE", "ja-JP", "en-GB") or a
 * routing rule's `locale` ("de") to a language Warden speaks; anything else is English, which is
 * what the person read before Warden spoke their language.
 */
export function localeOf(tag: string | undefined | null): Locale {
  if (!tag) return DEFAULT_LOCALE;
  if (tag === 'en-XA') return 'en-XA';
  const language = tag.toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(language ?? '')
    ? (language as SpokenLocale)
    : DEFAULT_LOCALE;
}

/** Whether a configured `locale:` names a language Warden speaks (config checks list the rest). */
export const isSpokenLocale = (tag: string): boolean =>
  (LOCALES as readonly string[]).includes(tag.toLowerCase().split(/[-_]/)[0] ?? '');
