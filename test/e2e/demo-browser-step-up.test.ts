import type { Demo } from '@warden/simulators/demo';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, demoPage, demoPerFile, SHOTS } from '../helpers/demo-browser.js';

/**
 * The demo's step-up verification in a real browser: Suppress… on a card is held; Warden's
 * private message carries the link; it opens Warden's page in a new tab, whose button (pressed
 * in that browser, which keeps Warden's cookie) leads to the local identity provider; signing in as the person (with a second factor) sends the change, and the card shows
 * it. Screenshots go to test-artifacts/demo/.
 */

const WAIT = { timeout: 20_000 };

describe.runIf(CHROMIUM !== undefined)('npm run demo: step-up verification in a browser', () => {
  let demo: Demo;
  let page: Page;

  demoPerFile((opened) => {
    ({ demo, page } = opened);
  });

  const { card, channel, modal, stateOf } = demoPage(() => ({ demo, page }), 'step-up');

  it('Suppress… waits for a fresh sign-in at the local provider, then the card shows it', async () => {
    await card('FND_DECOY_USED').locator('button', { hasText: 'Suppress (permanent)…' }).click();
    await expect.poll(() => modal().locator('.modal-title').innerText(), WAIT).toContain('Suppress');
    await modal().locator('select[data-block=closure]').selectOption({ label: 'False positive' });
    await modal().locator('textarea[data-block=reason]').fill('planned red-team exercise');
    await modal().locator('button[type=submit]').click();
    const link = channel()
      .locator('> .msg.ephemeral a', { hasText: 'sign in at your identity provider' })
      .last();
    await link.waitFor(WAIT);
    expect(stateOf('FND_DECOY_USED')).not.toBe('FINDING_STATE_SUPPRESSED');
    await page.screenshot({ path: `${SHOTS}/step-up-1-link.png` });

    const [signIn] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    // Warden's page first: opening the link spends nothing; its button goes on to the sign-in.
    const onward = signIn.locator('button', { hasText: 'Continue to sign in' });
    await onward.waitFor(WAIT);
    await signIn.screenshot({ path: `${SHOTS}/step-up-2a-continue.png` });
    await onward.click();
    await signIn.locator('select[name=email]').waitFor(WAIT);
    await signIn.locator('select[name=email]').selectOption('alice@acme.example');
    await signIn.screenshot({ path: `${SHOTS}/step-up-2-sign-in.png` });
    await signIn.locator('button[type=submit]', { hasText: 'Sign in' }).click();
    await signIn.locator('p', { hasText: 'Verified' }).waitFor(WAIT);
    await signIn.screenshot({ path: `${SHOTS}/step-up-3-verified.png` });
    await signIn.close();

    await expect.poll(() => stateOf('FND_DECOY_USED'), WAIT).toBe('FINDING_STATE_SUPPRESSED');
    await expect
      .poll(() => channel().locator('> .msg.ephemeral', { hasText: 'Verified at' }).count(), WAIT)
      .toBe(1);
    await page.screenshot({ path: `${SHOTS}/step-up-4-done.png` });
  }, 90_000);
});
