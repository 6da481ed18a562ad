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
  GUEST,
  WAIT,
} from '../helpers/demo-browser.js';

/**
 * The demo in a real browser, as a newcomer uses it: Debian's chromium driven by playwright-core
 * (.ci/run installs it). Each step checks the DOM for what Slack would show (the A–J):
 * B time order and real times, D a field error keeps what was typed, E mrkdwn and emoji as Slack
 * renders them, F ephemeral messages from Warden, G long text wraps, H the CSV in the DM view,
 * I the command box, J four-eyes with a second person and a guest refused. A and C, under a flood
 * posted at Slack's real pace, are in demo-browser-flood; the roll-up in demo-browser-burst: each
 * file its own demo, so the three run side by side. Screenshots go to test-artifacts/demo/.
 */
describe.runIf(CHROMIUM !== undefined)('npm run demo, in a browser', () => {
  let demo: Demo;
  let page: Page;
  demoPerFile((opened) => {
    ({ demo, page } = opened);
  });
  const { actAs, card, channel, command, modal, myEphemerals, openThread, overflow, screenshot, thread } =
    demoPage(() => ({ demo, page }), 'page');

  it('shows the channel with the alerts, escaped, wrapped, in time order with real times (B, G)', async () => {
    await expect.poll(() => channel().locator('> .msg .header').count(), WAIT).toBeGreaterThanOrEqual(5);
    const text = await channel().innerText();
    expect(text).toContain('Credential publicly exposed');
    expect(text).toContain('<!channel> urgent'); // shown as text: nobody pinged
    expect(await page.locator('a[href^="https://evil"]').count()).toBe(0);
    // G: the hostile card's 10,000-character line wraps; Owner and Severity stay on screen.
    expect(await overflow()).toEqual([]);
    const hostile = card('FND_HOSTILE');
    for (const label of ['Owner', 'Severity']) {
      const box = await hostile.locator('.field', { hasText: label }).boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
    }
    // B: ordered by ts; each time is the message's own, in alice's zone (Europe/Berlin).
    const rows = await channel()
      .locator('> .msg')
      .evaluateAll((els) =>
        els.map((e) => ({
          sort: Number(e.getAttribute('data-sort')),
          iso: e.querySelector('time.when')?.getAttribute('datetime') ?? '',
          shown: e.querySelector('time.when')?.textContent ?? '',
        })),
      );
    expect(rows.map((r) => r.sort)).toEqual([...rows.map((r) => r.sort)].sort((a, b) => a - b));
    const berlin = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Berlin',
      hour: 'numeric',
      minute: '2-digit',
    });
    const spaces = (s: string) => s.replace(/\s/g, ' ');
    for (const r of rows) expect(spaces(r.shown)).toBe(spaces(berlin.format(new Date(r.iso))));
    expect(Math.abs(Date.parse(rows.at(-1)?.iso ?? '') - Date.now())).toBeLessThan(10 * 60_000);
    await screenshot('channel');
  }, 60_000);

  it('renders mrkdwn as Slack does: emoji, intact ids, italic at word boundaries (E)', async () => {
    await command('/warden frobnicate');
    const answer = myEphemerals().last();
    await expect.poll(() => answer.innerText(), WAIT).toContain('Unknown subcommand');
    expect(await answer.locator('.emoji[data-emoji=warning]').innerText()).toBe('⚠️');
    const decoy = card('FND_DECOY_USED');
    expect(await decoy.locator('code', { hasText: 'FND_DECOY_USED' }).count()).toBeGreaterThan(0);
    expect(await decoy.innerText()).toContain('FND_DECOY_USED');
    expect(await channel().innerText()).not.toContain('FNDDECOYUSED');
    const italics = await channel().locator('em').allInnerTexts();
    expect(italics).toContain('no owner'); // `_no owner_` is italic…
    expect(italics.filter((t) => /^[A-Z0-9]+$/.test(t))).toEqual([]); // …and no id loses its underscores
    // F: an ephemeral answer is Warden's, marked as only visible to the person.
    expect(await answer.locator('.who').innerText()).toBe('Warden');
    expect(await answer.innerText()).toContain('Only visible to you');
    await screenshot('mrkdwn');
  }, 60_000);

  it('snoozes through the form; a field error keeps what was typed (D)', async () => {
    await card('FND_SA_UNOWNED').locator('button', { hasText: 'Snooze…' }).click();
    await expect.poll(() => modal().locator('.modal-title').innerText(), WAIT).toContain('Snooze finding');
    await modal().locator('button[type=submit]').click();
    const reasonError = modal().locator('[data-block-id=reason] .field-error');
    await expect.poll(() => reasonError.innerText(), WAIT).toContain('Say why this can wait');
    await modal().locator('select[data-block=preset]').selectOption('30');
    await modal().locator('textarea[data-block=reason]').fill('Waiting on the vendor patch');
    await modal().locator('input[data-block=date]').fill('2020-01-02');
    await modal().locator('button[type=submit]').click();
    const dateError = modal().locator('[data-block-id=date] .field-error');
    await expect.poll(() => dateError.innerText(), WAIT).toContain('in the past');
    expect(await reasonError.isHidden()).toBe(true);
    // Everything typed is still there, as Slack keeps it.
    expect(await modal().locator('textarea[data-block=reason]').inputValue()).toBe(
      'Waiting on the vendor patch',
    );
    expect(await modal().locator('select[data-block=preset]').inputValue()).toBe('30');
    expect(await modal().locator('input[data-block=date]').inputValue()).toBe('2020-01-02');
    await screenshot('field-error');
    await modal().locator('input[data-block=date]').fill('');
    await modal().locator('button[type=submit]').click();
    await expect.poll(() => modal().count(), WAIT).toBe(0);
    await expect.poll(() => card('FND_SA_UNOWNED').innerText(), WAIT).toContain('Snoozed until');
    // A: the reply is in the thread, not in the channel; the card says "1 reply".
    await expect
      .poll(() => card('FND_SA_UNOWNED').locator('.replies').innerText(), WAIT)
      .toContain('1 reply');
    await openThread(card('FND_SA_UNOWNED'));
    await expect
      .poll(() => thread().locator('.thread-replies').innerText(), WAIT)
      .toContain('snoozed this until');
    expect(await channel().innerText()).not.toContain('snoozed this until');
    await screenshot('snoozed');
  }, 60_000);

  it('four-eyes: alice asks, cannot approve her own request, carol approves (J)', async () => {
    await card('FND_DECOY_USED').locator('button', { hasText: 'Accept risk…' }).click();
    await expect.poll(() => modal().locator('.modal-title').innerText(), WAIT).toContain('Accept risk');
    await modal()
      .locator('textarea[data-block=justification]')
      .fill('Honeytoken monitored by the SOC; rotation scheduled.');
    await modal().locator('button[type=submit]').click();
    await expect.poll(() => modal().count(), WAIT).toBe(0);
    await expect
      .poll(() => myEphemerals().last().innerText(), WAIT)
      .toContain('needs an approver from @security-leads');
    await openThread(card('FND_DECOY_USED'));
    const request = thread().locator('.msg', { hasText: 'asks to accept the risk' });
    await request.waitFor(WAIT);
    await request.locator('button', { hasText: 'Approve…' }).click();
    await expect.poll(() => modal().innerText(), WAIT).toContain('someone else must approve');
    await screenshot('own-request-refused');
    await page.keyboard.press('Escape');
    await expect.poll(() => modal().count(), WAIT).toBe(0);

    await actAs(CAROL);
    expect(await myEphemerals().count()).toBe(0); // alice's private answers are hers
    await openThread(card('FND_DECOY_USED'));
    await thread().locator('button', { hasText: 'Approve…' }).click();
    await expect.poll(() => modal().locator('.modal-title').innerText(), WAIT).toContain('Approve risk');
    await modal().locator('[data-block-id=confirm] input[type=checkbox]').check();
    await modal().locator('button[type=submit]').click();
    await expect.poll(() => modal().count(), WAIT).toBe(0);
    await expect.poll(() => card('FND_DECOY_USED').innerText(), WAIT).toContain('Risk accepted until');
    await expect.poll(() => thread().innerText(), WAIT).toContain('Approved by @carol');
    await screenshot('approved-by-carol');
  }, 60_000);

  it('refuses the guest, privately (J, F)', async () => {
    await actAs(GUEST);
    await card('FND_CRED_EXPOSED').locator('button', { hasText: 'Snooze…' }).click();
    await expect.poll(() => modal().innerText(), WAIT).toContain('Guests may not');
    await screenshot('guest-refused');
    await page.keyboard.press('Escape');
    await expect.poll(() => modal().count(), WAIT).toBe(0);
    expect(
      demo.tenant.requests.filter((r) => r.path.includes('FND_CRED_EXPOSED') && r.method === 'POST'),
    ).toEqual([]);
    await actAs(ALICE);
    expect(await modal().count()).toBe(0);
  }, 60_000);

  it('takes a slash command and shows the answer only to me; says what else the box takes (F, I)', async () => {
    await command('/warden help');
    const ephemeral = myEphemerals().filter({ hasText: '/warden snooze' });
    await expect.poll(() => ephemeral.count(), WAIT).toBeGreaterThan(0);
    expect(await ephemeral.first().innerText()).toContain('Only visible to you');
    expect(await ephemeral.first().locator('.who').innerText()).toBe('Warden');
    const sent = demo.slack.ephemerals.length;
    await page.locator('#command').fill('hello');
    await page.locator('#composer button[type=submit]').click();
    await expect
      .poll(() => page.locator('#composer-note').innerText(), WAIT)
      .toContain('takes /warden commands');
    expect(await page.locator('#command').inputValue()).toBe('hello');
    await page.locator('#command').fill('/deploy now');
    await page.locator('#composer button[type=submit]').click();
    await expect
      .poll(() => page.locator('#composer-note').innerText(), WAIT)
      .toContain('/deploy is not a command');
    expect(demo.slack.ephemerals.length).toBe(sent); // nothing went to Warden
    await page.locator('#command').fill('');
    await screenshot('command');
  }, 60_000);

  it('sends the CSV to the DM view (H)', async () => {
    await command('/warden campaign CAMP_LARGE');
    const view = myEphemerals().filter({ hasText: 'Download CSV' }).last();
    await view.waitFor(WAIT);
    await view.locator('button', { hasText: 'Download CSV' }).click();
    await expect.poll(() => myEphemerals().last().innerText(), WAIT).toContain('direct message');
    await expect.poll(() => page.locator('[data-nav=dm] .badge').innerText(), WAIT).toBe('1');
    await page.locator('[data-nav=dm]').click();
    const dm = page.locator('#panes .timeline[data-conversation=D0ALICE]');
    const file = dm.locator('.file', { hasText: 'CAMP_LARGE-entitlements.csv' });
    await file.waitFor(WAIT);
    const href = (await file.locator('a.file-download').getAttribute('href')) ?? '';
    const res = await request(`${demo.url}${href}`);
    const csv = await res.body.text();
    expect(res.headers['content-type']).toContain('text/csv');
    expect(csv.split('\r\n').filter((l) => /^APP_\d+,/.test(l))).toHaveLength(2_500);
    await screenshot('dm-csv');
    // The Home tab: opening it sends app_home_opened; Warden publishes alice's own view (her
    // request from the four-eyes step, her recent actions), pushed to the page as it happens.
    await page.locator('[data-nav=home]').click();
    await expect.poll(() => page.locator('#home').innerText(), WAIT).toContain('Recent activity');
    const home = await page.locator('#home').innerText();
    expect(home).toContain('Your requests');
    expect(home).toContain('Ending soon');
    expect(home).not.toContain('Waiting for your approval');
    expect(home).not.toContain(':shield:');
    await screenshot('home');
    await page.locator(`[data-nav=${CHANNEL}]`).click();
  }, 60_000);
});
