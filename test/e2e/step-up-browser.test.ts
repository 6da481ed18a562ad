import { followStepUpLink, formsOf, type Page, TinyBrowser } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { ALICE, settle, waitFor } from '../helpers/harness.js';
import { audited, stateOf, stepUpPerTest, suppressHeld } from '../helpers/step-up.js';

/**
 * A step-up link is the person's own, in their own browser (issue 36 items 1 and 5). Opening it
 * (GET, HEAD: a link checker, a preview fetcher) spends nothing; only the button on Warden's page
 * claims it, and that POST binds the sign-in to the browser that pressed it (an HttpOnly,
 * SameSite=Lax cookie set when the link was opened, RFC 9700 §4.7): a sign-in that comes back to
 * any other browser is refused, audited and told, and nothing is sent to the tenant. Warden's real
 * HTTP routes, the local identity provider, the local Slack and the simulated tenant.
 */

const start = stepUpPerTest();
const ALICE_SIGNS_IN = { email: 'alice@acme.example', amr: ['pwd', 'mfa'], acr: 'mfa' };

/** Where the provider was first asked (its authorization URL), as a browser went through it. */
function authorizationUrl(browser: TinyBrowser, issuer: string): string {
  const url = browser.history.find((u) => u.startsWith(`${issuer}/auth`));
  if (!url) throw new Error('the browser never reached the provider');
  return url;
}

describe('opening a step-up link spends nothing; the button does', () => {
  it('HEAD and GET leave the link usable; the POST of its button claims it once', async () => {
    const { h, idp } = await start();
    const { link } = await suppressHeld(h);
    const told = h.slack.ephemerals.length;

    // A link checker: HEAD, then GET, from a browser that presses nothing.
    const checker = new TinyBrowser();
    expect((await checker.head(link)).status).toBe(200);
    const page = await checker.open(link);
    expect(page.status).toBe(200);
    expect(page.url).toBe(link);
    expect(page.text).toMatch(/suppress finding FND_SIMILAR_USER/);
    expect(formsOf(page)).toEqual([{ action: link, fields: {}, button: 'Continue to sign in' }]);
    expect(checker.history.some((u) => u.startsWith(idp.url))).toBe(false);
    await settle(200);
    expect(h.slack.ephemerals).toHaveLength(told);
    expect(idp.signIns).toHaveLength(0);

    // The person's own browser: the page, the button, the sign-in.
    const mine = new TinyBrowser();
    const opened = await mine.open(link);
    const done = await followStepUpLink(link, ALICE_SIGNS_IN, mine);
    expect(done.text).toMatch(/Verified/);
    await waitFor(() => stateOf(h, 'FND_SIMILAR_USER') === 'FINDING_STATE_SUPPRESSED', 10_000, 'the change');

    // The button again, on the checker's page (its cookie set when it looked): spent, refused, told.
    const again = await checker.press(page);
    expect(again.status).toBe(403);
    expect(again.text).toMatch(/already used/);
    await waitFor(() =>
      h.slack.ephemerals.some((e) => /Verification refused: this link was already used/.test(e.text)),
    );
    // The person's own tab after the answer (its cookie cleared), or the link opened now: the page says so.
    expect((await mine.press(opened)).text).toMatch(/already used/);
    expect((await checker.open(link)).text).toMatch(/already used/);
    expect(h.stateChanges()).toHaveLength(1);
  });

  it('a POST that no page of Warden’s sent (another site’s form, no cookie) claims nothing', async () => {
    const { h } = await start();
    const { link } = await suppressHeld(h);
    const elsewhere: Page = { url: 'http://attacker.invalid/page', status: 200, text: '' };
    const forged = await new TinyBrowser().submit(link, {}, elsewhere);
    expect(forged.status).toBe(403);
    expect(forged.text).toMatch(/open the link from Slack again in this browser/);
    // Even from Warden's own origin, a POST without the cookie its page set claims nothing.
    const noCookie = await new TinyBrowser().submit(link, {}, { url: link, status: 200, text: '' });
    expect(noCookie.status).toBe(403);
    expect((await followStepUpLink(link, ALICE_SIGNS_IN)).text).toMatch(/Verified/);
    await waitFor(() => stateOf(h, 'FND_SIMILAR_USER') === 'FINDING_STATE_SUPPRESSED', 10_000, 'the change');
  });
});

describe('the sign-in must come back to the browser that opened the link', () => {
  it('completed by another browser (no cookie): refused, audited, told, nothing changes', async () => {
    const { h, idp } = await start();
    const { link } = await suppressHeld(h);
    // Someone with the person's Slack session opens the link and presses the button…
    const theirs = new TinyBrowser();
    await theirs.press(await theirs.open(link));
    // …and forwards the provider's sign-in page; the person signs in in their own browser.
    const page = await followStepUpLink(authorizationUrl(theirs, idp.url), ALICE_SIGNS_IN, new TinyBrowser());
    expect(idp.signIns).toHaveLength(1);
    expect(page.status).toBe(403);
    expect(page.text).toMatch(/came back to a different browser/);
    expect((await h.nextEphemeral(ALICE.userId)).text).toMatch(
      /Verification refused: the sign-in came back to a different browser/,
    );
    await settle(300);
    expect(h.stateChanges()).toHaveLength(0);
    expect(await audited(h, 'FND_SIMILAR_USER')).toContain('stepUp.suppress:refused');
    const metrics = await h.warden.metrics.registry.metrics();
    expect(metrics).toMatch(
      /warden_step_ups_total\{action="suppress",outcome="refused",reason="otherBrowser"\} 1/,
    );
    // The link is spent: the browser that opened it cannot finish it either.
    const late = await followStepUpLink(authorizationUrl(theirs, idp.url), ALICE_SIGNS_IN, theirs);
    expect(late.text).toMatch(/already used/);
    expect(h.stateChanges()).toHaveLength(0);
  });

  it('a cookie of the right name with another value (forged, or another link’s) is refused', async () => {
    const { h, idp } = await start();
    const { link } = await suppressHeld(h);
    const theirs = new TinyBrowser();
    await theirs.press(await theirs.open(link));
    const host = new URL(link).host;
    const forger = new TinyBrowser();
    for (const name of theirs.cookiesOf(host).keys()) forger.cookiesOf(host).set(name, 'A'.repeat(43));
    expect(forger.cookiesOf(host).size).toBe(1);
    const page = await followStepUpLink(authorizationUrl(theirs, idp.url), ALICE_SIGNS_IN, forger);
    expect(page.text).toMatch(/came back to a different browser/);
    await settle(300);
    expect(h.stateChanges()).toHaveLength(0);
  });

  it('the cookie is HttpOnly, SameSite=Lax, short-lived, and Secure (__Host-) when Warden is on https', async () => {
    const { h } = await start();
    const { link } = await suppressHeld(h);
    const res = await fetch(link);
    const [cookie = ''] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^warden_verify_[\w-]+=[\w-]{43}; /);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Max-Age=(\d{2,3})(;|$)/);
    expect(cookie).not.toMatch(/Secure/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');

    const { h: secure } = await start({ env: { WARDEN_PUBLIC_URL: 'https://warden.example' } });
    const held = await suppressHeld(secure);
    expect(held.link).toMatch(/^https:\/\/warden\.example\/verify\//);
    const local = held.link.replace('https://warden.example', secure.base);
    const [onHttps = ''] = (await fetch(local)).headers.getSetCookie();
    expect(onHttps).toMatch(/^__Host-warden_verify_[\w-]+=/);
    expect(onHttps).toMatch(/; Path=\/; /);
    expect(onHttps).toMatch(/; Secure/);
  });
});
