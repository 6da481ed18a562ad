import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingTitle } from '../../../src/blockkit/finding-details.js';
import { severityOf, stateLabel } from '../../../src/blockkit/finding-state.js';
import { SURFACES, type Surface } from './surfaces.js';

/**
 * Nothing a screen reader misses (issue 37 item 8), over every surface src/blockkit renders: a
 * message's top-level `text` says what its blocks say (the finding, its severity and state in
 * words), no meaning in an emoji alone, the buttons of one message or view named apart (a button
 * whose label repeats carries an `accessibility_label` saying what it acts on), images with alt text.
 */
const BLOCKKIT = join(import.meta.dirname, '../../../src/blockkit');
const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

type Node = Record<string, unknown>;
/** Every object in a surface, depth first. */
function* nodes(value: unknown): Generator<Node> {
  if (Array.isArray(value)) for (const v of value) yield* nodes(v);
  else if (value && typeof value === 'object') {
    yield value as Node;
    for (const v of Object.values(value)) yield* nodes(v);
  }
}
const blocksOf = (s: Surface): unknown =>
  'message' in s ? [s.message.blocks, s.message.attachments] : 'view' in s ? s.view.blocks : s.blocks;
const textOf = (n: Node): string | undefined =>
  n.text && typeof n.text === 'object' ? String((n.text as Node).text ?? '') : undefined;

/** What is left of a text once emoji (shortcodes and pictographs), marks and spaces are taken out. */
const words = (text: string) =>
  text
    .replace(/:[a-z0-9_+-]+:/g, '')
    .replace(/[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{FE0F}\u{200D}]/gu, '')
    .replace(/[\s*_~`•·|:.,;!?()[\]{}<>#@&-]/g, '');

const all = Object.entries(SURFACES).flatMap(([name, make]) =>
  make().map((s, i) => ({ name: `${name} #${i}`, s })),
);
const messages = all.flatMap(({ name, s }) => ('message' in s ? [{ name, ...s }] : []));

describe('every surface, as a screen reader meets it', () => {
  it('lists every renderer of src/blockkit', async () => {
    const exported: string[] = [];
    for (const file of tsFiles(BLOCKKIT)) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const [key, value] of Object.entries(mod))
        if (/^render[A-Z]/.test(key) && typeof value === 'function') exported.push(key);
      expect(relative(BLOCKKIT, file)).toBeTruthy();
    }
    expect(exported.length).toBeGreaterThan(40);
    expect(exported.filter((e) => !(e in SURFACES))).toEqual([]);
  });

  it.each(messages)('$name: the top-level text says what the message says', ({ message, finding }) => {
    const text = message.text.trim();
    expect(words(text).length).toBeGreaterThan(10);
    expect(text).not.toMatch(/^(a )?(warden|new)( message)?\.?$/i);
    if (!finding) return;
    const blocks = JSON.stringify(message.blocks);
    expect(text.includes(finding.id) || text.includes(findingTitle(finding))).toBe(true);
    const severity = severityOf(finding).label;
    if (blocks.includes(severity)) expect(text).toContain(severity);
    const state = stateLabel(finding.state);
    if (blocks.toLowerCase().includes(state.toLowerCase()))
      expect(text.toLowerCase()).toContain(state.toLowerCase());
  });

  it.each(all)('$name: no text carried by an emoji alone; a colour has words beside it', ({ s }) => {
    for (const n of nodes(blocksOf(s))) {
      const t = n.type === 'button' ? undefined : textOf(n);
      if (t !== undefined && t !== '') expect(words(t), `"${t}"`).not.toBe('');
      if (typeof n.color === 'string') expect('message' in s && words(s.message.text).length > 10).toBe(true);
    }
  });

  it.each(all)('$name: buttons named apart, images described', ({ s }) => {
    const names: string[] = [];
    for (const n of nodes(blocksOf(s))) {
      if (n.type === 'button') names.push(String(n.accessibility_label ?? textOf(n)));
      if (n.type === 'image') expect(String(n.alt_text ?? '').trim()).not.toBe('');
    }
    const repeated = names.filter((x, i) => names.indexOf(x) !== i);
    expect(repeated).toEqual([]);
  });
});
