import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkBlocks,
  checkMrkdwn,
  checkView,
  seedCampaigns,
  seedFindings,
  seedUsers,
} from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../src/i18n/catalog/index.js';
import { LOCALES, type Locale } from '../../../src/i18n/locale.js';
import { speaking } from '../../../src/i18n/speak.js';
import { SURFACES, type Surface } from '../blockkit/surfaces.js';

/**
 * Issue 37 item 7 over every surface src/blockkit renders (blockkit/surfaces.ts): rendered in the
 * pseudo-locale, no English word is left that did not come through the catalogue; rendered in
 * every language, Slack's Block Kit limits still hold with the longest translation.
 */
const HERE = import.meta.dirname;

/** Words that are data, not Warden's: what the inputs carry (literals of the surface files, seeds). */
function dataStrings(): string[] {
  const out = new Set<string>();
  for (const file of ['../blockkit/surfaces.ts', '../blockkit/surface-inputs.ts']) {
    const source = readFileSync(join(HERE, file), 'utf8');
    for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)+)'|`([^`$\n]+)`/g)) out.add(m[1] ?? m[2] ?? '');
  }
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk([seedFindings(), seedCampaigns(), seedUsers()]);
  return [...out].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
}
const DATA = dataStrings();

/** The words of a text: camelCase, snake_case and ENUM_CASE split, lowercased. */
const wordsOf = (text: string) =>
  text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .filter((w) => w.length >= 4)
    .map((w) => w.toLowerCase());

/**
 * Words of the tenant's data as Warden reshapes it (an unknown enum `URGENT` shown "urgent", a
 * custom object's `ruleName` shown "Rule name", a long description cut short): a data word is
 * accepted wherever it appears, unless Warden's own English uses it too, where it must be accented.
 */
const DATA_WORDS = (() => {
  const keys = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        keys.add(k);
        walk(x);
      }
  };
  walk([seedFindings(), seedCampaigns(), seedUsers()]);
  const english = new Set(Object.values(CATALOG.en).flatMap(wordsOf));
  return new Set([...DATA, ...keys].flatMap(wordsOf).filter((w) => !english.has(w)));
})();

type Node = Record<string, unknown>;
/** What a person sees: every text, label, placeholder, title and alt text; not ids or values. */
function* visible(value: unknown, key = ''): Generator<string> {
  if (typeof value === 'string') {
    if (
      [
        'text',
        'title',
        'alt_text',
        'accessibility_label',
        'fallback',
        'label',
        'placeholder',
        'pretext',
      ].includes(key)
    )
      yield value;
    return;
  }
  if (Array.isArray(value)) for (const v of value) yield* visible(v, key);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value as Node)) {
      if (
        ['value', 'action_id', 'block_id', 'callback_id', 'private_metadata', 'url', 'image_url'].includes(k)
      )
        continue;
      yield* visible(v, k === 'text' && v && typeof v === 'object' ? '' : k);
    }
}
const shown = (s: Surface) => ('message' in s ? s.message : 'view' in s ? s.view : { blocks: s.blocks });

/** The plain-ASCII words of four letters or more left once data and Slack's syntax are taken out. */
/** A long text of the tenant's cut short (a 10,000-character description): its beginning is data too. */
function withoutCutData(text: string): string {
  let rest = text;
  for (const d of DATA) {
    if (d.length < 120) continue;
    const at = rest.indexOf(d.slice(0, 60));
    if (at < 0) continue;
    let n = 60;
    while (n < d.length && rest[at + n] === d[n]) n++;
    rest = `${rest.slice(0, at)} ${rest.slice(at + n)}`;
  }
  return rest;
}

/**
 * Whole tokens of the data: a custom object's keys (`ruleName`), and the last part of an enum
 * value (`FINDING_STATE_ESCALATED`, one Warden does not know, is shown "Escalated").
 */
const DATA_TOKENS = (() => {
  const out = new Set<string>();
  const suffixes = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      for (const t of v.split(/[^A-Za-z]+/)) if (t.length >= 4) out.add(t.toLowerCase());
      const last = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(v) ? v.split('_').at(-1) : undefined;
      if (last) suffixes.add(last.toLowerCase());
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        out.add(k.toLowerCase());
        walk(x);
      }
  };
  walk([seedFindings(), seedCampaigns(), seedUsers()]);
  const english = new Set(Object.values(CATALOG.en).flatMap(wordsOf));
  return new Set([...[...out].filter((t) => !english.has(t)), ...suffixes]);
})();

function englishLeft(text: string): string[] {
  // the tenant's text arrives escaped for mrkdwn (`&lt;script&gt;`): compared with the data as it came
  let rest = text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  for (const d of DATA) if (rest.includes(d)) rest = rest.split(d).join(' ');
  rest = withoutCutData(rest)
    .replace(/<[^|>]*\|/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/:[a-z0-9_+-]+:/g, ' ');
  const left = (rest.match(/(?<![\p{L}\p{N}_])[A-Za-z]{4,}(?![\p{L}\p{N}_])/gu) ?? []).filter(
    (w) => !/^[A-Z0-9_]+$/.test(w),
  );
  return left.filter((w) => !DATA_TOKENS.has(w.toLowerCase()) && !wordsOf(w).every((x) => DATA_WORDS.has(x)));
}

const render = (locale: Locale) =>
  Object.entries(SURFACES).flatMap(([name, make]) =>
    speaking(locale, make).map((s, i) => ({ name: `${name} #${i}`, s })),
  );

describe('every surface in the pseudo-locale', () => {
  it.each(render('en-XA'))('$name: no English that did not come through the catalogue', ({ s }) => {
    const left = [...visible(shown(s))].flatMap(englishLeft);
    expect(left).toEqual([]);
  });
});

describe.each([...LOCALES, 'en-XA' as const])('every surface in %s', (locale) => {
  it.each(render(locale))('$name: within Block Kit’s limits', ({ s }) => {
    if ('view' in s)
      expect(s.view.type === 'home' ? checkBlocks(s.view.blocks, 100) : checkView(s.view)).toBeUndefined();
    else {
      expect(checkBlocks('message' in s ? s.message.blocks : s.blocks)).toBeUndefined();
      if ('message' in s) {
        expect(s.message.text.length).toBeLessThanOrEqual(40_000);
        expect(checkMrkdwn(s.message.text)).toBeUndefined();
      }
    }
  });
});
