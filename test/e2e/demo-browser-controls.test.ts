import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { type Demo, startDemo } from '@warden/simulators/demo';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  CAROL,
  CHANNEL,
  CHROMIUM,
  demoOptions,
  demoPage,
  demoPerFile,
} from '../helpers/demo-browser.js';

/**
 * Every control a visitor of the demo can see does something (issue 26), clicked in a real
 * browser as a newcomer would: Notify owner from the channel, Download CSV, Assign owner… with a
 * people picker, Review… with its overflow menus, its checkboxes and its pages, links on the Home
 * tab, and a second `npm run demo` beside the first. Screenshots go to test-artifacts/demo/.
 */

const WAIT = { timeout: 20_000 };
const CSV_HEADER =
  'appId,appName,entitlementId,entitlementName,policyId,policyName,customPolicyId,createdAt,deletedAt';

describe.runIf(CHROMIUM !== undefined)('the demo page: every control a visitor sees works', () => {
  let demo: Demo;
  let browser: Browser;
  let page: Page;

  demoPerFile((opened) => {
    ({ demo, browser, page } = opened);
  });

  const { actAs, card, channel, modal, screenshot, stateOf } = demoPage(() => ({ demo, page }), 'controls');

  it('Notify owner from the channel: the owner finds the copy in their DM; an owner Slack cannot find is said on the card (1)', async () => {
    await expect.poll(() => card('FND_SYNC_FAILING').count(), WAIT).toBe(1);
    // Hanna's email is hidden in Slack: no Notify owner, and the card says why.
    const unreachable = card('FND_SYNC_FAILING');
    expect(await unreachable.locator('button', { hasText: 'Notify owner' }).count()).toBe(0);
    expect(await unreachable.innerText()).toContain('not found in Slack by email');
    // Carol is a member Warden finds: alice sends her the card.
    await card('FND_SA_MISCLASSIFIED').locator('button', { hasText: 'Notify owner' }).click();
    await actAs(CAROL);
    await page.locator('[data-nav=dm]').click();
    const dm = page.locator('#panes .timeline[data-conversation=D0CAROL]');
    await expect.poll(() => dm.innerText(), WAIT).toContain('Finding FND_SA_MISCLASSIFIED');
    expect(await dm.locator('button', { hasText: 'Notify owner' }).count()).toBe(0); // her own copy
    await screenshot('owner-dm');
    await actAs(ALICE);
  }, 60_000);

  it('Download CSV gives the file itself: named, typed, its first line the header (2)', async () => {
    await page.locator('#command').fill('/warden campaign CAMP_LARGE');
    await page.locator('#composer button[type=submit]').click();
    const view = channel().locator('> .msg.ephemeral', { hasText: 'Download CSV' }).last();
    await view.locator('button', { hasText: 'Download CSV' }).click();
    await page.locator('[data-nav=dm]').click();
    const file = page.locator('#panes .timeline[data-conversation=D0ALICE] .file', {
      hasText: 'CAMP_LARGE-entitlements.csv',
    });
    await file.waitFor(WAIT);
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      file.locator('a.file-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('CAMP_LARGE-entitlements.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.at(-1)).toBe(''); // ends with the last row's line break, no closing boundary
    expect(lines.filter((l) => /^APP_\d+,/.test(l))).toHaveLength(2_500);
    expect(demo.slack.files.at(-1)?.mimetype).toBe('text/csv');
    await page.locator(`[data-nav=${CHANNEL}]`).click();
  }, 60_000);

  it('Assign owner… picks a person of the workspace; the card names the new owner (3)', async () => {
    await card('FND_SA_UNOWNED').locator('button', { hasText: 'Assign owner…' }).click();
    await expect.poll(() => modal().locator('.modal-title').innerText(), WAIT).toContain('Assign owner');
    const picker = modal().locator('select[data-type=users_select]');
    const people = await picker.locator('option').allInnerTexts();
    expect(people).toEqual(expect.arrayContaining(['alice', 'carol', 'dave']));
    expect(people).not.toContain('otherbot'); // a bot is not a person to pick
    expect(people).not.toContain('frank'); // deactivated
    expect(await modal().locator('.unsupported').count()).toBe(0);
    await picker.selectOption('U0DAVE');
    await screenshot('assign-owner');
    await modal().locator('button[type=submit]').click();
    await expect.poll(() => modal().count(), WAIT).toBe(0);
    await expect
      .poll(() => card('FND_SA_UNOWNED').locator('.field', { hasText: 'Owner' }).innerText(), WAIT)
      .toContain('@dave');
  }, 60_000);

  it('Home tab links open the message on the page and scroll to it (6)', async () => {
    await page.locator('[data-nav=home]').click();
    const link = page.locator('#home a.message-link').first();
    await link.waitFor(WAIT);
    const permalink = (await link.getAttribute('data-permalink')) ?? '';
    expect(permalink).toMatch(/^https:\/\/acme\.slack\.example\/archives\/C0SECOPS\/p\d{16}$/);
    expect(await link.getAttribute('href')).not.toContain('slack.example');
    await page.locator(`#panes .timeline[data-conversation=${CHANNEL}]`).evaluate((p) => {
      p.scrollTop = p.scrollHeight; // as someone who read to the end
    });
    await link.click();
    const linked = page.locator('.msg.linked');
    await linked.waitFor(WAIT);
    expect(await channel().isVisible()).toBe(true);
    const ts = permalink.replace(/.*\/p(\d{10})(\d{6})$/, '$1.$2');
    expect(await linked.getAttribute('data-ts')).toBe(ts);
    // In view: the message's box meets its scrolled pane's box.
    const seen = await linked.evaluate((n) => {
      const box = n.getBoundingClientRect();
      const pane = (n.closest('.timeline, .thread-body') ?? n).getBoundingClientRect();
      return box.top < pane.bottom && box.bottom > pane.top;
    });
    expect(seen).toBe(true);
    await screenshot('linked-message');
  }, 60_000);

  // Over 3 s by nature: a burst's roll-up forms in the demo's processes on real time first.
  it('Review… shows overflow menus and checkboxes, turns pages, and acts on the ticked findings (4, 5)', async () => {
    await page.locator('#burst').click();
    const summary = channel().locator('> .msg', { hasText: 'arrived in a burst' });
    await expect
      .poll(() => summary.locator('button', { hasText: 'Review…' }).count(), { timeout: 60_000 })
      .toBe(1);
    await summary.locator('button', { hasText: 'Review…' }).click();
    await expect.poll(() => modal().innerText(), WAIT).toContain('(page 1 of');
    expect(await modal().locator('.unsupported').count()).toBe(0);
    expect(await modal().locator('button.overflow').count()).toBe(10);
    const boxes = modal().locator('[data-action="review.pick"] input[type=checkbox]');
    expect(await boxes.count()).toBe(10);
    const first = await boxes.evaluateAll((els) => els.map((e) => e.getAttribute('value') ?? ''));

    // 5: Next › inside the modal sends block_actions with the view; Warden shows page 2.
    await modal().locator('button', { hasText: 'Next ›' }).click();
    await expect.poll(() => modal().innerText(), WAIT).toContain('(page 2 of');
    const second = await boxes.evaluateAll((els) => els.map((e) => e.getAttribute('value') ?? ''));
    expect(second).toHaveLength(10);
    expect(second.filter((id) => first.includes(id))).toEqual([]);

    // 4: a finding's overflow menu: its actions; one chosen opens that finding's form over Review.
    const row = modal().locator('.block.section', { hasText: second[2] ?? '' });
    await row.locator('button.overflow').click();
    await row.locator('.overflow-item', { hasText: 'Snooze…' }).click();
    await expect.poll(() => modal().innerText(), WAIT).toContain(second[2] ?? '');
    await expect.poll(() => modal().locator('.modal-title').innerText(), WAIT).toContain('Snooze finding');
    await screenshot('review-overflow');
    // Closing the pushed form goes back to Review, as in Slack.
    await page.keyboard.press('Escape');
    await expect.poll(() => modal().innerText(), WAIT).toContain('(page 2 of');

    // 4: tick two, snooze the picked: exactly those two are snoozed in the tenant.
    const picked = second.slice(0, 2);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await screenshot('review-picked');
    await modal().locator('button', { hasText: 'Snooze picked…' }).click();
    await expect.poll(() => modal().locator('.modal-title').innerText(), WAIT).toContain('Snooze findings');
    expect(await modal().innerText()).toContain('2 findings');
    await modal().locator('textarea[data-block=reason]').fill('Triaged in the demo: waiting on the vendor');
    await modal().locator('button[type=submit]').click();
    await expect
      .poll(() => picked.map(stateOf), WAIT)
      .toEqual(['FINDING_STATE_SNOOZED', 'FINDING_STATE_SNOOZED']);
    expect(second.slice(2).map(stateOf)).not.toContain('FINDING_STATE_SNOOZED');
    await expect.poll(() => modal().count(), WAIT).toBe(0); // Warden clears the stack once done
  }, 120_000);

  // Over 3 s by nature: a second demo (its own Wardens) starts, and `npm run demo` runs as a process.
  it('a second demo takes the next free port beside the first; a port asked for that is taken is said in one line (7)', async () => {
    const port = Number(new URL(demo.url).port);
    const second = await startDemo(demoOptions({ port, nextPorts: 20 }));
    try {
      expect(second.url).not.toBe(demo.url);
      const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await other.goto(`${second.url}/`);
      await other.locator('body[data-ready=true]').waitFor(WAIT);
      await expect
        .poll(() => other.locator(`.timeline[data-conversation=${CHANNEL}] > .msg .header`).count(), WAIT)
        .toBeGreaterThanOrEqual(7);
      await other.close();
      // The first one still answers.
      expect(await channel().locator('> .msg .header').count()).toBeGreaterThanOrEqual(7);
    } finally {
      await second.close();
    }
    // `npm run demo -- --port N` with N taken: one line saying so and how to choose, no stack.
    const failed = await promisify(execFile)(
      'node_modules/.bin/tsx',
      ['packages/simulators/src/demo/cli.ts', '--port', String(port)],
      { timeout: 30_000 },
    ).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failed?.code).toBe(1);
    const said = (failed?.stderr ?? '').trim().split('\n');
    expect(said).toEqual([
      `Port ${port} is taken (another demo?): choose another with npm run demo -- --port N`,
    ]);
  }, 120_000);
});
