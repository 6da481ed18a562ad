import type { Demo } from '@warden/simulators/demo';
import type { Page } from 'playwright-core';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { ALICE, CHROMIUM, demoPage, demoPerFile, WAIT } from '../helpers/demo-browser.js';

/**
 * The demo in a browser (the C): a selection and a half-done click survive the updates of
 * alerts arriving meanwhile. Its own demo, beside the other browser files.
 */
describe.runIf(CHROMIUM !== undefined)('npm run demo, in a browser, across updates', () => {
  let demo: Demo;
  let page: Page;
  demoPerFile((opened) => {
    ({ demo, page } = opened);
  });
  const { card, modal, screenshot } = demoPage(() => ({ demo, page }), 'selection');

  // Over 3 s by nature: the updates it keeps a selection across are alerts paced in real time.
  it('keeps a selection and a half-done click across updates (C)', async () => {
    const changes = async () => Number(await page.locator('body').getAttribute('data-changes'));
    /** Alerts sent by someone else meanwhile: the page is told, the person does nothing. */
    const alertsArrive = async (count: number) => {
      const seen = await changes();
      const res = await request(`${demo.url}/demo/flood`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: ALICE, count }),
      });
      expect(res.statusCode).toBe(200);
      await res.body.dump();
      // Paced at about one post a second, after what the last flood left queued: generous. An
      // alert that leaves its card as it was changes nothing on the page (no update is sent), so
      // wait for the first change, then for the page to be still for 3 s.
      await expect.poll(changes, { timeout: 100_000 }).toBeGreaterThan(seen);
      let last = -1;
      let since = Date.now();
      await expect
        .poll(
          async () => {
            const n = await changes();
            if (n !== last) [last, since] = [n, Date.now()];
            return Date.now() - since > 3_000;
          },
          { timeout: 100_000 },
        )
        .toBe(true);
    };
    // Select a finding id on a card, then let new alerts arrive: the selection stays.
    const code = card('FND_DECOY_USED').locator('code', { hasText: 'FND_DECOY_USED' }).first();
    await code.dblclick(); // as a person selects an id to copy it
    const selected = () => page.evaluate('getSelection().toString()');
    expect(await selected()).toBe('FND_DECOY_USED');
    await alertsArrive(10);
    expect(await selected()).toBe('FND_DECOY_USED');
    // Press a button, let updates land, release: the button is the same node and the click counts.
    const button = card('FND_HOSTILE').locator('button', { hasText: 'Resolve…' });
    await button.scrollIntoViewIfNeeded();
    await button.evaluate((b) => b.setAttribute('data-probe', 'before-update'));
    const box = await button.boundingBox();
    if (!box) throw new Error('no Resolve button');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await alertsArrive(5);
    await page.mouse.up();
    await expect.poll(() => modal().innerText(), WAIT).toContain('FND_HOSTILE');
    expect(await button.getAttribute('data-probe')).toBe('before-update');
    await screenshot('click-across-update');
    await page.keyboard.press('Escape');
    await expect.poll(() => modal().count(), WAIT).toBe(0);
  }, 240_000);
});
