import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMOJI } from '../../../packages/simulators/src/demo/page/emoji.js';

/**
 * Every emoji shortcode Warden writes into a message is one the demo page shows as an emoji (as
 * Slack would), so a new `:shortcode:` in src/ cannot reach the demo as text unnoticed.
 */

const SRC = join(import.meta.dirname, '../../../src');
/** Colons that are not emoji: SQLite's in-memory file name, the tenant's secret format. */
const NOT_EMOJI = new Set(['memory', 'v1']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('emoji shortcodes', () => {
  it('every one Warden uses is shown as an emoji by the demo page', () => {
    const used = new Set<string>();
    for (const file of sources(SRC))
      for (const m of readFileSync(file, 'utf8').matchAll(/(?<![\w:]):([a-z][a-z0-9_+-]*):(?![\w])/g))
        if (m[1] && !NOT_EMOJI.has(m[1])) used.add(m[1]);
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !EMOJI[name])).toEqual([]);
  });
});
