import type { Demo } from '@warden/simulators/demo';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHANNEL, CHROMIUM, demoPage, demoPerFile, WAIT } from '../helpers/demo-browser.js';

/** The demo in a browser: a burst of alerts becomes one roll-up (its own demo, beside the others). */
describe.runIf(CHROMIUM !== undefined)('npm run demo, in a browser, a burst', () => {
  let demo: Demo;
  let page: Page;
  demoPerFile((opened) => {
    ({ demo, page } = opened);
  });
  const { channel, screenshot } = demoPage(() => ({ demo, page }), 'burst');

  // Over 3 s by nature: the roll-up's window and listing run in the demo's processes, on real time.
  it('a burst of 120 alerts becomes one roll-up: a summary with its actions, every finding listed once (13)', async () => {
    const before = new Set(demo.tenant.findings.all(Date.now()).map((f) => f.id));
    await page.locator('#burst').click();
    const summary = channel().locator('> .msg', { hasText: 'arrived in a burst' });
    await expect.poll(() => summary.count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => summary.innerText(), WAIT).toContain('Review…');
    const burst = demo.tenant.findings.all(Date.now()).filter((f) => !before.has(f.id));
    expect(burst).toHaveLength(120);
    // How many of the channel's messages name each finding: each message read once per look.
    const shown = () => {
      const times = new Map<string, number>();
      for (const m of demo.slack.messages) {
        if (m.channel !== CHANNEL) continue;
        const named = new Set(
          [...JSON.stringify(m.blocks ?? []).matchAll(/`([A-Z0-9_]+)`/g)].map((x) => x[1]),
        );
        for (const id of named) if (id) times.set(id, (times.get(id) ?? 0) + 1);
      }
      return times;
    };
    const missing = () => {
      const times = shown();
      return burst.filter((f) => !times.has(f.id)).length;
    };
    await expect.poll(missing, { timeout: 60_000 }).toBe(0);
    const times = shown();
    expect(burst.filter((f) => times.get(f.id) !== 1).map((f) => f.id)).toEqual([]);
    expect(demo.slack.rateLimits.total()).toBeLessThanOrEqual(2);
    await summary.scrollIntoViewIfNeeded();
    await screenshot('rollup');
  }, 120_000);
});
