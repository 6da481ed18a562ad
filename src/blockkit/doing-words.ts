import { CATALOG, type MessageKey } from '../i18n/catalog/index.js';
import { t } from '../i18n/speak.js';

/** A route's English `what` -> its catalogue key (i18n/catalog/card/doing.ts), made once. */
const KEYS = new Map<string, MessageKey>(
  (Object.entries(CATALOG.en) as [MessageKey, string][])
    .filter(([k]) => k.startsWith('doing.'))
    .map(([k, v]) => [v, k]),
);

/**
 * What the person was doing, in their language: a route's `what` stays English where it labels
 * metrics and log lines, and is read here where the person is told. A phrase already in the
 * reader's words (e.g. "snooze finding `X`" from actionWhat) passes as it is.
 */
export function doingWords(what: string): string {
  const key = KEYS.get(what);
  return key ? t(key) : what;
}
