import type { Demo } from '@warden/simulators/demo';
import type { Page } from 'playwright-core';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  CAROL,
  CHANNEL,
  CHROMIUM,
  demoPage,
  demoPerFile,
  SHOTS,
  WAIT,
} from '../helpers/demo-browser.js';

/**
 * The demo page as a newcomer meets it (issue 37 item 10), in a real browser: the answer to a
 * command scrolled into view, a read DM staying read, Home's Extend… opening its own row's finding,
 * *password only* refused at the local identity provider, every person README names in Acting as,
 * and the consent page listing the permissions Warden asks for. Screenshots in test-artifacts/demo/.
 */
describe.runIf(CHROMIUM !== undefined)('the demo page, in words a newcomer can follow', () => {
  let demo: Demo;
  let page: Page;
  demoPerFile((opened) => {
    ({ demo, page } = opened);
  });
  const { actAs, card, channel, modal, stateOf } = demoPage(() => ({ demo, page }), 'words');
  /** Two findings open in the demo's tenant, not the ones other steps use. */
  const openFindings = () =>
    demo.tenant.findings
      .all()
      .filter((f) => f.state === 'FINDING_STATE_OPEN' && f.id !== 'FND_DECOY_USED')
      .map((f) => f.id);
  /** Whether the last node `selector` finds is inside its scrolled pane's visible part. */
  const inView = (selector: string): Promise<boolean> =>
    page.evaluate(`(() => {
      const node = [...document.querySelectorAll(${JSON.stringify(selector)})].at(-1);
      const pane = node?.closest('.timeline');
      if (!node || !pane) return false;
      const a = node.getBoundingClientRect();
      const b = pane.getBoundingClientRect();
      return a.bottom > b.top && a.top < b.bottom;
    })()`);

  it('Acting as lists every person README names, bob too', async () => {
    const people = await page
      .locator('#as option')
      .evaluateAll((os) => os.map((o) => o.getAttribute('value')));
    expect(people).toEqual(expect.arrayContaining(['U0ALICE', 'U0BOB', 'U0CAROL', 'U0GUEST']));
  });

  it('scrolls the answer to a command into view, wherever the channel was scrolled to', async () => {
    await expect.poll(() => channel().locator('> .msg').count(), WAIT).toBeGreaterThanOrEqual(5);
    await channel().evaluate((e) => {
      e.scrollTop = 0;
    });
    const before = await channel().locator('> .msg.ephemeral').count();
    await page.locator('#command').fill('/warden help');
    await page.locator('#composer button[type=submit]').click();
    await expect.poll(() => channel().locator('> .msg.ephemeral').count(), WAIT).toBeGreaterThan(before);
    await expect
      .poll(() => inView(`#panes .timeline[data-conversation=${CHANNEL}] > .msg.ephemeral`), WAIT)
      .toBe(true);
    await page.screenshot({ path: `${SHOTS}/words-1-answer-in-view.png` });
  });

  it('a DM read stays read after switching to another person and back', async () => {
    const res = await request(`${demo.slack.url}/api/chat.postMessage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.slack.botToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'D0ALICE', text: 'Reminder: the snooze of a finding ends soon' }),
    });
    expect(((await res.body.json()) as { ok: boolean }).ok).toBe(true);
    const badge = page.locator('[data-nav="dm"] .badge');
    await expect.poll(() => badge.isVisible(), WAIT).toBe(true);
    await page.locator('[data-nav=dm]').click();
    await expect.poll(() => badge.isVisible(), WAIT).toBe(false);
    await actAs(CAROL);
    await actAs(ALICE);
    await page.locator(`[data-nav=${CHANNEL}]`).click();
    await page.reload();
    await page.locator('body[data-ready=true]').waitFor(WAIT);
    expect(await badge.isVisible()).toBe(false);
  });

  it('Home: each row’s Extend… opens that row’s finding', async () => {
    const [first, second] = openFindings();
    if (!first || !second) throw new Error('the demo has fewer than two open findings');
    for (const [id, days] of [
      [first, '2d'],
      [second, '3d'],
    ]) {
      await page.locator('#command').fill(`/warden snooze ${id} ${days} waiting on the vendor`);
      await page.locator('#composer button[type=submit]').click();
      await expect.poll(() => stateOf(id ?? ''), WAIT).toBe('FINDING_STATE_SNOOZED');
    }
    await page.locator('[data-nav=home]').click();
    const extend = page.locator('#home button', { hasText: 'Extend…' });
    await expect.poll(() => extend.count(), WAIT).toBe(2);
    // soonest first: the second row is the 3-day snooze
    await extend.nth(1).click();
    await expect.poll(() => modal().innerText(), WAIT).toContain(second);
    expect(await modal().innerText()).not.toContain(first);
    await page.screenshot({ path: `${SHOTS}/words-2-home-extend.png` });
    await page.keyboard.press('Escape');
    await page.locator(`[data-nav=${CHANNEL}]`).click();
  });

  it('refuses a sign-in with a password only, as README says', async () => {
    await card('FND_DECOY_USED').locator('button', { hasText: 'Suppress (permanent)…' }).click();
    await expect.poll(() => modal().locator('.modal-title').innerText(), WAIT).toContain('Suppress');
    await modal().locator('select[data-block=closure]').selectOption({ label: 'False positive' });
    await modal().locator('textarea[data-block=reason]').fill('planned red-team exercise');
    await modal().locator('button[type=submit]').click();
    const link = channel()
      .locator('> .msg.ephemeral a', { hasText: 'sign in at your identity provider' })
      .last();
    await link.waitFor(WAIT);
    const [signIn] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await signIn.locator('button', { hasText: 'Continue to sign in' }).click();
    await signIn.locator('select[name=email]').selectOption('alice@acme.example');
    await signIn.locator('select[name=amr]').selectOption({ label: 'password only' });
    await signIn.locator('button[type=submit]', { hasText: 'Sign in' }).click();
    await expect.poll(() => signIn.locator('body').innerText(), WAIT).toMatch(/not as strong as required/);
    await signIn.close();
    expect(stateOf('FND_DECOY_USED')).not.toBe('FINDING_STATE_SUPPRESSED');
  }, 60_000);

  it('the consent page lists the permissions Warden asks for', async () => {
    await page.locator('#add-workspace').click();
    const asked = page.locator('ul.permissions li');
    await asked.first().waitFor(WAIT);
    const text = await page.locator('ul.permissions').innerText();
    expect(text).toContain('Send messages as the app');
    expect(text).toContain('chat:write');
    expect(await asked.count()).toBeGreaterThanOrEqual(10);
    await page.screenshot({ path: `${SHOTS}/words-3-consent.png` });
    await page.locator('a', { hasText: 'Cancel' }).click();
    await page.locator('body[data-ready=true]').waitFor(WAIT);
  });
});
