import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../../src/blockkit/failure.js';
import { CATALOG } from '../../../src/i18n/catalog/index.js';
import { say, speaking } from '../../../src/i18n/speak.js';

/** Every route's `what` is in the catalogue, so a failure told to a person is in their language. */
const LISTENERS = join(import.meta.dirname, '../../../src/listeners');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('what a person was doing, in their words', () => {
  it('names every route’s `what` in the catalogue', () => {
    const known = new Set(
      Object.entries(CATALOG.en)
        .filter(([k]) => k.startsWith('doing.'))
        .map(([, v]) => v),
    );
    const whats = files(LISTENERS).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/what: '([^']+)'/g)].map((m) => m[1] ?? ''),
    );
    expect(whats.length).toBeGreaterThan(30);
    expect(whats.filter((w) => !known.has(w))).toEqual([]);
  });

  it('a failure tells a German reader what she was doing in German; the English stays the label', () => {
    const de = speaking('de', () => describeFailure(new Error('boom'), 'assign the owner', 'r1'));
    expect(de).toContain(say('de', 'doing.assignOwner'));
    expect(de).not.toContain('assign the owner');
    expect(describeFailure(new Error('boom'), 'assign the owner', 'r1')).toContain('assign the owner');
  });
});
