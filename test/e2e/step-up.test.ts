import {
  createLocalIdp,
  followStepUpLink,
  type IdpPerson,
  type LocalIdp,
  simulatorEnv,
  TinyBrowser,
} from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { parseConfigFile } from '../../src/config-file.js';
import { createLogger } from '../../src/logger.js';
import { runOnlineChecks } from '../../src/wiring/online-checks.js';
import { ALICE, BOB, freePort, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';

/**
 * Step-up verification end to end: Warden's real receiver, the local Slack, the simulated tenant
 * and the local OpenID Connect provider, over loopback. A configured action sends nothing to the
 * tenant until the person who clicked signs in afresh, strongly, as themselves.
 */

const start = harnessPerTest({ lane: 'inprocess' });
const idps: LocalIdp[] = [];
afterEach(async () => {
  for (const idp of idps.splice(0)) await idp.close();
});

const LINK = /<(http:\/\/127\.0\.0\.1:\d+\/verify\/[A-Za-z0-9_-]+)\|/;

/** A Warden whose suppress and reopen need a fresh sign-in with a second factor (acr mfa). */
async function stepUpWarden(opts: { clock?: () => number; people?: IdpPerson[] } = {}) {
  const { people, ...harness } = opts;
  const port = await freePort();
  const idp = await createLocalIdp({
    redirectUris: [`http://127.0.0.1:${port}/verify/callback`],
    ...(people ? { people } : {}),
  });
  idps.push(idp);
  const file = parseConfigFile(
    `stepUp:\n  actions: [suppress, reopen]\n  oidc: { issuer: "${idp.url}", clientId: ${idp.clientId}, acr: mfa }\n`,
    'step-up.yaml',
  );
  const h = await start({ port, file, env: { WARDEN_OIDC_CLIENT_SECRET: idp.clientSecret }, ...harness });
  return { h, idp };
}

const stateOf = (h: Harness, id: string) => h.tenant.findings.get(id, Date.now())?.state;

/** Suppress from the card's form; returns the link Warden sent privately. */
async function suppressHeld(h: Harness, findingId = 'FND_SIMILAR_USER') {
  const ts = await h.postAlert(findingId);
  const form = await h.openForm('finding.suppress', findingId, ts);
  await form.submit({ Why: 'False positive', Reason: 'test accounts' });
  const told = await h.nextEphemeral(ALICE.userId);
  expect(told.text).toMatch(/verify it is you/);
  const link = LINK.exec(told.text)?.[1];
  if (!link) throw new Error('no link in the message');
  return { ts, link };
}

async function audited(h: Harness, findingId: string) {
  return (await h.warden.store.auditLog({ findingId, limit: 20 })).map((e) => `${e.action}:${e.outcome}`);
}

describe('step-up verification', () => {
  it('holds a configured action until a fresh sign-in, then sends it; the thread says verified at', async () => {
    const { h, idp } = await stepUpWarden();
    const { ts, link } = await suppressHeld(h);
    await settle(300);
    expect(h.stateChanges()).toHaveLength(0);
    expect(stateOf(h, 'FND_SIMILAR_USER')).not.toBe('FINDING_STATE_SUPPRESSED');

    const page = await followStepUpLink(link, {
      email: 'alice@acme.example',
      amr: ['pwd', 'mfa'],
      acr: 'mfa',
    });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/Verified/);
    expect(idp.signIns).toHaveLength(1);
    await waitFor(() => stateOf(h, 'FND_SIMILAR_USER') === 'FINDING_STATE_SUPPRESSED', 10_000, 'the change');
    expect(h.stateChanges()).toHaveLength(1);
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1);
    expect(h.slack.thread('C0SECOPS', ts)[0]?.text).toMatch(/suppressed this .*\(verified at <!date\^/);
    expect((await h.nextEphemeral(ALICE.userId)).text).toMatch(/Verified at/);
    const log = await audited(h, 'FND_SIMILAR_USER');
    expect(log).toEqual(
      expect.arrayContaining(['stepUp.suppress:requested', 'stepUp.suppress:ok', 'suppress:ok']),
    );
    const entries = await h.warden.store.auditLog({ findingId: 'FND_SIMILAR_USER', limit: 20 });
    const change = entries.find((e) => e.action === 'suppress' && e.outcome === 'ok');
    expect(change?.params).toMatchObject({ verifiedAt: expect.any(String) });
    const metrics = await h.warden.metrics.registry.metrics();
    expect(metrics).toMatch(/warden_step_ups_total\{action="suppress",outcome="passed",reason=""\} 1/);
    expect(h.logs.join('')).not.toMatch(/alice@acme\.example/);
    expect(h.logs.join('')).not.toContain(link.split('/').at(-1));

    // The same link again: its page says it was used (a look tells nothing more), nothing more sent.
    const again = await new TinyBrowser().open(link);
    expect(again.status).toBe(403);
    expect(again.text).toMatch(/already used/);
    expect(h.stateChanges()).toHaveLength(1);
  });

  it('actions without step-up stay one click', async () => {
    const { h } = await stepUpWarden();
    const ts = await h.postAlert('FND_NHI_UNOWNED');
    const form = await h.openForm('finding.resolve', 'FND_NHI_UNOWNED', ts);
    await form.submit({ Why: 'Fixed' });
    await waitFor(() => stateOf(h, 'FND_NHI_UNOWNED') === 'FINDING_STATE_RESOLVED', 10_000, 'the change');
    expect(h.slack.ephemerals.some((e) => /verify it is you/.test(e.text))).toBe(false);
  });

  it('a one-click action configured for step-up (Reopen) waits too', async () => {
    const { h } = await stepUpWarden();
    const ts = await h.postAlert('FND_SNOOZED');
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    expect((await h.nextEphemeral(ALICE.userId)).text).toMatch(
      /To reopen finding `FND_SNOOZED`, verify it is you/,
    );
    await settle(200);
    expect(h.stateChanges()).toHaveLength(0);
  });
});

describe('--check-config --online with stepUp', () => {
  it('tries the identity provider’s discovery and says whether it answered', async () => {
    const { h, idp } = await stepUpWarden();
    const env = {
      ...simulatorEnv({ tenant: h.tenant, slack: h.slack }),
      WARDEN_PUBLIC_URL: h.base,
      WARDEN_OIDC_CLIENT_SECRET: idp.clientSecret,
    };
    const yaml = (issuer: string) =>
      parseConfigFile(
        `stepUp:\n  actions: [suppress]\n  oidc: { issuer: "${issuer}", clientId: warden }\n`,
        'c.yaml',
      );
    const logger = createLogger('silent');
    const good = await runOnlineChecks(loadConfig(env), logger, yaml(idp.url));
    expect(good.at(-1)).toEqual({
      ok: true,
      text: `Identity provider: ${idp.url} answered its discovery document.`,
    });
    const bad = await runOnlineChecks(loadConfig(env), logger, yaml(`http://127.0.0.1:${await freePort()}`));
    expect(bad.at(-1)?.ok).toBe(false);
    expect(JSON.stringify(bad)).not.toContain(idp.clientSecret);
  });
});

describe('step-up refusals: refused, audited, the person told, nothing sent', () => {
  async function refusedWith(h: Harness, pattern: RegExp) {
    expect((await h.nextEphemeral(ALICE.userId)).text).toMatch(pattern);
    await settle(200);
    expect(h.stateChanges()).toHaveLength(0);
    expect(await audited(h, 'FND_SIMILAR_USER')).toContain('stepUp.suppress:refused');
    const metrics = await h.warden.metrics.registry.metrics();
    expect(metrics).toMatch(/warden_step_ups_total\{action="suppress",outcome="refused",reason="\w+"\} 1/);
  }

  it('another person’s link: Bob signs in with the link Alice was sent', async () => {
    const { h } = await stepUpWarden();
    const { link } = await suppressHeld(h);
    const page = await followStepUpLink(link, { email: 'bob@acme.example' });
    expect(page.status).toBe(403);
    expect(page.text).toMatch(/not the Slack person the link was sent to/);
    await refusedWith(h, /not the Slack person the link was sent to/);
    // Alice's own sign-in afterwards cannot use it either: the link is spent.
    expect((await followStepUpLink(link, { email: 'alice@acme.example' })).text).toMatch(/already used/);
    expect(h.stateChanges()).toHaveLength(0);
    expect(BOB.userId).not.toBe(ALICE.userId);
  });

  it('an email the provider has not verified', async () => {
    const { h } = await stepUpWarden({
      people: [{ email: 'alice@acme.example', name: 'Alice', unverified: true }],
    });
    const { link } = await suppressHeld(h);
    const page = await followStepUpLink(link, { email: 'alice@acme.example' });
    expect(page.text).toMatch(/has not verified the email address/);
    await refusedWith(h, /has not verified the email address/);
  });

  it('a person whose email Slack does not show cannot be matched', async () => {
    const { h } = await stepUpWarden();
    h.slack.hideEmail(ALICE.userId);
    const { link } = await suppressHeld(h);
    const page = await followStepUpLink(link, { email: 'alice@acme.example' });
    expect(page.text).toMatch(/does not show Warden your email/);
    await refusedWith(h, /does not show Warden your email/);
  });

  it('an expired link (past 5 minutes)', async () => {
    let offset = 0;
    const { h } = await stepUpWarden({ clock: () => Date.now() + offset });
    const { link } = await suppressHeld(h);
    offset = 5 * 60_000 + 1_000;
    const page = await new TinyBrowser().open(link);
    expect(page.text).toMatch(/expired/);
    await refusedWith(h, /expired/);
  });

  it('the identity provider’s error (the person cancelled)', async () => {
    const { h } = await stepUpWarden();
    const { link } = await suppressHeld(h);
    const page = await followStepUpLink(link, { email: 'alice@acme.example', cancel: true });
    expect(page.text).toMatch(/did not complete the sign-in/);
    await refusedWith(h, /did not complete the sign-in/);
  });

  it('a weaker sign-in than configured (no second factor)', async () => {
    const { h } = await stepUpWarden();
    const { link } = await suppressHeld(h);
    const page = await followStepUpLink(link, { email: 'alice@acme.example', amr: ['pwd'], acr: 'pwd' });
    expect(page.text).toMatch(/not as strong as required/);
    await refusedWith(h, /not as strong as required/);
  });

  it('a remembered, older sign-in instead of a fresh one', async () => {
    const { h } = await stepUpWarden();
    const { link } = await suppressHeld(h);
    const page = await followStepUpLink(link, { email: 'alice@acme.example', authAgeSeconds: 3_600 });
    expect(page.text).toMatch(/not a fresh one/);
    await refusedWith(h, /not a fresh one/);
  });

  it('an answer that is not the provider’s (a forged callback) is refused without sending anything', async () => {
    const { h } = await stepUpWarden();
    await suppressHeld(h);
    const page = await new TinyBrowser().open(`${h.base}/verify/callback?code=forged&state=forged`);
    expect(page.status).toBe(403);
    await settle(200);
    expect(h.stateChanges()).toHaveLength(0);
  });
});
