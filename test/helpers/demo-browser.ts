import { existsSync, mkdirSync } from 'node:fs';
import { type Demo, type DemoOptions, startDemo } from '@warden/simulators/demo';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { mainEntry } from './entry.js';

/** Debian's chromium, which playwright-core drives (.ci/run installs it); undefined when absent. */
export const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

if (!CHROMIUM)
  process.stderr.write(
    'demo browser tests skipped: no chromium at /usr/bin/chromium (apt-get install chromium)\n',
  );

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

/**
 * The demo's Wardens start from the run's bundle (as the process tests do, helpers/entry.ts): the
 * same code, without tsx compiling every module at each start (seconds of CPU per Warden, two
 * Wardens per demo).
 */
export function demoOptions(more: DemoOptions = {}): DemoOptions {
  return { wardenEntry: mainEntry(), ...more };
}

/** The demo and a chromium, started side by side, with the page open once it is ready. */
export async function openDemo(): Promise<OpenedDemo> {
  mkdirSync(SHOTS, { recursive: true });
  const [demo, browser] = await Promise.all([startDemo(demoOptions()), launchChromium()]);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await page.goto(`${demo.url}/`);
  await page.locator('body[data-ready=true]').waitFor({ timeout: 20_000 });
  return { demo, browser, page };
}

export interface OpenedDemo {
  demo: Demo;
  browser: Browser;
  page: Page;
}

/** A browser file's demo and chromium: opened before its tests (`take` gets them), closed after. */
export function demoPerFile(take: (opened: OpenedDemo) => void): void {
  let opened: OpenedDemo | undefined;
  beforeAll(async () => {
    opened = await openDemo();
    take(opened);
  }, 120_000);
  afterAll(async () => {
    await opened?.browser.close();
    await opened?.demo.close();
  });
}

export const ALICE = 'U0ALICE';
export const CAROL = 'U0CAROL';
export const GUEST = 'U0GUEST';
export const CHANNEL = 'C0SECOPS';
export const WAIT = { timeout: 15_000 };

/** What the page shows, read as a person reads it: the channel, cards, the modal, the thread. */
export function demoPage(get: () => { demo: Demo; page: Page }, shotPrefix: string) {
  const page = () => get().page;
  const demo = () => get().demo;
  let shot = 0;
  const channel = () => page().locator(`#panes .timeline[data-conversation=${CHANNEL}]`);
  const thread = () => page().locator('#thread');
  const topLevel = (c = CHANNEL) => demo().slack.messages.filter((m) => m.channel === c && !m.thread_ts);
  const ephemeralsOf = (user: string, c = CHANNEL) =>
    demo().slack.ephemerals.filter((e) => e.user === user && e.channel === c);
  return {
    channel,
    thread,
    topLevel,
    ephemeralsOf,
    screenshot: (name: string, fullPage = false) =>
      page().screenshot({
        path: `${SHOTS}/${shotPrefix}-${String(++shot).padStart(2, '0')}-${name}.png`,
        fullPage,
      }),
    /** The newest card Warden posted for a finding, in the channel (not a message about it). */
    card: (findingId: string) =>
      channel()
        .locator('> .msg:not(.ephemeral)', { hasText: `Finding ${findingId}` })
        .last(),
    myEphemerals: () => channel().locator('> .msg.ephemeral'),
    modal: () => page().locator('#modal-root .modal[role=dialog]'),
    /** The finding's state in the demo's tenant, now. */
    stateOf: (findingId: string) => demo().tenant.findings.get(findingId, Date.now())?.state,
    async actAs(user: string) {
      await page().locator('#as').selectOption(user);
      await page().locator(`body[data-me=${user}][data-ready=true]`).waitFor(WAIT);
    },
    /** Types a command in the box and waits for Warden's answer (private or in the channel). */
    async command(text: string) {
      const before = ephemeralsOf(ALICE).length + topLevel().length;
      await page().locator('#command').fill(text);
      await page().locator('#composer button[type=submit]').click();
      await expect.poll(() => ephemeralsOf(ALICE).length + topLevel().length, WAIT).toBeGreaterThan(before);
    },
    async openThread(of: Locator) {
      await of.locator('.replies').click();
      await thread().waitFor({ state: 'visible', ...WAIT });
    },
    /** Where the page overflows sideways (it should be nowhere): runs in the browser. */
    overflow: (): Promise<string[]> =>
      page().evaluate(`[...document.querySelectorAll('.timeline, .thread-body, #main, body')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.id || e.className)`),
  };
}
