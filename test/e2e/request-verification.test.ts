import { blockActionBody, postSigned, slackSignature, slashCommandBody } from '@warden/simulators';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, type Harness, settle, startHarness } from '../helpers/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const tenantCalls = () => h.tenant.requests.filter((r) => r.path.startsWith('/api/'));
const slackCalls = () => h.slack.calls.filter((c) => c.method !== 'auth.test');

function reopenBody(teamId = ALICE.teamId) {
  return blockActionBody(
    { ...ALICE, teamId },
    {
      actionId: 'finding.reopen',
      value: 'FND_SNOOZED',
      messageTs: '1763800000.000100',
      triggerId: h.slack.issueTriggerId(),
      responseUrl: h.slack.responseUrl(),
    },
  );
}

async function expectNothingDone() {
  await settle(300);
  expect(tenantCalls()).toHaveLength(0);
  expect(slackCalls()).toHaveLength(0);
  expect(h.tenant.findings.get('FND_SNOOZED', Date.now())?.state).toBe('FINDING_STATE_SNOOZED');
}

describe('request verification', () => {
  it('refuses a bad signature with 401 and does nothing', async () => {
    const res = await postSigned(h.url, reopenBody(), h.signingSecret, { signature: `v0=${'0'.repeat(64)}` });
    expect(res.status).toBe(401);
    await expectNothingDone();
  });

  it('refuses a body signed with another secret', async () => {
    const res = await postSigned(h.url, reopenBody(), 'not-the-signing-secret');
    expect(res.status).toBe(401);
    await expectNothingDone();
  });

  it('refuses a body altered after signing', async () => {
    const body = reopenBody();
    const ts = Math.floor(Date.now() / 1000);
    const signature = slackSignature(h.signingSecret, ts, body);
    const res = await postSigned(h.url, body.replace('FND_SNOOZED', 'FND_SUPPRESSED'), h.signingSecret, {
      timestamp: ts,
      signature,
    });
    expect(res.status).toBe(401);
    await expectNothingDone();
  });

  it('refuses a correctly signed request more than 5 minutes old (a replay)', async () => {
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    const res = await postSigned(h.url, reopenBody(), h.signingSecret, { timestamp: old });
    expect(res.status).toBe(401);
    await expectNothingDone();
  });

  it('refuses a correctly signed request an hour in the future (Bolt checks only the past)', async () => {
    const ahead = Math.floor(Date.now() / 1000) + 60 * 60;
    const res = await postSigned(h.url, reopenBody(), h.signingSecret, { timestamp: ahead });
    expect(res.status).toBe(401);
    await expectNothingDone();
  });

  it('accepts a clock 4 minutes ahead, within Slack’s 300 s', async () => {
    const ahead = Math.floor(Date.now() / 1000) + 4 * 60;
    const res = await postSigned(h.url, reopenBody(), h.signingSecret, { timestamp: ahead });
    expect(res.status).toBe(200);
  });

  it('refuses a request without signature headers', async () => {
    const { request } = await import('undici');
    const res = await request(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: reopenBody(),
    });
    expect(res.statusCode).toBe(401);
    await res.body.dump();
    await expectNothingDone();
  });

  it('acks a signed request from another workspace, does nothing, tells the person why and logs it', async () => {
    const res = await postSigned(h.url, reopenBody('T0OTHER'), h.signingSecret);
    expect(res.status).toBe(200);
    await settle(300);
    expect(tenantCalls()).toHaveLength(0);
    // No silent door (issue 36): the one call is the answer on the click's response_url.
    expect(slackCalls().map((c) => c.method)).toEqual(['response_url']);
    expect(JSON.stringify(slackCalls()[0]?.args)).toContain('Warden is not installed in your workspace');
    expect(h.tenant.findings.get('FND_SNOOZED', Date.now())?.state).toBe('FINDING_STATE_SNOOZED');
    expect(h.logs.join('')).toMatch(/request from another workspace refused.*|"team":"T0OTHER"/);
  });

  it('ignores a slash command from another workspace', async () => {
    const body = slashCommandBody(
      { ...ALICE, teamId: 'T0OTHER' },
      { text: 'reopen FND_SNOOZED', triggerId: h.slack.issueTriggerId(), responseUrl: h.slack.responseUrl() },
    );
    expect((await postSigned(h.url, body, h.signingSecret)).status).toBe(200);
    await expectNothingDone();
  });

  it('never writes a token or secret to the log', async () => {
    await h.command('snooze FND_SA_UNOWNED 7d vendor');
    await h.command('show FND_NOPE');
    await settle(500);
    const log = h.logs.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [
      h.slack.botToken,
      h.signingSecret,
      h.tenant.credentials.clientSecret,
      h.tenant.credentials.staticToken,
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/Bearer [A-Za-z0-9_-]{16,}/);
  });
});
