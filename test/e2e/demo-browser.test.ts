import { existsSync, mkdirSync } from 'node:fs';
import { type Demo, startDemo } from '@warden/simulators/demo';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The demo in a real browser: Debian's chromium driven by playwright-core (.ci/run installs it).
 * Screenshots go to test-artifacts/demo/.
 */
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (!CHROMIUM)
  process.stderr.write(
    'demo browser test skipped: no chromium at /usr/bin/chromium (apt-get install chromium)\n',
  );

const SHOTS = 'test-artifacts/demo';

describe.runIf(CHROMIUM !== undefined)('npm run demo, in a browser', () => {
  let demo: Demo;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    demo = await startDemo();
    browser = await chromium.launch({
      executablePath: CHROMIUM ?? '',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await page.goto(`${demo.url}/`);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  /** The alert message for a finding (its text names the finding's id). */
  const alert = (findingId: string) => page.locator('.msg[data-ts]', { hasText: findingId }).first();

  it('shows the channel with the alerts, escaped', async () => {
    await expect
      .poll(() => page.locator('.msg .header').count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(5);
    const text = await page.locator('#channel').innerText();
    expect(text).toContain('Credential publicly exposed');
    expect(text).toContain('<!channel> urgent'); // shown as text: nobody pinged
    expect(await page.locator('#channel a[href^="https://evil"]').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/1-channel.png`, fullPage: true });
  });

  it('snoozes through the form, after a field error', async () => {
    const card = alert('FND_SA_UNOWNED');
    await card.locator('button', { hasText: 'Snooze…' }).click();
    const modal = page.locator('.modal[role=dialog]');
    await expect
      .poll(() => modal.locator('.modal-title').innerText(), { timeout: 10_000 })
      .toBe('Snooze finding');
    await modal.locator('button[type=submit]').click();
    await expect
      .poll(() => modal.locator('.field-error').innerText(), { timeout: 10_000 })
      .toContain('Say why this can wait');
    await page.screenshot({ path: `${SHOTS}/2-field-error.png` });
    await modal.locator('select[data-block=preset]').selectOption('30');
    await modal.locator('textarea[data-block=reason]').fill('Waiting on the vendor patch');
    await modal.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('.modal[role=dialog]').count(), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(() => alert('FND_SA_UNOWNED').innerText(), { timeout: 10_000 })
      .toContain('Snoozed until');
    await expect
      .poll(() => alert('FND_SA_UNOWNED').locator('.thread').innerText(), { timeout: 10_000 })
      .toContain('snoozed this until');
    await page.screenshot({ path: `${SHOTS}/3-snoozed.png`, fullPage: true });
  });

  it('accepts a risk', async () => {
    await alert('FND_DECOY_USED').locator('button', { hasText: 'Accept risk…' }).click();
    const modal = page.locator('.modal[role=dialog]');
    await expect
      .poll(() => modal.locator('.modal-title').innerText(), { timeout: 10_000 })
      .toBe('Accept risk');
    await modal
      .locator('textarea[data-block=justification]')
      .fill('Honeytoken monitored by the SOC; rotation scheduled.');
    await modal.locator('button[type=submit]').click();
    await expect
      .poll(() => alert('FND_DECOY_USED').innerText(), { timeout: 10_000 })
      .toContain('Risk accepted until');
  });

  it('reopens after the confirm dialog', async () => {
    await alert('FND_SNOOZED').locator('button', { hasText: 'Reopen' }).click();
    const confirm = page.locator('[role=alertdialog]');
    await expect.poll(() => confirm.innerText()).toContain('Reopen this finding?');
    await page.screenshot({ path: `${SHOTS}/4-confirm.png` });
    await confirm.locator('button', { hasText: 'Reopen' }).click();
    await expect
      .poll(() => alert('FND_SNOOZED').locator('.thread').innerText(), { timeout: 10_000 })
      .toContain('reopened this');
  });

  it('takes a slash command and shows the answer only to me', async () => {
    await page.locator('#command').fill('/warden help');
    await page.locator('#composer button').click();
    const ephemeral = page.locator('.msg.ephemeral', { hasText: '/warden snooze' });
    await expect.poll(() => ephemeral.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await ephemeral.first().innerText()).toContain('Only visible to you');
    await page.screenshot({ path: `${SHOTS}/5-command.png`, fullPage: true });
  });
});
