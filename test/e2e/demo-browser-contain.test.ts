import type { Demo } from '@warden/simulators/demo';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAROL, CHROMIUM, demoPage, demoPerFile } from '../helpers/demo-browser.js';

/**
 * The demo's Contain… on the decoy alert in a real browser (issue 39): the form names the person,
 * the requester signs in afresh at the local provider, carol approves in the thread, and the
 * tenant's task moves to done on the card. Screenshots go to test-artifacts/demo/.
 */

const WAIT = { timeout: 30_000 };

describe.runIf(CHROMIUM !== undefined)('npm run demo: Contain… in a browser', () => {
  let demo: Demo;
  let page: Page;

  demoPerFile((opened) => {
    ({ demo, page } = opened);
  });

  const { actAs, card, channel, modal, openThread, screenshot, thread } = demoPage(
    () => ({ demo, page }),
    'contain',
  );

  it('the form, the step-up sign-in, carol’s approval, the task to done on the card', async () => {
    await card('FND_DECOY_USED').locator('button', { hasText: 'Contain…' }).click();
    await expect.poll(() => modal().innerText(), WAIT).toContain('Dave Doe');
    await modal().locator('select[data-block="contain.what"]').selectOption({ index: 1 });
    await modal()
      .locator('textarea[data-block="contain.reason"]')
      .fill('The decoy key was used from an unknown host');
    await screenshot('form');
    await modal().locator('button[type=submit]').click();
    const link = channel()
      .locator('> .msg.ephemeral a', { hasText: 'sign in at your identity provider' })
      .last();
    await link.waitFor(WAIT);
    const [signIn] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    // Warden's page first (opening the link spends nothing); its button goes on to the sign-in.
    const onward = signIn.locator('button', { hasText: 'Continue to sign in' });
    await onward.waitFor(WAIT);
    await onward.click();
    await signIn.locator('select[name=email]').waitFor(WAIT);
    await signIn.locator('select[name=email]').selectOption('alice@acme.example');
    await signIn.locator('button[type=submit]', { hasText: 'Sign in' }).click();
    await signIn.locator('p', { hasText: 'Verified' }).waitFor(WAIT);
    await signIn.close();
    await actAs(CAROL);
    await openThread(card('FND_DECOY_USED'));
    await thread().locator('button', { hasText: 'Approve' }).last().click();
    const confirm = page.locator('button', { hasText: /^Approve$/ }).last();
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await expect.poll(() => demo.tenant.accessTasks.all().length, WAIT).toBe(1);
    // The tenant's task moves along by itself (8 s a stage): the card follows it to done.
    await expect
      .poll(() => card('FND_DECOY_USED').innerText(), { timeout: 90_000 })
      .toContain('done: the access is taken away');
    await screenshot('done');
  }, 150_000);
});
