/**
 * A catalogue namespace: English is the source (its keys and ICU placeholders are the contract),
 * German and Japanese must name every English key, which the compiler checks through this type;
 * the placeholders are checked by test/unit/i18n/catalog.test.ts.
 */
export type Translations<E> = { readonly [K in keyof E]: string };

export interface Namespace<E extends Record<string, string>> {
  readonly en: E;
  readonly de: Translations<E>;
  readonly ja: Translations<E>;
}
