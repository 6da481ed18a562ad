import { mkdirSync } from 'node:fs';
import { type Demo, startDemo } from '@warden/simulators/demo';
import type { Browser, Locator, Page } from 'playwright-core';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchChromium } from '../helpers/demo-browser.js';

/**
 * The demo in a real browser, as a newcomer uses it: Debian's chromium driven by playwright-core
 * (.ci/run installs it). Each step checks the DOM for what Slack would show (the A–J):
 * A no channel nested under replies, B time order and real times, C clicks and selected text
 * survive updates, D a field error keeps what was typed, E mrkdwn and emoji as Slack renders
 * them, F ephemeral messages from Warden, G long text wraps, H the CSV in the DM view, I the
 * command box, J four-eyes with a second person and a guest refused. Screenshots go to
 * test-artifacts/demo/ (CI keeps them).
 */
if (!CHROMIUM)
  process.stderr.write(
    'demo browser test skipped: no chromium at /usr/bin/chromium (apt-get install chromium)\n',
  );

const SHOTS = 'test-artifacts/demo';
const WAIT = { timeout: 15_000 };
const ALICE = 'U0ALICE';
const CAROL = 'U0CAROL';
const GUEST = 'U0GUEST';
const CHANNEL = 'C0SECOPS';
/** Every shortcode Warden's messages use (src/): none may reach the page as text. */
const WARDEN_SHORTCODES = [
  'warning',
  'no_entry_sign',
  'hourglass',
  'hourglass_flowing_sand',
  'white_check_mark',
  'lock',
  'x',
  'twisted_rightwards_arrows',
  'scales',
  'repeat',
  'pushpin',
  'page_facing_up',
  'no_entry',
  'mag',
  'information_source',
  'grey_question',
  'arrows_counterclockwise',
];

describe.runIf(CHROMIUM !== undefined)('npm run demo, in a browser', () => {
  let demo: Demo;
  let browser: Browser;
  let page: Page;
  let shot = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    demo = await startDemo();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    await page.goto(`${demo.url}/`);
    await page.locator('body[data-ready=true]').waitFor(WAIT);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  const screenshot = (name: string, fullPage = false) =>
    page.screenshot({ path: `${SHOTS}/${String(++shot).padStart(2, '0')}-${name}.png`, fullPage });
  const channel = () => page.locator(`#panes .timeline[data-conversation=${CHANNEL}]`);
  /** The newest card Warden posted for a finding, in the channel (not a message about it). */
  const card = (findingId: string) =>
    channel()
      .locator('> .msg:not(.ephemeral)', { hasText: `Finding ${findingId}` })
      .last();
  const myEphemerals = () => channel().locator('> .msg.ephemeral');
  const modal = () => page.locator('#modal-root .modal[role=dialog]');
  const thread = () => page.locator('#thread');
  const topLevel = (c = CHANNEL) => demo.slack.messages.filter((m) => m.channel === c && !m.thread_ts);
  const ephemeralsOf = (user: string, c = CHANNEL) =>
    demo.slack.ephemerals.filter((e) => e.user === user && e.channel === c);

  async function actAs(user: string) {
    await page.locator('#as').selectOption(user);
    await page.locator(`body[data-me=${user}][data-ready=true]`).waitFor(WAIT);
  }

  async function command(text: string) {
    const before = ephemeralsOf(ALICE).length + topLevel().length;
    await page.locator('#command').fill(text);
    await page.locator('#composer button[type=submit]').click();
    await expect.poll(() => ephemeralsOf(ALICE).length + topLevel().length, WAIT).toBeGreaterThan(before);
  }

  async function openThread(of: Locator) {
    await of.locator('.replies').click();
    await thread().waitFor({ state: 'visible', ...WAIT });
  }

  /** Where the page overflows sideways (it should be nowhere): runs in the browser. */
  const overflow = (): Promise<string[]> =>
    page.evaluate(`[...document.querySelectorAll('.timeline, .thread-body, #main, body')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => e.id || e.className)`);

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

  it('reopens after the confirm dialog', async () => {
    await card('FND_SNOOZED').locator('button', { hasText: 'Reopen' }).click();
    const confirm = page.locator('[role=alertdialog]');
    await expect.poll(() => confirm.innerText()).toContain('Reopen this finding?');
    await screenshot('confirm');
    await confirm.locator('button', { hasText: 'Reopen' }).click();
    await expect.poll(() => card('FND_SNOOZED').locator('.replies').innerText(), WAIT).toContain('1 reply');
    await openThread(card('FND_SNOOZED'));
    await expect.poll(() => thread().innerText(), WAIT).toContain('reopened this');
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

  // Over 3 s by nature: the demo's own processes post the flood at Slack's real pace (one post a
  // second per channel), which is what the page is shown under.
  it('takes a flood of alerts: every card once, in order, no channel nested under a reply (A, B)', async () => {
    const before = topLevel().length;
    await page.locator('#flood').click();
    await expect
      // paced as Slack asks: about one post a second in the channel
      .poll(() => channel().locator('> .msg:not(.ephemeral)').count(), { timeout: 60_000 })
      .toBe(before + 30);
    for (const text of ['/warden help', '/warden approvals', '/warden show FND_CRED_EXPOSED'])
      await command(text);
    await expect
      .poll(() => channel().locator('> .msg').count(), WAIT)
      .toBe(topLevel().length + ephemeralsOf(ALICE).length);
    expect(await page.locator('.timeline .msg .msg').count()).toBe(0);
    const replies = demo.slack.messages.filter((m) => m.channel === CHANNEL && m.thread_ts);
    expect(replies.length).toBeGreaterThan(0);
    for (const r of replies) expect(await channel().locator(`> .msg[data-ts="${r.ts}"]`).count()).toBe(0);
    // B: the /warden show answer is at the bottom, after every earlier private answer: the
    // channel already has the finding's card, so it links to it rather than posting another.
    const last = channel().locator('> .msg').last();
    await expect
      .poll(() => last.innerText(), WAIT)
      .toMatch(/FND_CRED_EXPOSED already has a card in this channel/);
    expect(await last.getAttribute('class')).not.toContain('ephemeral');
    const order = await channel()
      .locator('> .msg')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-sort'))));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // E: no shortcode Warden uses is left as text anywhere on the page.
    const all = await page.locator('body').innerText();
    for (const code of WARDEN_SHORTCODES) expect(all).not.toContain(`:${code}:`);
    expect(await overflow()).toEqual([]);
    await screenshot('flood', true);
  }, 120_000);

  // Over 3 s by nature: the clicks land while a real-time flood is being posted.
  it('takes 25 fast clicks while alerts stream in, every one (C)', async () => {
    const flood = page.locator('#flood').click();
    const cards = channel().locator('> .msg:not(.ephemeral)', { hasText: 'FND_FLOOD_1_' });
    const ids = await cards.evaluateAll((els) =>
      els.map((e) => /FND_FLOOD_1_\d+/.exec(e.textContent ?? '')?.[0] ?? '').slice(0, 25),
    );
    expect(ids).toHaveLength(25);
    const opened = demo.slack.callsOf('views.open').length;
    for (const id of ids) {
      await card(id).locator('button', { hasText: 'Snooze…' }).click({ delay: 40 });
      await expect.poll(() => modal().innerText(), WAIT).toContain(id);
      await page.keyboard.press('Escape');
      await expect.poll(() => modal().count(), WAIT).toBe(0);
    }
    expect(demo.slack.callsOf('views.open').length - opened).toBe(25);
    await flood;
    await screenshot('after-clicks');
  }, 60_000);

  // Over 3 s by nature: the updates it keeps a selection across are alerts paced in real time.
  it('keeps a selection and a half-done click across updates (C)', async () => {
    const changes = async () => Number(await page.locator('body').getAttribute('data-changes'));
    /** Alerts sent by someone else meanwhile: the page is told, the person does nothing. */
    const alertsArrive = async (count: number) => {
      const seen = await changes();
      const res = await request(`${demo.url}/demo/flood`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: ALICE, count }),
      });
      expect(res.statusCode).toBe(200);
      await res.body.dump();
      // Paced at about one post a second, after what the last flood left queued: generous. An
      // alert that leaves its card as it was changes nothing on the page (no update is sent), so
      // wait for the first change, then for the page to be still for 3 s.
      await expect.poll(changes, { timeout: 100_000 }).toBeGreaterThan(seen);
      let last = -1;
      let since = Date.now();
      await expect
        .poll(
          async () => {
            const n = await changes();
            if (n !== last) [last, since] = [n, Date.now()];
            return Date.now() - since > 3_000;
          },
          { timeout: 100_000 },
        )
        .toBe(true);
    };
    // Select a finding id on a card, then let new alerts arrive: the selection stays.
    const code = card('FND_DECOY_USED').locator('code', { hasText: 'FND_DECOY_USED' }).first();
    await code.dblclick(); // as a person selects an id to copy it
    const selected = () => page.evaluate('getSelection().toString()');
    expect(await selected()).toBe('FND_DECOY_USED');
    await alertsArrive(10);
    expect(await selected()).toBe('FND_DECOY_USED');
    // Press a button, let updates land, release: the button is the same node and the click counts.
    const button = card('FND_HOSTILE').locator('button', { hasText: 'Resolve…' });
    await button.scrollIntoViewIfNeeded();
    await button.evaluate((b) => b.setAttribute('data-probe', 'before-update'));
    const box = await button.boundingBox();
    if (!box) throw new Error('no Resolve button');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await alertsArrive(5);
    await page.mouse.up();
    await expect.poll(() => modal().innerText(), WAIT).toContain('FND_HOSTILE');
    expect(await button.getAttribute('data-probe')).toBe('before-update');
    await screenshot('click-across-update');
    await page.keyboard.press('Escape');
    await expect.poll(() => modal().count(), WAIT).toBe(0);
  }, 240_000);

  // Over 3 s by nature: the roll-up's window and listing run in the demo's processes, on real time.
  it('a burst of 120 alerts becomes one roll-up: a summary with its actions, every finding listed once (13)', async () => {
    const before = new Set(demo.tenant.findings.all(Date.now()).map((f) => f.id));
    await page.locator('#burst').click();
    const summary = channel().locator('> .msg', { hasText: 'arrived in a burst' });
    await expect.poll(() => summary.count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => summary.innerText(), WAIT).toContain('Review…');
    const burst = demo.tenant.findings.all(Date.now()).filter((f) => !before.has(f.id));
    expect(burst).toHaveLength(120);
    const shows = (id: string) =>
      demo.slack.messages.filter(
        (m) => m.channel === CHANNEL && JSON.stringify(m.blocks ?? []).includes(`\`${id}\``),
      ).length;
    await expect.poll(() => burst.filter((f) => shows(f.id) === 0).length, { timeout: 60_000 }).toBe(0);
    expect(burst.filter((f) => shows(f.id) !== 1).map((f) => f.id)).toEqual([]);
    expect(demo.slack.rateLimits.total()).toBeLessThanOrEqual(2);
    await summary.scrollIntoViewIfNeeded();
    await screenshot('rollup');
  }, 120_000);
});
