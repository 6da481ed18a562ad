import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLocalIdp,
  createLocalSlack,
  followStepUpLink,
  type LocalIdp,
  type LocalSlack,
  postFlood,
  type SandboxTenant,
  type SlackActor,
  type SlackMessage,
} from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { RollupId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { buttonValue } from '../helpers/blocks.js';
import { ALICE, BOB, freePort, type Harness, settle, startHarness, waitFor } from '../helpers/harness.js';
import { startSandbox } from '../helpers/tenant.js';

/**
 * Step-up verification on each kind of gated action: a four-eyes approval (the approver signs
 * in), accept risk from a severity up, a bulk change over N findings, and a held action that
 * outlives a restart. Real receiver, local Slack, simulated tenant, local identity provider.
 */

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

const LINK = /<(http:\/\/127\.0\.0\.1:\d+\/verify\/[A-Za-z0-9_-]+)\|/;
const FOUR_EYES = 'permissions:\n  acceptRisk: { approvers: S0SECLEADS }\n';
const EMAIL: Record<string, string> = { U0ALICE: 'alice@acme.example', U0BOB: 'bob@acme.example' };

async function warden(
  yaml: string,
  o: {
    port?: number;
    dataDir?: string;
    tenant?: SandboxTenant;
    slack?: LocalSlack;
    idp?: LocalIdp;
    before?: string;
  } = {},
) {
  const port = o.port ?? (await freePort());
  const idp = o.idp ?? (await createLocalIdp({ redirectUris: [`http://127.0.0.1:${port}/verify/callback`] }));
  if (!o.idp) open.push(idp);
  const stepUp = `${o.before ?? ''}stepUp:\n${yaml}  oidc: { issuer: "${idp.url}", clientId: warden, acr: mfa }\n`;
  const h = await startHarness({
    port,
    file: parseConfigFile(stepUp, 'gates.yaml'),
    env: { WARDEN_OIDC_CLIENT_SECRET: idp.clientSecret },
    ...(o.dataDir ? { dataDir: o.dataDir } : {}),
    ...(o.tenant ? { tenant: o.tenant } : {}),
    ...(o.slack ? { slack: o.slack } : {}),
    rollup: yaml.includes('bulkOver'),
  });
  open.push(h);
  return { h, idp, port };
}

async function linkFor(h: Harness, who: SlackActor) {
  const told = await waitFor(
    () => h.slack.ephemerals.find((e) => e.user === who.userId && LINK.test(e.text)),
    10_000,
    'the link',
  );
  return LINK.exec(told.text)?.[1] ?? '';
}

const verifyAs = (link: string, who: SlackActor) =>
  followStepUpLink(link, { email: EMAIL[who.userId] ?? '' });

const stateOf = (h: Harness, id: string) => h.tenant.findings.get(id, Date.now())?.state;

describe('step-up on each gated action', () => {
  it('four-eyes: the approver’s Approve waits for the approver’s own fresh sign-in', async () => {
    const { h: h2 } = await warden('  actions: [approve, deny]\n', { before: FOUR_EYES });
    const ts = await h2.postAlert('FND_UNUSED_SECRET');
    await h2.command('accept-risk FND_UNUSED_SECRET 3d break-glass secret, monitored by the SIEM');
    const request = await waitFor(
      () => h2.slack.thread('C0SECOPS', ts).find((m) => m.text.startsWith('Risk acceptance request')),
      10_000,
      'the request',
    );
    // The request itself was one click: only the decision is gated.
    expect(h2.slack.ephemerals.some((e) => e.user === ALICE.userId && LINK.test(e.text))).toBe(false);
    const approvalId = JSON.stringify(request.blocks).match(/"value":"(apr_[a-z0-9]+)"/)?.[1] ?? '';
    const form = await h2.openForm('approval.approve', approvalId, ts, BOB);
    await form.submit({ Confirmation: true }, BOB);
    const link = await linkFor(h2, BOB);
    await settle(200);
    expect(h2.stateChanges()).toHaveLength(0);
    // Alice (the requester) cannot use the approver's link.
    expect((await verifyAs(link, ALICE)).text).toMatch(/not the Slack person/);
    expect(h2.stateChanges()).toHaveLength(0);
    // Bob approves again and verifies.
    const again = await h2.openForm('approval.approve', approvalId, ts, BOB);
    await again.submit({ Confirmation: true }, BOB);
    await waitFor(
      () => h2.slack.ephemerals.filter((e) => e.user === BOB.userId && LINK.test(e.text)).length === 2,
    );
    const second =
      LINK.exec(
        h2.slack.ephemerals.filter((e) => e.user === BOB.userId && LINK.test(e.text)).at(-1)?.text ?? '',
      )?.[1] ?? '';
    expect((await verifyAs(second, BOB)).text).toMatch(/Verified/);
    await waitFor(
      () => stateOf(h2, 'FND_UNUSED_SECRET') === 'FINDING_STATE_RISK_ACCEPTED',
      10_000,
      'accepted',
    );
    await waitFor(
      () => h2.slack.thread('C0SECOPS', ts).some((m) => /approved .* \(verified at/.test(m.text)),
      10_000,
      'the line',
    );
    expect(h2.stateChanges()).toHaveLength(1);
  });

  // Over 3 s at times: a sign-in at the local identity provider, which keeps real time.
  it('accept risk from a severity up: a critical finding waits, a low one is one click', async () => {
    const { h } = await warden('  acceptRiskFrom: high\n');
    await h.postAlert('FND_CRED_EXPOSED');
    await h.command('accept-risk FND_CRED_EXPOSED 3d rotated and monitored by the SIEM team');
    const link = await linkFor(h, ALICE);
    await settle(200);
    expect(h.stateChanges()).toHaveLength(0);
    await h.postAlert('FND_UNUSED_SECRET');
    await h.command('accept-risk FND_UNUSED_SECRET 3d break-glass secret, monitored by the SIEM');
    await waitFor(
      () => stateOf(h, 'FND_UNUSED_SECRET') === 'FINDING_STATE_RISK_ACCEPTED',
      10_000,
      'the low one',
    );
    expect(h.stateChanges()).toHaveLength(1);
    expect((await verifyAs(link, ALICE)).text).toMatch(/Verified/);
    await waitFor(
      () => stateOf(h, 'FND_CRED_EXPOSED') === 'FINDING_STATE_RISK_ACCEPTED',
      10_000,
      'the critical one',
    );
  });

  // Over 3 s at times: a sign-in at the local identity provider, which keeps real time.
  it('a bulk change over N findings waits; the verified change goes in bulk', async () => {
    const rollup = 'delivery:\n  rollup: { threshold: 5, window: 30s, updateEvery: 1s }\n';
    const { h } = await warden('  bulkOver: 3\n', { before: rollup });
    const channel = 'C0ALERTS';
    await postFlood(
      { tenant: h.tenant, wardenUrl: h.base, alertsSecret: 'test-alerts-webhook-secret' },
      8,
      () => 'FINDING_SEVERITY_MEDIUM',
    );
    const summary = await waitFor(
      () =>
        h.slack.messages.find(
          (m: SlackMessage) =>
            m.channel === channel && JSON.stringify(m.blocks ?? []).includes(RollupId.review),
        ),
      20_000,
      'the roll-up',
    );
    const groupId = buttonValue(summary.blocks, RollupId.review);
    await h.click(RollupId.snoozeAll, groupId, summary.ts);
    await (await h.form('bulk.snooze')).submit({ Reason: 'scanner noise after the connector upgrade' });
    const link = await linkFor(h, ALICE);
    await settle(300);
    expect(h.tenant.requests.filter((r) => r.path.includes('/bulk/'))).toHaveLength(0);
    expect((await verifyAs(link, ALICE)).text).toMatch(/Verified/);
    const reply = await waitFor(
      () =>
        h.slack.thread(channel, summary.ts).find((m) => /snoozed \d+ (of \d+ )?findings/.test(m.text ?? '')),
      20_000,
      'the bulk reply',
    );
    expect(reply.text).toMatch(/\(verified at/);
    expect(h.tenant.requests.filter((r) => r.path === '/api/v1/findings/bulk/state').length).toBeGreaterThan(
      0,
    );
  });

  it('a held action outlives a restart: the new process takes the link and sends it once', async () => {
    const tenant = await startSandbox();
    const slack = await createLocalSlack();
    const dataDir = mkdtempSync(join(tmpdir(), 'warden-stepup-'));
    open.push({ close: async () => rmSync(dataDir, { recursive: true, force: true }) }, slack, tenant);
    const first = await warden('  actions: [suppress]\n', { dataDir, tenant, slack });
    const ts = await first.h.postAlert('FND_SIMILAR_USER');
    const form = await first.h.openForm('finding.suppress', 'FND_SIMILAR_USER', ts);
    await form.submit({ Why: 'False positive', Reason: 'test accounts' });
    const link = await linkFor(first.h, ALICE);
    await first.h.close();
    open.splice(open.indexOf(first.h), 1);
    const second = await warden('  actions: [suppress]\n', {
      dataDir,
      tenant,
      slack,
      port: first.port,
      idp: first.idp,
    });
    expect((await verifyAs(link, ALICE)).text).toMatch(/Verified/);
    await waitFor(
      () => stateOf(second.h, 'FND_SIMILAR_USER') === 'FINDING_STATE_SUPPRESSED',
      10_000,
      'the change',
    );
    expect(second.h.stateChanges()).toHaveLength(1);
  });
});
