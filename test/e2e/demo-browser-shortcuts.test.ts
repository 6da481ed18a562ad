import type { Demo } from '@warden/simulators/demo';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, demoPerFile, SHOTS } from '../helpers/demo-browser.js';

/**
 * The demo page's shortcuts in a real browser: Find a finding from the Demo tools, and a message
 * shortcut from a card's More actions menu, each opening Warden's form as Slack would.
 */

const WAIT = { timeout: 20_000 };

describe.runIf(CHROMIUM !== undefined)('the demo page: shortcuts', () => {
  let demo: Demo;
  let page: Page;

  demoPerFile((opened) => {
    ({ demo, page } = opened);
  });

  const modal = () => page.locator('#modal-root .modal[role=dialog]');

  it('Find a finding opens its search; a card’s More actions → Attach to finding… opens its form', async () => {
    await page.locator('#shortcut-tools button', { hasText: 'Find a finding' }).click();
    await modal().filter({ hasText: 'Find a finding' }).waitFor(WAIT);
    expect(await modal().last().innerText()).toContain('Finding id, app, owner or words');
    await page.screenshot({ path: `${SHOTS}/shortcuts-find.png` });
    await modal().last().locator('button', { hasText: 'Close' }).click();
    const card = page.locator('#panes .timeline[data-conversation=C0SECOPS] > .msg:not(.ephemeral)').first();
    await card.waitFor(WAIT);
    await card.locator('select.msg-shortcuts').selectOption({ label: 'Attach to finding…' });
    await modal().filter({ hasText: 'Finding id' }).waitFor(WAIT);
    expect(demo.slack.callsOf('views.update').length).toBeGreaterThan(0);
  });
});
