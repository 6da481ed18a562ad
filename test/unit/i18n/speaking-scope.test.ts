import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocale, speaking } from '../../../src/i18n/speak.js';

/**
 * The language scope (i18n/speak.ts): nested scopes and awaits keep the innermost language, and an
 * English scope where none is open uses no AsyncLocalStorage at all (on Node 20 its promise hook
 * costs every promise of the process a third of the click path's throughput, bench (a)).
 */
const later = () => new Promise((r) => setTimeout(r, 1));

describe('speaking', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens no AsyncLocalStorage scope for English where none is open', async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    const seen = await speaking('en', async () => {
      await later();
      return currentLocale();
    });
    expect(seen).toBe('en');
    expect(run).not.toHaveBeenCalled();
  });

  it('keeps a language across awaits, and an English scope inside another language is English', async () => {
    const seen: string[] = [];
    await speaking('de', async () => {
      await later();
      seen.push(currentLocale());
      await speaking('en', async () => {
        await later();
        seen.push(currentLocale());
      });
      seen.push(currentLocale());
      await speaking('ja', async () => {
        await later();
        seen.push(currentLocale());
      });
    });
    seen.push(currentLocale());
    expect(seen).toEqual(['de', 'en', 'de', 'ja', 'en']);
  });

  it('keeps two people’s languages apart when their work interleaves', async () => {
    const read = (locale: 'de' | 'ja' | 'en') =>
      speaking(locale, async () => {
        await later();
        const first = currentLocale();
        await later();
        return [first, currentLocale()];
      });
    expect(await Promise.all([read('de'), read('en'), read('ja')])).toEqual([
      ['de', 'de'],
      ['en', 'en'],
      ['ja', 'ja'],
    ]);
  });
});
