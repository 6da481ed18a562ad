import { ORG } from '@warden/simulators';
import type { Demo } from '@warden/simulators/demo';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, demoPerFile, SHOTS } from '../helpers/demo-browser.js';

/**
 * Issue 27, the demo's part: "Add to another workspace" runs the real OAuth install in a real
 * browser (Warden's /slack/install, the local Slack's consent screen, Warden's redirect with its
 * one-use state cookie, oauth.v2.access), the workspace switcher then lists the new workspace, and
 * switching to it shows that workspace's channel, where /warden show posts a card through the
 * installation's own token. Screenshots go to test-artifacts/demo/.
 */

const WAIT = { timeout: 20_000 };
const BRAVO = ORG.teams[1];

describe.runIf(CHROMIUM !== undefined)('the demo page: install into a second workspace and switch', () => {
  let demo: Demo;
  let page: Page;

  demoPerFile((opened) => {
    ({ demo, page } = opened);
  });

  const timeline = (channel: string) => page.locator(`#panes .timeline[data-conversation=${channel}]`);

  it('installs Warden into Acme Bravo from the page, switches to it, and /warden show posts a card there only', async () => {
    // Before: only the demo's own workspace, whose channel has the seeded cards.
    const options = () => page.locator('#workspace option').allInnerTexts();
    expect(await options()).toEqual(['Acme (local Slack)']);
    await expect.poll(() => timeline('C0SECOPS').locator('> .msg').count(), WAIT).toBeGreaterThan(0);

    // The OAuth trip: Warden's install link, Slack's consent (choose Bravo), back to the page as bea.
    await page.locator('#add-workspace').click();
    await page.locator(`a[data-team=${BRAVO.id}]`).click();
    await page.waitForURL(/\?as=W0BEA$/, WAIT);
    await page.locator('body[data-me=W0BEA][data-ready=true]').waitFor(WAIT);
    expect(demo.slack.callsOf('oauth.v2.access')).toHaveLength(1);
    expect(await options()).toEqual(['Acme (local Slack)', 'Acme Bravo (local Slack)']);
    expect(await page.locator('#workspace').inputValue()).toBe('W0BEA');

    // Bravo's page: its own channel, none of the demo workspace's cards.
    const bravo = timeline(BRAVO.channel);
    expect(await page.locator('#channel-list').innerText()).toContain('acme-bravo');
    expect(await page.locator('#channel-list').innerText()).not.toContain('secops');
    expect(await timeline('C0SECOPS').count()).toBe(0);

    await page.locator('#command').fill('/warden show FND_SA_UNOWNED');
    await page.locator('#composer button[type=submit]').click();
    await expect
      .poll(
        () => bravo.locator('> .msg:not(.ephemeral)', { hasText: 'Finding FND_SA_UNOWNED' }).count(),
        WAIT,
      )
      .toBe(1);
    // Shown in the open channel as it arrives (its pane did not exist when the channel was opened).
    expect(await bravo.isVisible()).toBe(true);
    // Posted with Bravo's installation, not the demo workspace's bot token.
    const post = demo.slack.messages.find((m) => m.channel === BRAVO.channel && !m.thread_ts);
    expect(post).toBeDefined();
    const issued = [...demo.slack.org.tokens.values()].find((t) => t.teamId === BRAVO.id);
    const posted = demo.slack
      .callsOf('chat.postMessage')
      .filter((c) => c.args.channel === BRAVO.channel)
      .map((c) => c.token);
    expect(posted.length).toBeGreaterThan(0);
    expect(new Set(posted)).toEqual(new Set([issued?.token]));
    // A click on that card goes to the Warden installed in Bravo, which opens the form with Bravo's token.
    const bravoCard = bravo.locator('> .msg:not(.ephemeral)', { hasText: 'Finding FND_SA_UNOWNED' });
    await bravoCard.locator('button', { hasText: 'Snooze' }).click();
    await page.locator('#modal-root .modal[role=dialog]').waitFor(WAIT);
    expect(demo.slack.callsOf('views.open').at(-1)?.token).toBe(issued?.token);
    await page.screenshot({ path: `${SHOTS}/workspaces-bravo.png` });
    await page.keyboard.press('Escape');

    // Switching back: the demo's workspace and its cards, and not Bravo's channel.
    await page.locator('#workspace').selectOption('U0ALICE');
    await page.locator('body[data-me=U0ALICE][data-ready=true]').waitFor(WAIT);
    await expect.poll(() => timeline('C0SECOPS').locator('> .msg').count(), WAIT).toBeGreaterThan(0);
    expect(await timeline(BRAVO.channel).count()).toBe(0);
    expect(await page.locator('#channel-list').innerText()).not.toContain('acme-bravo');
  }, 90_000);
});
