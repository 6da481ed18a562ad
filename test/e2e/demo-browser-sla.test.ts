import { type Demo, SLA_DEMO_FINDING } from '@warden/simulators/demo';
import type { Page } from 'playwright-core';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, demoPage, demoPerFile } from '../helpers/demo-browser.js';

/**
 * Issue 38 item 7 in a real browser: the demo's finding near its breach says so on its card
 * ("due soon", a Slack date token), its nudge arrives once in its thread (the demo's Warden
 * sweeps clocks every minute on real time: this waits up to two), and `/warden report 7` brings
 * the report to the person's direct message with its chart (a PNG with its alt text) and CSV.
 */
const NUDGE = { timeout: 150_000 };
const WAIT = { timeout: 20_000 };

describe.runIf(CHROMIUM !== undefined)('the demo page: SLA clocks and the report', () => {
  let demo: Demo;
  let page: Page;
  demoPerFile((opened) => {
    ({ demo, page } = opened);
  });
  const ui = demoPage(() => ({ demo, page }), 'sla');

  it('a finding near its breach, its nudge in the thread, and the report with its chart', async () => {
    const card = ui.card(SLA_DEMO_FINDING);
    await card.waitFor(WAIT);
    // its clock line: due within the hour (52 minutes of 60 gone), past the warning share
    await expect.poll(() => card.innerText(), NUDGE).toMatch(/Acknowledge within SLA by .+\(due soon\)/);
    // the nudge: one reply in the alert's thread (the finding has no owner to message)
    const cardTs = demo.slack.messages.find(
      (m) => !m.thread_ts && JSON.stringify(m.blocks ?? []).includes(SLA_DEMO_FINDING),
    )?.ts;
    const nudges = () =>
      demo.slack.messages.filter((m) => m.thread_ts === cardTs && m.text.includes('must be acknowledged'));
    await expect.poll(() => nudges().length, NUDGE).toBe(1);
    await ui.openThread(card);
    await expect.poll(() => ui.thread().innerText(), WAIT).toContain('must be acknowledged');
    await ui.screenshot('nudge');

    // the report, privately: its words where the command was typed, the report in the DM
    await ui.command('/warden report 7');
    await expect.poll(() => ui.myEphemerals().last().innerText(), WAIT).toContain('direct message');
    await page.locator('[data-nav=dm]').click();
    const dm = page.locator('#panes .timeline[data-conversation=D0ALICE]');
    const chart = dm.locator('figure.file-image img');
    await chart.last().waitFor(WAIT);
    expect(await chart.last().getAttribute('alt')).toMatch(/^Bar chart of findings closed per 7-day period/);
    const png = await request(`${demo.url}${(await chart.last().getAttribute('src')) ?? ''}`);
    expect(
      Buffer.from(await png.body.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    expect(await dm.innerText()).toMatch(/SLA report/);
    await expect.poll(() => dm.locator('.file', { hasText: '.csv' }).count(), WAIT).toBeGreaterThan(0);
    await ui.screenshot('report');
    expect(nudges()).toHaveLength(1);
  }, 240_000);
});
