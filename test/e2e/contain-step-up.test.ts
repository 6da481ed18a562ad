import {
  containFindings,
  createLocalIdp,
  DECOY_SECRET,
  followStepUpLink,
  type LocalIdp,
  recordDecoyUses,
  SEED_IDS,
} from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { ContainId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, BOB, freePort, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';

/**
 * Containment with its defaults (issue 39): step-up and four-eyes on — the requester signs in
 * afresh (the local identity provider), then an approver approves, then one task. And a decoy's
 * uses in the thread: at most ten, newest first, never the material presented, never in a channel
 * shared with another organisation.
 */

const start = harnessPerTest({ lane: 'inprocess' });
const idps: LocalIdp[] = [];
afterEach(async () => {
  for (const idp of idps.splice(0)) await idp.close();
});
const LINK = /<(http:\/\/127\.0\.0\.1:\d+\/verify\/[A-Za-z0-9_-]+)\|/;
const CAROL = { ...BOB, userId: 'U0CAROL', userName: 'carol' };

async function defaultsWarden(more = ''): Promise<{ h: Harness; idp: LocalIdp }> {
  const port = await freePort();
  const idp = await createLocalIdp({ redirectUris: [`http://127.0.0.1:${port}/verify/callback`] });
  idps.push(idp);
  const file = parseConfigFile(
    `${more}permissions:\n  acceptRisk: { approvers: S0SECLEADS }\ncontain:\n  decoyCredentialUsed: { actions: [offboard] }\nstepUp:\n  actions: []\n  oidc: { issuer: "${idp.url}", clientId: ${idp.clientId}, acr: mfa }\n`,
    'contain.yaml',
  );
  const h = await start({ port, file, env: { WARDEN_OIDC_CLIENT_SECRET: idp.clientSecret } });
  for (const f of containFindings()) h.tenant.findings.put(f);
  const decoy = containFindings()[0];
  if (decoy) recordDecoyUses(h.tenant.findings.audit, decoy, 12, Date.now() - 3_600_000);
  return { h, idp };
}

const offboards = (h: Harness) => h.tenant.requests.filter((r) => r.path === '/api/v1/task/offboarding');

describe('containment with its defaults', () => {
  it('the decoy’s uses in the thread; the requester signs in afresh, an approver approves, one task', async () => {
    const { h } = await defaultsWarden();
    const ts = await h.postAlert('FND_CTN_DECOY');
    await h.click(ContainId.open, 'FND_CTN_DECOY', ts);
    const form = await h.form(ContainId.form);
    const uses = await waitFor(
      () => h.slack.thread('C0SECOPS', ts).find((m) => /Uses of this decoy/.test(JSON.stringify(m.blocks))),
      5_000,
      'the uses',
    );
    const shown = JSON.stringify(uses.blocks);
    expect(shown).toContain('10 of 12');
    expect((shown.match(/198\.51\.100\./g) ?? []).length).toBe(10);
    // Newest first: the twelfth use (index 11) is the first row.
    expect(shown.indexOf('198.51.100.21')).toBeLessThan(shown.indexOf('198.51.100.20'));
    expect(shown).not.toContain(DECOY_SECRET);
    expect(shown).not.toContain('<!channel>');
    expect(JSON.stringify(h.slack.messages)).not.toContain(DECOY_SECRET);
    await form.submit({ 'What to take away': 'Offboard Dave Doe', Why: 'Decoy used from an unknown host' });
    const told = await waitFor(
      () => h.slack.ephemerals.find((e) => /verify it is you/.test(e.text)),
      5_000,
      'the link',
    );
    const link = LINK.exec(told.text)?.[1];
    if (!link) throw new Error('no link');
    await settle(200);
    expect(offboards(h)).toHaveLength(0);
    const page = await followStepUpLink(link, {
      email: 'alice@acme.example',
      amr: ['pwd', 'mfa'],
      acr: 'mfa',
    });
    expect(page.status).toBe(200);
    const request = await waitFor(
      () => h.slack.thread('C0SECOPS', ts).find((m) => /asks to start offboarding/.test(m.text)),
      10_000,
      'the request',
    );
    expect(request.text).toMatch(/verified at/);
    const id = String(JSON.stringify(request.blocks).match(/ctn_[a-z0-9]+/)?.[0]);
    await h.click(ContainId.approve, id, request.ts, CAROL);
    await waitFor(() => offboards(h).length === 1, 5_000, 'the task');
    expect(JSON.parse(offboards(h)[0]?.body ?? '{}')).toMatchObject({ subjectUserId: SEED_IDS.users.dave });
    await settle(200);
    expect(offboards(h)).toHaveLength(1);
    expect(h.logs.join('')).not.toContain(DECOY_SECRET);
    expect(h.logs.join('')).not.toMatch(/dave@acme\.example/);
  });

  it('nothing of a decoy’s uses goes to a channel shared with another organisation', async () => {
    const { h } = await defaultsWarden();
    const ts = await h.postAlert('FND_CTN_DECOY');
    h.slack.shareExternally('C0SECOPS', true);
    await h.ports.connect?.changed('C0SECOPS', true);
    await h.click(ContainId.open, 'FND_CTN_DECOY', ts);
    const form = await h.form(ContainId.form);
    expect(JSON.stringify(form.view.view.blocks)).toMatch(/not shown: the alert is in a channel shared/);
    await settle(300);
    expect(JSON.stringify(h.slack.messages)).not.toMatch(/198\.51\.100\./);
    expect(JSON.stringify(h.slack.messages)).not.toContain(DECOY_SECRET);
    expect(ALICE.channelId).toBe('C0SECOPS');
  });

  it('a sign-in after the containment expired is told so, and sends nothing', async () => {
    const { h } = await defaultsWarden('approvals: { expireAfterHours: 0.02 }\n');
    const ts = await h.postAlert('FND_CTN_DECOY');
    await h.click(ContainId.open, 'FND_CTN_DECOY', ts);
    const form = await h.form(ContainId.form);
    await form.submit({ 'What to take away': 'Offboard Dave Doe', Why: 'Decoy used from an unknown host' });
    const told = await waitFor(
      () => h.slack.ephemerals.find((e) => /verify it is you/.test(e.text)),
      5_000,
      'the link',
    );
    const link = LINK.exec(told.text)?.[1];
    if (!link) throw new Error('no link');
    // Past its 72 s deadline (and a sweep), within the link's own five minutes.
    await h.clock.advance('2m');
    await waitFor(
      () => h.slack.thread('C0SECOPS', ts).some((m) => /expired without a decision/.test(m.text)),
      5_000,
      'expired in the thread',
    );
    // Signed in now by Warden's clock (the provider's runs on real time, 2 min behind).
    const page = await followStepUpLink(link, {
      email: 'alice@acme.example',
      amr: ['pwd', 'mfa'],
      acr: 'mfa',
      authAgeSeconds: -120,
    });
    expect(page.status).toBe(200);
    await waitFor(
      () => h.slack.ephemerals.some((e) => /expired without a decision: nothing was sent/.test(e.text)),
      5_000,
      'the requester told',
    );
    await settle(200);
    expect(offboards(h)).toHaveLength(0);
    expect(h.slack.thread('C0SECOPS', ts).some((m) => /asks to start offboarding/.test(m.text))).toBe(false);
  });
});
