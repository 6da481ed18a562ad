import type { Demo } from '@warden/simulators/demo';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { say } from '../../src/i18n/speak.js';
import { CHROMIUM, demoPage, demoPerFile, SHOTS, WAIT } from '../helpers/demo-browser.js';

/**
 * The demo in German (issue 37 item 7), in a real browser: acting as Greta, who reads Slack in
 * German, the page opens #secops-de (its routing rule says `locale: de`); a card `/warden show`
 * posts there, its Snooze… form, the card after it, the thread reply and her Home tab are German.
 * Screenshots in test-artifacts/demo/german-*.png.
 */
const GRETA = 'U0GRETA';
const GERMAN = 'C0SECOPSDE';

describe.runIf(CHROMIUM !== undefined)('the demo page in German', () => {
  let demo: Demo;
  let page: Page;
  demoPerFile((opened) => {
    ({ demo, page } = opened);
  });
  const { actAs, modal, screenshot } = demoPage(() => ({ demo, page }), 'german');
  const german = () => page.locator(`#panes .timeline[data-conversation=${GERMAN}]`);

  it('Greta: a card, its form, the card after it, the thread and Home, all in German', async () => {
    const finding = demo.tenant.findings
      .all()
      .find((f) => f.state === 'FINDING_STATE_OPEN' && f.id !== 'FND_DECOY_USED')?.id;
    if (!finding) throw new Error('no open finding in the demo');
    await actAs(GRETA);
    // Her sidebar starts with the German channel, and the page opens it (empty until a card comes)
    await page.locator(`[data-nav=${GERMAN}].active`).waitFor(WAIT);
    await expect.poll(() => page.locator('#conv-title').textContent(), WAIT).toBe('# secops-de');
    await page.locator('#command').fill(`/warden show ${finding}`);
    await page.locator('#composer button[type=submit]').click();
    const card = german().locator('> .msg:not(.ephemeral)').last();
    await expect.poll(() => card.textContent(), WAIT).toContain(say('de', 'state.open'));
    await screenshot('card');

    await card.getByRole('button', { name: say('de', 'action.snooze.button') }).click();
    await expect.poll(() => modal().textContent(), WAIT).toContain(say('de', 'form.snoozeFor'));
    await screenshot('snooze-form');
    await modal().locator('textarea, input[type=text]').last().fill('Warten auf den Hersteller');
    await modal()
      .getByRole('button', { name: say('de', 'form.snooze') })
      .click();
    await expect
      .poll(() => demo.tenant.findings.get(finding, Date.now())?.state, WAIT)
      .toBe('FINDING_STATE_SNOOZED');
    await expect.poll(() => card.textContent(), WAIT).toContain(say('de', 'state.snoozed'));
    // The card is updated before the thread reply is posted: the reply is waited for on its own
    const replyOf = () => demo.slack.messages.find((m) => m.channel === GERMAN && m.thread_ts !== undefined);
    await expect.poll(() => replyOf()?.text, WAIT).toContain('<@U0GRETA>');
    const reply = replyOf();
    expect(reply?.text).not.toContain('snoozed this');
    await screenshot('card-snoozed');

    await page.locator('[data-nav="home"]').click();
    await expect
      .poll(() => page.locator('body').textContent(), WAIT)
      .toContain(say('de', 'home.header.recent'));
    await screenshot('home', true);
    const body = (await page.locator('#home').textContent()) ?? '';
    expect(body).not.toContain(say('en', 'home.header.recent'));
    expect(body).not.toContain(say('en', 'sla.overdueHeader'));
    expect(SHOTS).toBeTruthy();
  });
});
