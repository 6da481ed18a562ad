import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOG, type MessageKey, NAMESPACES } from '../../../src/i18n/catalog/index.js';
import { LOCALES, localeOf } from '../../../src/i18n/locale.js';
import { pseudoLocalize } from '../../../src/i18n/pseudo.js';
import { say, speaking, t } from '../../../src/i18n/speak.js';

/** Every argument a message names, with its type (a `{n, plural, …}` is a plural, not a string). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(`${el.value}:${el.type}`);
    if ('options' in el) for (const o of Object.values(el.options)) argumentsOf(o.value, into);
  }
  return into;
}
const argsOf = (message: string) => [...argumentsOf(parse(message, { ignoreTag: true }))].sort();
const keys = Object.keys(CATALOG.en) as MessageKey[];
const emojiOf = (m: string) => (m.match(/:[a-z0-9_+-]+:/g) ?? []).sort();
const slackTokensOf = (m: string) => (m.match(/<[!@#][^|>]*/g) ?? []).sort();

describe('the catalogue', () => {
  it('has messages', () => expect(keys.length).toBeGreaterThan(20));

  it('names each key in one namespace only (a second would silently replace the first)', () => {
    const seen = NAMESPACES.flatMap((ns) => Object.keys(ns.en));
    expect(seen.filter((k, i) => seen.indexOf(k) !== i)).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s names every English key, and no other', (locale) => {
    expect(Object.keys(CATALOG[locale]).sort()).toEqual([...keys].sort());
  });

  // One test per language listing every message that differs, rather than thousands of tests.
  it.each(LOCALES)(
    '%s: every message parses, with the same placeholders, emoji and Slack tokens as English',
    (locale) => {
      const wrong = keys.flatMap((key) => {
        const message = CATALOG[locale][key];
        const en = CATALOG.en[key];
        const same =
          message.trim() !== '' &&
          JSON.stringify(argsOf(message)) === JSON.stringify(argsOf(en)) &&
          JSON.stringify(emojiOf(message)) === JSON.stringify(emojiOf(en)) &&
          JSON.stringify(slackTokensOf(message)) === JSON.stringify(slackTokensOf(en));
        return same ? [] : [key];
      });
      expect(wrong).toEqual([]);
    },
  );

  it('German and Japanese are translations, not copies of the English', () => {
    const copied = (locale: 'de' | 'ja') =>
      keys.filter(
        (k) =>
          CATALOG[locale][k] === CATALOG.en[k] &&
          /[a-z]{4,}/.test(CATALOG.en[k].replace(/\{[^}]*\}|:[a-z_]+:/g, '')),
      );
    expect(copied('de')).toEqual([]);
    expect(copied('ja')).toEqual([]);
  });
});

describe('speaking', () => {
  it('answers in the scope’s language, English outside any scope', () => {
    expect(t('outcome.done', { line: 'x' })).toBe(':white_check_mark: Done: x');
    expect(speaking('de', () => t('outcome.done', { line: 'x' }))).toBe(':white_check_mark: Erledigt: x');
    expect(speaking('ja', () => t('outcome.done', { line: 'x' }))).toBe(':white_check_mark: 完了: x');
  });

  it('keeps a value as it is, whatever braces or Slack syntax it holds', () => {
    expect(say('en', 'outcome.done', { line: '{not} <@U0X> a placeholder' })).toContain('{not} <@U0X>');
  });

  it('maps Slack’s locales to the languages Warden speaks, English for the rest', () => {
    expect([
      localeOf('de-DE'),
      localeOf('ja-JP'),
      localeOf('en-GB'),
      localeOf('fr-FR'),
      localeOf(undefined),
    ]).toEqual(['de', 'ja', 'en', 'en', 'en']);
  });

  it('pseudo-localizes the words and leaves Slack’s syntax and the placeholders alone', () => {
    expect(pseudoLocalize(':warning: Ask <!subteam^{group}> about {finding} <{link}|the card>')).toBe(
      '⟦:warning: Ášk <!subteam^{group}> ábóút {finding} <{link}|thé çárd>⟧',
    );
  });
});
