import { existsSync, mkdirSync } from 'node:fs';
import { type Demo, startDemo } from '@warden/simulators/demo';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's chromium, which playwright-core drives (.ci/run installs it); undefined when absent. */
export const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
}

/** Where the browser tests keep their screenshots (CI keeps them). */
export const SHOTS = 'test-artifacts/demo';

/** The demo and a chromium, started side by side, with the page open once it is ready. */
export async function openDemo(): Promise<{ demo: Demo; browser: Browser; page: Page }> {
  mkdirSync(SHOTS, { recursive: true });
  const [demo, browser] = await Promise.all([startDemo(), launchChromium()]);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await page.goto(`${demo.url}/`);
  await page.locator('body[data-ready=true]').waitFor({ timeout: 20_000 });
  return { demo, browser, page };
}
