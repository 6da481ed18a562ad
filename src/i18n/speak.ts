import { AsyncLocalStorage } from 'node:async_hooks';
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOG, type MessageKey } from './catalog/index.js';
import { DEFAULT_LOCALE, intlTag, type Locale } from './locale.js';
import { pseudoLocalize } from './pseudo.js';

/**
 * The language Warden speaks to the audience of what is being rendered. An edge that knows its
 * audience (a person's click, a channel's card, a DM) opens a scope with `speaking(locale, …)`; the
 * renderers and word functions below it call `t(key, values)`, so a pure renderer keeps its
 * signature and the same inputs in the same scope give the same blocks. Outside any scope Warden
 * speaks English, as it did before it had a catalogue.
 */
const scope = new AsyncLocalStorage<Locale>();

export function speaking<T>(locale: Locale, render: () => T): T {
  // Node 20's AsyncLocalStorage, once used, runs a hook on every promise of the process: about a
  // third fewer clicks a second at saturation (bench (a): 190 against 290 req/s). English is
  // what no scope means, so English where no scope is open opens none, and a process whose people
  // and channels all read English never turns the hook on. Inside another language's scope an
  // English one is still opened, so a German person's click renders an English channel's card in
  // English.
  if (locale === DEFAULT_LOCALE && scope.getStore() === undefined) return render();
  return scope.run(locale, render);
}

export const currentLocale = (): Locale => scope.getStore() ?? DEFAULT_LOCALE;

export type MessageValues = Readonly<Record<string, string | number>>;

/** Compiled once per language and key: ICU parsing is not done on the hot path. */
const compiled = new Map<string, IntlMessageFormat>();

function sourceOf(locale: Locale, key: MessageKey): string {
  if (locale === 'en-XA') return pseudoLocalize(CATALOG.en[key]);
  return CATALOG[locale][key];
}

/** The message `key` in `locale`, its ICU placeholders filled from `values`. */
export function say(locale: Locale, key: MessageKey, values?: MessageValues): string {
  const id = `${locale}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    // ignoreTag: Slack's `<…|…>`, `<@U…>` and `<!subteam^…>` are text, not rich-text tags
    format = new IntlMessageFormat(sourceOf(locale, key), intlTag(locale), undefined, { ignoreTag: true });
    compiled.set(id, format);
  }
  return String(format.format(values));
}

/** The message `key` in the language of the current scope. */
export const t = (key: MessageKey, values?: MessageValues): string => say(currentLocale(), key, values);
