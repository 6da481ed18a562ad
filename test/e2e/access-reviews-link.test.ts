import {
  createLocalIdp,
  eventCallbackBody,
  followStepUpLink,
  type LocalIdp,
  SEED_IDS,
} from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { linkAad } from '../../src/adapters/review-links.js';
import { ALICE, BOB } from '../helpers/actors.js';
import { freePort } from '../helpers/net.js';
import { link, type ReviewsRig, saidTo, startReviews, TOKEN_KEY } from '../helpers/reviews.js';
import { waitFor } from '../helpers/wait.js';

/**
 * Access reviews in Slack, linking (README "Access reviews in Slack"): `/warden link` runs the
 * tenant's device flow for the person and keeps a personal client named for them, sealed; the
 * tenant user must be the person Slack's email maps to; an expired or denied flow keeps nothing;
 * `/warden unlink` deletes the client at the tenant; a person deactivated in Slack is unlinked.
 */

let rig: ReviewsRig | undefined;
let idp: LocalIdp | undefined;
afterEach(async () => {
  await rig?.close();
  await idp?.close();
  rig = undefined;
  idp = undefined;
});

describe('linking a reviewer', () => {
  it('runs the device flow, checks the person, and keeps a personal client named for them, sealed to its row', async () => {
    rig = await startReviews();
    const { h, tenant } = rig;
    const said = await link(h, ALICE, SEED_IDS.users.alice);
    expect(said).toMatch(/Linked/);
    const [client] = tenant.personalClients.all();
    expect(client).toMatchObject({
      userId: SEED_IDS.users.alice,
      displayName: 'Created by Warden for @alice',
    });
    // Polled as the flow says: never sooner than the interval (no slow_down earned).
    expect(tenant.deviceFlow.all()[0]?.slowDowns).toBe(0);
    // Sealed in the store, bound to its row: neither the secret nor the client id in clear.
    const rows = await h.warden.store.reviewLinks();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.identityUserId).toBe(SEED_IDS.users.alice);
    expect(row?.sealed).not.toContain(client?.clientId ?? '?');
    expect(row?.sealed.startsWith('v2.')).toBe(true);
    const { TokenCipher } = await import('../../src/slack/token-cipher.js');
    const { Secret } = await import('../../src/secret.js');
    const cipher = new TokenCipher(new Secret(TOKEN_KEY));
    expect(() => cipher.decrypt(row?.sealed ?? '', linkAad(row?.team ?? '', 'U0BOB'))).toThrow();
    expect(cipher.decrypt(row?.sealed ?? '', linkAad(row?.team ?? '', 'U0ALICE')).plain).toContain(
      client?.clientId,
    );
    // No log line carries the secret.
    expect(h.logs.join('\n')).not.toContain('secret-token:conductorone.com');
  });

  it('refuses a tenant account that is not the person Slack knows, and keeps nothing', async () => {
    rig = await startReviews();
    const said = await link(rig.h, ALICE, SEED_IDS.users.bob);
    expect(said).toMatch(/not the one your Slack email belongs to/);
    expect(rig.tenant.personalClients.all()).toHaveLength(0);
    expect(await rig.h.warden.store.reviewLinks()).toHaveLength(0);
  });

  it('tells of a denied or expired sign-in and keeps nothing', async () => {
    rig = await startReviews();
    expect(await link(rig.h, ALICE, 'deny')).toMatch(/denied/);
    rig.tenant.deviceFlow.options.expiresIn = 12;
    expect(await link(rig.h, BOB, 'none')).toMatch(/expired/);
    expect(rig.tenant.personalClients.all()).toHaveLength(0);
    expect(await rig.h.warden.store.reviewLinks()).toHaveLength(0);
  });

  it('slows down when the tenant says slow_down (5 s more between polls, RFC 8628 §3.5)', async () => {
    rig = await startReviews();
    const { h, tenant } = rig;
    tenant.deviceFlow.options.interval = 10;
    await h.command('link', ALICE);
    await saidTo(h, ALICE.userId, /sign in to the tenant/);
    const grant = await waitFor(() => tenant.deviceFlow.all()[0], 5_000, 'the grant');
    // Warden waits the 10 s the flow asks: polled once per interval, never sooner.
    await waitFor(
      async () => {
        await h.clock.advance('10s');
        return grant.polls >= 2 ? true : undefined;
      },
      8_000,
      'two polls',
    );
    expect(grant.slowDowns).toBe(0);
    // The tenant now wants 15 s: Warden's next poll (10 s on) is answered slow_down...
    grant.interval = 15;
    grant.lastPollAt = h.clock.now();
    const polls = grant.polls;
    // (Small steps: the poll in flight registers its next wait when its answer is in.)
    await waitFor(
      async () => {
        await h.clock.advance('2s');
        return grant.polls > polls ? true : undefined;
      },
      8_000,
      'a poll',
    );
    expect(grant.slowDowns).toBe(1);
    // ...and Warden then waits 15 s: 8 s on, no poll yet.
    for (let i = 0; i < 4; i++) {
      await h.clock.advance('2s');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(grant.polls).toBe(polls + 1);
    tenant.deviceFlow.approve(grant.userCode, SEED_IDS.users.alice);
    await waitFor(
      async () => {
        await h.clock.advance('2s');
        return h.slack.ephemerals.some((e) => e.user === ALICE.userId && /Linked/.test(e.text))
          ? true
          : undefined;
      },
      8_000,
      'linked',
    );
    expect(grant.slowDowns).toBe(1);
  });

  it('/warden unlink deletes the personal client at the tenant and forgets it; deactivated in Slack unlinks too', async () => {
    rig = await startReviews();
    const { h, tenant } = rig;
    await link(h, ALICE, SEED_IDS.users.alice);
    await h.command('unlink', ALICE);
    await saidTo(h, ALICE.userId, /Unlinked: Warden deleted your personal credential/);
    expect(tenant.personalClients.all()[0]?.deletedAt).toBeDefined();
    expect(await h.warden.store.reviewLinks()).toHaveLength(0);

    await link(h, BOB, SEED_IDS.users.bob);
    const bobClient = tenant.personalClients.all().find((c) => c.userId === SEED_IDS.users.bob);
    // Slack says Bob was deactivated (the local Slack answers users.info so from now on too).
    await h.send(
      JSON.stringify(
        eventCallbackBody('T0WARDEN', { type: 'user_change', user: { id: 'U0BOB', deleted: true } }),
      ),
      { json: true },
    );
    await waitFor(
      async () => ((await h.warden.store.reviewLinks()).length === 0 ? true : undefined),
      8_000,
      'unlinked',
    );
    expect(bobClient?.deletedAt).toBeDefined();
  });

  it('with step-up configured, a fresh sign-in at the organisation’s provider comes before the device flow', async () => {
    const port = await freePort();
    idp = await createLocalIdp({ redirectUris: [`http://127.0.0.1:${port}/verify/callback`] });
    rig = await startReviews({
      yaml: `stepUp:\n  oidc: { issuer: "${idp.url}", clientId: ${idp.clientId} }\n`,
      harness: { port },
      env: { WARDEN_OIDC_CLIENT_SECRET: idp.clientSecret },
    });
    const { h, tenant } = rig;
    await h.command('link', ALICE);
    const held = await saidTo(h, ALICE.userId, /verify it is you/);
    expect(held).toContain('link your tenant account to Warden');
    expect(tenant.deviceFlow.all()).toHaveLength(0);
    const url = /<(http:\/\/127\.0\.0\.1:\d+\/verify\/[A-Za-z0-9_-]+)\|/.exec(held)?.[1] ?? '';
    await followStepUpLink(url, { email: 'alice@acme.example' });
    await saidTo(h, ALICE.userId, /sign in to the tenant/);
    const grant = await waitFor(() => tenant.deviceFlow.all()[0], 5_000, 'the grant');
    tenant.deviceFlow.approve(grant.userCode, SEED_IDS.users.alice);
    await waitFor(
      async () => {
        await h.clock.advance('6s');
        return h.slack.ephemerals.some((e) => e.user === ALICE.userId && /Linked/.test(e.text)) || undefined;
      },
      10_000,
      'linked',
    );
    const audit = (await h.warden.store.auditLog({ userId: ALICE.userId, limit: 20 })).map(
      (e) => `${e.action}:${e.outcome}`,
    );
    expect(audit).toContain('stepUp.review.link:ok');
    expect(audit).toContain('review.link:ok');
  });

  it('a person disabled in the tenant is unlinked by the next sweep', async () => {
    rig = await startReviews({ yaml: '  sweepEvery: 1m\n' });
    const { h, tenant } = rig;
    await link(h, ALICE, SEED_IDS.users.alice);
    const alice = tenant.users.get(SEED_IDS.users.alice);
    if (alice) alice.status = 'DISABLED';
    await waitFor(
      async () => {
        await h.clock.advance('61s');
        return (await h.warden.store.reviewLinks()).length === 0 || undefined;
      },
      10_000,
      'unlinked',
    );
    const audit = (await h.warden.store.auditLog({ userId: ALICE.userId, limit: 20 })).map((e) =>
      JSON.stringify(e.params),
    );
    expect(audit.some((p) => p.includes('"why":"deactivated"'))).toBe(true);
  });
});
