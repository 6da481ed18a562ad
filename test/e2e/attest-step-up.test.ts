import { createLocalIdp, followStepUpLink, type LocalIdp } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import {
  ATTEST_CONFIG,
  alert,
  askValue,
  auditOf,
  inDm,
  json,
  question,
  seedAttest,
} from '../helpers/attest.js';
import { ALICE, freePort, harnessPerTest, settle, waitFor } from '../helpers/harness.js';

/**
 * Issue 28: an attestation answer step-up covers (`attest.<findingType>.<answer>`, here *Yes, this
 * was me* on a decoy credential) is taken only from a fresh sign-in as the person asked: until
 * then nothing is recorded; after it, the answer is on the card and in the audit log, verified.
 */
const start = harnessPerTest({ lane: 'inprocess' });
const idps: LocalIdp[] = [];
afterEach(async () => {
  for (const idp of idps.splice(0)) await idp.close();
});
const LINK = /<(http:\/\/127\.0\.0\.1:\d+\/verify\/[A-Za-z0-9_-]+)\|/;

async function attestWithStepUp() {
  const port = await freePort();
  const idp = await createLocalIdp({ redirectUris: [`http://127.0.0.1:${port}/verify/callback`] });
  idps.push(idp);
  const yaml = `${ATTEST_CONFIG}\nstepUp:\n  actions: [attest.decoyCredentialUsed.yes]\n  oidc: { issuer: "${idp.url}", clientId: ${idp.clientId} }\n`;
  const h = await start({
    port,
    file: parseConfigFile(yaml, 'attest-step-up.yaml'),
    env: { WARDEN_OIDC_CLIENT_SECRET: idp.clientSecret },
  });
  seedAttest(h);
  return h;
}

describe('attestation with step-up', () => {
  it('*Yes, this was me* on a decoy credential waits for a fresh sign-in; *No* does not', async () => {
    const h = await attestWithStepUp();
    const card = await alert(h, 'FND_ATT_DECOY');
    const q = await question(h, 'U0ALICE', 'FND_ATT_DECOY');
    await h.click('attest.answer.yes', askValue(q, 'yes'), q.ts, inDm(ALICE));
    const told = await h.nextEphemeral('U0ALICE');
    expect(told.text).toMatch(/verify it is you/);
    const link = LINK.exec(told.text)?.[1];
    if (!link) throw new Error('no link in the message');
    await settle(300);
    expect(await auditOf(h, 'FND_ATT_DECOY', 'attest.answer')).toHaveLength(0);
    expect(json(h.slack.messages.find((m) => m.ts === card.ts))).not.toContain('Yes, this was me');

    const page = await followStepUpLink(link, { email: 'alice@acme.example', amr: ['pwd', 'mfa'] });
    expect(page.status).toBe(200);
    await waitFor(
      async () => (await auditOf(h, 'FND_ATT_DECOY', 'attest.answer')).length === 1,
      10_000,
      'the answer recorded',
    );
    const [entry] = await auditOf(h, 'FND_ATT_DECOY', 'attest.answer');
    expect(entry).toMatchObject({
      user_id: 'U0ALICE',
      params: { answer: 'yes', verifiedAt: expect.anything() },
    });
    await waitFor(
      () =>
        json(h.slack.messages.find((m) => m.ts === card.ts)).includes('Asked <@U0ALICE>: *Yes, this was me*'),
      5_000,
      'the card line',
    );
    expect(h.stateChanges()).toHaveLength(0);
  });

  it('an answer step-up does not cover is taken at once', async () => {
    const h = await attestWithStepUp();
    await alert(h, 'FND_ATT_DECOY');
    const q = await question(h, 'U0ALICE', 'FND_ATT_DECOY');
    await h.click('attest.answer.no', askValue(q, 'no'), q.ts, inDm(ALICE));
    await waitFor(
      async () => (await auditOf(h, 'FND_ATT_DECOY', 'attest.answer')).length === 1,
      10_000,
      'the answer recorded',
    );
    expect(h.slack.ephemerals.some((e) => /verify it is you/.test(e.text))).toBe(false);
  });
});
