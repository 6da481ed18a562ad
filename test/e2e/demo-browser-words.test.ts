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
 * the workflow panel's outputs as a table (dates in the person's zone) and a held step's end, and
 * the consent page listing the permissions Warden asks for. Screenshots in test-artifacts/demo/.
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

  /** Opens "Run a workflow step" on a step, fills its inputs and runs it. */
  async function runStep(title: string, inputs: Record<string, string>) {
    const panel = page.locator('#workflow-panel');
    if (await panel.isHidden()) await page.locator('#workflow-step').click();
    await panel.locator('select[name=step]').selectOption({ label: title });
    for (const [name, value] of Object.entries(inputs))
      await panel.locator(`input[name=${name}]`).fill(value);
    await panel.locator('button[type=submit]').click();
    return panel.locator('.wf-result');
  }

  it('a workflow step’s outputs: a small table, dates in the person’s zone', async () => {
    const id = openFindings()[0];
    if (!id) throw new Error('no open finding');
    const result = await runStep('Snooze finding', { finding_id: id, days: '5', reason: 'vendor fix due' });
    const until = result.locator('tr[data-output=snoozed_until] td');
    await until.waitFor(WAIT);
    const seconds = Date.parse(String(demo.tenant.findings.get(id, Date.now())?.snoozeUntil)) / 1_000;
    const berlin = new Intl.DateTimeFormat(undefined, {
      timeZone: 'Europe/Berlin',
      dateStyle: 'full',
      timeStyle: 'medium',
    }).format(new Date(seconds * 1_000));
    expect(await until.innerText()).toBe(berlin);
    expect(await result.locator('tr[data-output=state_text] td').innerText()).toMatch(/snoozed/i);
    expect(await result.innerText()).not.toContain('{');
    await page.screenshot({ path: `${SHOTS}/words-4-workflow-outputs.png` });
  });

  it('a held workflow step shows its end once an approver approves it', async () => {
    const id = 'FND_CRED_EXPOSED';
    const result = await runStep('Request risk acceptance', {
      finding_id: id,
      justification: 'compensating control: the key is IP-bound',
      days: '30',
      channel_id: CHANNEL,
    });
    await expect.poll(() => result.innerText(), WAIT).toContain('Still running');
    await actAs(CAROL);
    await card(id).locator('.replies').click();
    const approve = page.locator('#thread button', { hasText: 'Approve…' }).last();
    await approve.waitFor(WAIT);
    await approve.click();
    await modal().locator('[data-block-id=confirm] input[type=checkbox]').check();
    await modal().locator('button[type=submit]').click();
    await expect.poll(() => stateOf(id), WAIT).toBe('FINDING_STATE_RISK_ACCEPTED');
    await expect.poll(() => result.innerText(), WAIT).toContain('Completed.');
    expect(await result.locator('tr[data-output=accepted_until] td').innerText()).not.toBe('');
    expect(await result.locator('tr[data-output=approved_by] td').innerText()).toMatch(/carol/i);
    await page.screenshot({ path: `${SHOTS}/words-5-workflow-held-ended.png` });
    await actAs(ALICE);
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
