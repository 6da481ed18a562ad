import { CARD } from './card/index.js';
import { FORMS } from './forms/index.js';
import { outcome } from './outcome.js';
import { PEOPLE } from './people/index.js';
import type { Translations } from './types.js';
import { WORK } from './work/index.js';

/**
 * Every namespace, merged. One file per surface's words (catalog/<surface>.ts) so each can be
 * read, translated and reviewed beside the renderer that uses it.
 */
export const NAMESPACES = [outcome, ...CARD, ...FORMS, ...PEOPLE, ...WORK] as const;

type Merge<T extends readonly { en: Record<string, string> }[]> = T extends readonly [
  infer H extends { en: Record<string, string> },
  ...infer R extends readonly { en: Record<string, string> }[],
]
  ? H['en'] & Merge<R>
  : unknown;

export type English = Merge<typeof NAMESPACES>;
export type MessageKey = keyof English & string;

const merged = (pick: (ns: (typeof NAMESPACES)[number]) => Record<string, string>) =>
  Object.assign({}, ...NAMESPACES.map(pick)) as Translations<English>;

export const CATALOG = {
  en: merged((ns) => ns.en),
  de: merged((ns) => ns.de),
  ja: merged((ns) => ns.ja),
} as const;
