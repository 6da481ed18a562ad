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
function englishLeft(text: string): string[] {
  // Code spans are ids and the tenant's own names (a profile attribute such as `department`).
  let rest = text
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/<[^|>]*\|/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/:[a-z0-9_+-]+:/g, ' ');
  for (const d of DATA) if (rest.includes(d)) rest = rest.split(d).join(' ');
  return (rest.match(/(?<![\p{L}\p{N}_])[A-Za-z]{4,}(?![\p{L}\p{N}_])/gu) ?? []).filter(
    (w) => !/^[A-Z0-9_]+$/.test(w),
  );
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
