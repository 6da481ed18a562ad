import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLocalIdp,
  createLocalSlack,
  followStepUpLink,
  type LocalIdp,
  TinyBrowser,
} from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { expireHeldSteps } from '../../src/usecases/workflow-steps/workflow-step-up.js';
import {
  ALICE,
  freePort,
  type Harness,
  harnessPerTest,
  settle,
  startHarness,
  waitFor,
} from '../helpers/harness.js';
import { startSandbox } from '../helpers/tenant.js';
import { startStep } from '../helpers/workflow.js';

/**
 * Issue 29, item 1: a Workflow Builder step whose action needs step-up verification is held as a
 * click is — the person is sent the sign-in link privately and the step keeps running. A fresh,
 * strong sign-in as that person runs it (the change made, the step completed with the app's bot
 * token); a refused sign-in or an expired link fails it, and nothing changes.
 */

const start = harnessPerTest();
const idps: LocalIdp[] = [];
afterEach(async () => {
  for (const idp of idps.splice(0)) await idp.close();
});

const LINK = /<(http:\/\/127\.0\.0\.1:\d+\/verify\/[A-Za-z0-9_-]+)\|/;
const FINDING = 'FND_SA_UNOWNED';
const SNOOZE = { finding_id: FINDING, days: 7, reason: 'Change freeze' };
const ALICE_MFA = { email: 'alice@acme.example', amr: ['pwd', 'mfa'], acr: 'mfa' };
const stateOf = (h: Harness) => h.tenant.findings.get(FINDING, Date.now())?.state;

const config = (idp: LocalIdp) =>
  parseConfigFile(
    `stepUp:\n  actions: [snooze]\n  oidc: { issuer: "${idp.url}", clientId: ${idp.clientId}, acr: mfa }\n`,
    'step-up.yaml',
  );

async function stepUpWarden(clock?: () => number) {
  const port = await freePort();
  const idp = await createLocalIdp({ redirectUris: [`http://127.0.0.1:${port}/verify/callback`] });
  idps.push(idp);
  const file = config(idp);
  return start({
    port,
    file,
    env: { WARDEN_OIDC_CLIENT_SECRET: idp.clientSecret },
    ...(clock ? { clock } : {}),
  });
}

/** The step run as Alice: held, the link sent to her privately, the run still running. */
async function held(h: Harness) {
  const run = await startStep(h, 'snooze_finding', SNOOZE);
  const told = await h.nextEphemeral(ALICE.userId);
  expect(told.text).toMatch(/To snooze finding `FND_SA_UNOWNED`, verify it is you/);
  const link = LINK.exec(told.text)?.[1];
  if (!link) throw new Error('no link in the message');
  await settle(200);
  expect(run.status).toBe('running');
  expect(h.stateChanges()).toHaveLength(0);
  return { run, link };
}

/** The SQLite store's files as they are on disk (the database and its write-ahead log). */
const storeBytes = (h: Harness) =>
  readdirSync(h.dataDir)
    .map((f) => join(h.dataDir, f))
    .filter((f) => statSync(f).isFile())
    .map((f) => readFileSync(f).toString('latin1'))
    .join('');

async function nothingChanged(h: Harness) {
  await settle(200);
  expect(h.stateChanges()).toHaveLength(0);
  expect(stateOf(h)).toBe('FINDING_STATE_OPEN');
}

describe('Workflow Builder steps under step-up verification', () => {
  it('held until a fresh sign-in as the person; then the change is made and the step completed', async () => {
    const h = await stepUpWarden();
    const { run, link } = await held(h);
    // the held run is kept as Alice, without Slack's interactivity secret
    const secret = (run.inputs.interactivity as { interactor: { secret: string } }).interactor.secret;
    const stored = storeBytes(h);
    expect(stored).toContain('"interactivity":{"interactor":{"id":"U0ALICE"}}');
    expect(stored).not.toContain(secret);
    expect((await followStepUpLink(link, ALICE_MFA)).status).toBe(200);
    await waitFor(() => run.status !== 'running', 10_000, 'the step to end');
    expect(run).toMatchObject({
      status: 'completed',
      outputs: { finding_id: FINDING, state: 'FINDING_STATE_SNOOZED' },
    });
    expect(h.stateChanges()).toHaveLength(1);
    expect(stateOf(h)).toBe('FINDING_STATE_SNOOZED');
    // ended later, with the app's bot token (the run's own token came with its event)
    expect(h.slack.callsOf('functions.completeSuccess').at(-1)?.token).toBe(h.slack.botToken);
    const audit = await h.warden.store.auditLog({ findingId: FINDING, limit: 20 });
    const change = audit.find((e) => e.action === 'snooze' && e.outcome === 'ok');
    expect(change).toMatchObject({ user_id: 'U0ALICE', params: { verifiedAt: expect.any(String) } });
    expect(audit.map((e) => `${e.action}:${e.outcome}`)).toEqual(
      expect.arrayContaining(['stepUp.snooze:requested', 'stepUp.snooze:ok']),
    );
    expect(h.logs.join('')).not.toContain(link.split('/').at(-1));
  });

  it.each([
    ['another person signs in with the link', { email: 'bob@acme.example' }, /not the Slack person/],
    ['a remembered, older sign-in', { ...ALICE_MFA, authAgeSeconds: 3_600 }, /not a fresh one/],
  ])('refused sign-in (%s): the step fails saying why; nothing changed', async (_what, who, why) => {
    const h = await stepUpWarden();
    const { run, link } = await held(h);
    expect((await followStepUpLink(link, who)).status).toBe(403);
    await waitFor(() => run.status !== 'running', 10_000, 'the step to end');
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^The fresh sign-in \(step-up verification\) this step needs was refused: /);
    expect(run.error).toMatch(why);
    await nothingChanged(h);
    expect(h.slack.callsOf('functions.completeError').at(-1)?.token).toBe(h.slack.botToken);
  });

  it('the link expires unused: the sweep fails the step once; the link opened later changes nothing', async () => {
    let offset = 0;
    const h = await stepUpWarden(() => Date.now() + offset);
    const { run, link } = await held(h);
    expect(await expireHeldSteps(h.ports)).toBe(0);
    offset = 5 * 60_000 + 1_000;
    expect(await expireHeldSteps(h.ports)).toBe(1);
    await waitFor(() => run.status !== 'running', 5_000, 'the step to end');
    expect(run).toMatchObject({ status: 'failed', error: expect.stringMatching(/this link expired/) });
    expect(await expireHeldSteps(h.ports)).toBe(0);
    expect((await new TinyBrowser().open(link)).status).toBe(403);
    await nothingChanged(h);
    expect(h.slack.callsOf('functions.completeError')).toHaveLength(1);
  });

  it('a link opened after it expired (before any sweep) fails the step', async () => {
    let offset = 0;
    const h = await stepUpWarden(() => Date.now() + offset);
    const { run, link } = await held(h);
    offset = 5 * 60_000 + 1_000;
    expect((await new TinyBrowser().open(link)).text).toMatch(/expired/);
    await waitFor(() => run.status !== 'running', 5_000, 'the step to end');
    expect(run).toMatchObject({ status: 'failed', error: expect.stringMatching(/this link expired/) });
    expect(await expireHeldSteps(h.ports)).toBe(0);
    await nothingChanged(h);
  });

  it('a held step outlives a restart: the next Warden on the store completes it once verified', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'warden-wf-stepup-'));
    const slack = await createLocalSlack();
    const tenant = await startSandbox();
    const port = await freePort();
    const idp = await createLocalIdp({ redirectUris: [`http://127.0.0.1:${port}/verify/callback`] });
    idps.push(idp);
    const env = { WARDEN_OIDC_CLIENT_SECRET: idp.clientSecret };
    let h: Harness | undefined;
    try {
      h = await startHarness({ port, file: config(idp), env, slack, tenant, dataDir });
      const { run, link } = await held(h);
      await h.close();
      h = await startHarness({ port, file: config(idp), env, slack, tenant, dataDir });
      expect((await followStepUpLink(link, ALICE_MFA)).status).toBe(200);
      await waitFor(() => run.status !== 'running', 10_000, 'the step to end');
      expect(run).toMatchObject({ status: 'completed', outputs: { state: 'FINDING_STATE_SNOOZED' } });
      expect(h.stateChanges()).toHaveLength(1);
    } finally {
      await h?.close();
      await slack.close();
      await tenant.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
