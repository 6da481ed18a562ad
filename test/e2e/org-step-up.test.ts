import {
  createLocalIdp,
  createLocalSlack,
  followStepUpLink,
  type LocalIdp,
  ORG,
  ORG_PEOPLE,
} from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { freePort, harnessPerTest, waitFor } from '../helpers/harness.js';
import { oauthEnv } from '../helpers/oauth-env.js';
import { defineSteps } from '../helpers/workflow.js';

/**
 * Step-up verification with several workspaces installed one by one (each its own token): an
 * action held for a fresh sign-in in workspace Bravo resumes, after the sign-in, with Bravo's ports
 * — the person told, the change's card and thread reply sent with Bravo's token, never Alpha's.
 */

const [A, B] = ORG.teams;
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closing.splice(0)) await c();
});
const startOne = harnessPerTest();
const LINK = /<(http:\/\/127\.0\.0\.1:\d+\/verify\/[A-Za-z0-9_-]+)\|/;

const get = (url: string, cookie?: string) =>
  fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** A Warden installed by OAuth in Alpha and Bravo, with step-up on `actions`; bea of Bravo. */
async function orgWithStepUp(actions: string) {
  const port = await freePort();
  const idp: LocalIdp = await createLocalIdp({
    redirectUris: [`http://127.0.0.1:${port}/verify/callback`],
    people: [{ email: 'bea@acme-corp.example', name: 'Bea' }],
  });
  const slack = await createLocalSlack();
  closing.push(
    () => idp.close(),
    () => slack.close(),
  );
  const yaml = `
workspaces:
  - { team: ${A.id}, enterprise: ${ORG.enterpriseId} }
  - { team: ${B.id}, enterprise: ${ORG.enterpriseId} }
routing:
  rules:
    - { when: { severities: [medium] }, channel: ${B.channel}, workspace: ${B.id} }
stepUp:
  actions: [${actions}]
  oidc: { issuer: "${idp.url}", clientId: ${idp.clientId}, acr: mfa }
`;
  const h = await startOne({
    port,
    slack,
    file: parseConfigFile(yaml, 'org.yaml'),
    env: {
      ...oauthEnv(slack),
      WARDEN_OIDC_CLIENT_SECRET: idp.clientSecret,
    },
  });
  for (const team of [A.id, B.id]) {
    const startAt = await get(`${h.base}/slack/install`);
    const cookie = (startAt.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const consent = await get(`${startAt.headers.get('location')}&team=${team}`);
    expect((await get(String(consent.headers.get('location')), cookie)).status).toBe(302);
  }
  const tokenOf = (team: string) => [...slack.org.tokens.values()].find((t) => t.teamId === team)?.token;
  const bea = {
    userId: ORG_PEOPLE[1].id,
    teamId: B.id,
    channelId: B.channel,
    enterprise: { id: ORG.enterpriseId, name: ORG.name },
  };
  return { h, slack, tokenOf, bea };
}

describe('step-up, workspace by workspace', () => {
  it('an action held for step-up in Bravo resumes with Bravo’s token', { timeout: 60_000 }, async () => {
    const { h, slack, tokenOf, bea } = await orgWithStepUp('reopen');
    // The card in Bravo's channel, shown by bea there; her Reopen is held for a fresh sign-in.
    await h.command('show FND_SNOOZED', bea);
    const card = await waitFor(
      () => slack.messages.find((m) => m.channel === B.channel && !m.thread_ts),
      10_000,
    );
    await h.click('finding.reopen', 'FND_SNOOZED', card.ts, bea);
    const told = await h.nextEphemeral(bea.userId);
    const link = LINK.exec(told.text)?.[1];
    if (!link) throw new Error('no link in the message');
    const since = Date.now();
    const page = await followStepUpLink(link, {
      email: 'bea@acme-corp.example',
      amr: ['pwd', 'mfa'],
      acr: 'mfa',
    });
    expect(page.status).toBe(200);
    await waitFor(
      () => h.tenant.findings.get('FND_SNOOZED', Date.now())?.state === 'FINDING_STATE_OPEN',
      10_000,
    );
    await waitFor(() => slack.thread(B.channel, card.ts).length === 1, 10_000, 'the thread reply');
    // Everything after the sign-in went with Bravo's token: told, card updated, thread replied.
    const after = slack.calls.filter((c) => c.at >= since && c.token);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((c) => c.token !== tokenOf(B.id)).map((c) => c.method)).toEqual([]);
  });

  it('a Workflow Builder step held for step-up in Bravo resumes and ends with Bravo’s token', {
    timeout: 60_000,
  }, async () => {
    const { h, slack, tokenOf, bea } = await orgWithStepUp('snooze');
    defineSteps(h);
    const inputs = { finding_id: 'FND_SA_UNOWNED', days: 7, reason: 'Change freeze', channel_id: B.channel };
    const { run, delivery } = slack.runStep(
      'snooze_finding',
      inputs,
      { url: h.url },
      {
        by: bea.userId,
        to: { teamId: B.id, enterpriseId: ORG.enterpriseId },
        retry: { retryDelaysMs: [] },
      },
    );
    expect((await delivery).delivered).toBe(true);
    const told = await h.nextEphemeral(bea.userId);
    const link = LINK.exec(told.text)?.[1];
    if (!link) throw new Error('no link in the message');
    expect(run.status).toBe('running');
    const since = Date.now();
    const page = await followStepUpLink(link, {
      email: 'bea@acme-corp.example',
      amr: ['pwd', 'mfa'],
      acr: 'mfa',
    });
    expect(page.status).toBe(200);
    await waitFor(() => run.status !== 'running', 10_000, 'the step to end');
    expect(run.status).toBe('completed');
    expect(h.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.state).toBe('FINDING_STATE_SNOOZED');
    // Ended, and everything after the sign-in sent, with Bravo's token: never Alpha's.
    expect(slack.callsOf('functions.completeSuccess').at(-1)?.token).toBe(tokenOf(B.id));
    const after = slack.calls.filter((c) => c.at >= since && c.token);
    expect(after.filter((c) => c.token !== tokenOf(B.id)).map((c) => c.method)).toEqual([]);
  });
});
