import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLocalSlack,
  type LocalSlack,
  postSigned,
  simulatorEnv,
  slashCommandBody,
} from '@warden/simulators';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../src/store/create-store.js';
import { ALICE } from '../helpers/actors.js';
import { freePort } from '../helpers/net.js';
import { afterThisTest, runMain } from '../helpers/run-main.js';
import { startSandbox } from '../helpers/tenant.js';
import { waitFor } from '../helpers/wait.js';

/*
 * Warden's configuration checked at start, and its graceful stop (start-up against Slack and the
 * tenant: process-startup.test.ts, a file of its own so the two run side by side).
 */

/** The least configuration Warden starts with (nothing is reached: --check-config only). */
const VALID_ENV = {
  SLACK_BOT_TOKEN: 'xoxb-1',
  SLACK_SIGNING_SECRET: 's',
  SLACK_TEAM_ID: 'T0ACME',
  TENANT_BASE_URL: 'http://127.0.0.1:9',
  TENANT_ACCESS_TOKEN: 't',
};
describe('start-up configuration', () => {
  it('lists every missing or malformed setting and exits 2, printing no secret', async () => {
    const run = runMain({
      SLACK_BOT_TOKEN: 'xoxp-not-a-bot-token-secret',
      PORT: 'eighty',
      TENANT_ACCESS_TOKEN: 'tok-very-secret',
    });
    expect(await run.exit).toBe(2);
    const err = run.stderr.join('');
    for (const key of ['SLACK_BOT_TOKEN', 'SLACK_TEAM_ID', 'TENANT_BASE_URL', 'PORT'])
      expect(err).toContain(`- ${key}:`);
    expect(err).not.toContain('xoxp-not-a-bot-token-secret');
    expect(err).not.toContain('tok-very-secret');
  });

  it('with nothing set, --check-config lists every missing setting at once and exits 2', async () => {
    const run = runMain({}, ['--check-config']);
    expect(await run.exit).toBe(2);
    const err = run.stderr.join('');
    for (const key of [
      'SLACK_BOT_TOKEN',
      'SLACK_SIGNING_SECRET',
      'SLACK_TEAM_ID',
      'TENANT_BASE_URL',
      'TENANT_CLIENT_ID',
    ])
      expect(err).toContain(`- ${key}:`);
    expect(err).toMatch(/Invalid configuration \(5 problems\)/);
  });

  it('--check-config checks and exits 0 without starting', async () => {
    const run = runMain(VALID_ENV, ['--check-config']);
    expect(await run.exit).toBe(0);
    expect(run.stdout.join('')).toMatch(/Configuration is valid/);
    // Where /readyz's reasons and /metrics are: nowhere public until ADMIN_PORT or ADMIN_TOKEN.
    expect(run.stdout.join('')).toMatch(/\/metrics is off: set ADMIN_PORT .* or ADMIN_TOKEN/);
    const admin = runMain({ ...VALID_ENV, ADMIN_PORT: '9090', ADMIN_TOKEN: 'an-operator-token-123' }, [
      '--check-config',
    ]);
    expect(await admin.exit).toBe(0);
    expect(admin.stdout.join('')).toMatch(
      /\/metrics on ADMIN_PORT 9090, and on the public port with ADMIN_TOKEN/,
    );
    expect(admin.stdout.join('')).not.toContain('an-operator-token-123');
  });

  it('--check-config reports a bad WARDEN_CONFIG file by line and exits 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-cfg-'));
    afterThisTest(() => rmSync(dir, { recursive: true, force: true }));
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'w.yaml'), 'limits:\n  snoozeMaxDays: -1\n');
    const run = runMain({ ...VALID_ENV, WARDEN_CONFIG: join(dir, 'w.yaml') }, ['--check-config']);
    expect(await run.exit).toBe(2);
    expect(run.stderr.join('')).toMatch(/w\.yaml:2 limits\.snoozeMaxDays/);
  });
});
describe('graceful shutdown', () => {
  // Over 3 s at times: Warden runs as its own process (started, signalled, its exit awaited).
  it('SIGTERM mid-flow: the interaction completes, new requests are refused, alerts stay queued, exit 0', async () => {
    const tenant = await startSandbox();
    const slack: LocalSlack = await createLocalSlack();
    const dataDir = mkdtempSync(join(tmpdir(), 'warden-term-'));
    afterThisTest(
      () => tenant.close(),
      () => slack.close(),
      () => rmSync(dataDir, { recursive: true, force: true }),
    );
    const port = await freePort();
    const secret = slack.signingSecret;
    const run = runMain({
      ...simulatorEnv({ tenant, slack }),
      PORT: String(port),
      WARDEN_DATA_DIR: dataDir,
      ALERTS_WEBHOOK_SECRET: 'term-test-alerts-secret',
      ALERTS_CHANNEL: 'C0ALERTS',
      SHUTDOWN_TIMEOUT: '10s',
      LOG_LEVEL: 'info',
    });
    const url = `http://127.0.0.1:${port}`;
    await waitFor(
      async () =>
        (await request(`${url}/healthz`).then(
          (r) => r.body.dump().then(() => r.statusCode),
          () => 0,
        )) === 200,
      20_000,
      'Warden up',
    );

    // a state change the tenant takes 1.5 s to answer
    tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs: 1_500 });
    const body = slashCommandBody(ALICE, {
      text: 'snooze FND_SA_UNOWNED 7d vendor',
      triggerId: slack.issueTriggerId(),
      responseUrl: slack.responseUrl(),
    });
    const ack = await postSigned(`${url}/slack/events`, body, secret);
    expect(ack.status).toBe(200);
    await waitFor(
      () => tenant.requests.some((r) => r.path.endsWith('/state')),
      5_000,
      'the change to reach the tenant',
    );

    // an alert whose delivery Slack keeps failing: it must survive the stop
    slack.fail({ method: 'chat.postMessage', status: 503, times: 1_000 });
    const { signedPostSignature } = await import('../../src/intake/verify-signed-post.js');
    const alertBody = JSON.stringify({ finding: { id: 'FND_QUEUED', severity: 'FINDING_SEVERITY_HIGH' } });
    const ts = String(Math.floor(Date.now() / 1000));
    const stored = await request(`${url}/hooks/findings`, {
      method: 'POST',
      headers: {
        'x-warden-timestamp': ts,
        'x-warden-signature': signedPostSignature('term-test-alerts-secret', ts, alertBody),
      },
      body: alertBody,
    });
    expect(stored.statusCode).toBe(202);
    await stored.body.dump();

    run.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    const refused = await request(`${url}/slack/events`, { method: 'POST', body: 'x' }).then(
      async (r) => {
        await r.body.dump();
        return r.statusCode;
      },
      () => 0,
    );
    expect([0, 503]).toContain(refused); // connection refused or 503 while draining
    slack.clearFaults(); // Slack is back, but Warden is stopping: the thread reply still goes out

    expect(await run.exit).toBe(0);
    expect(tenant.findings.get('FND_SA_UNOWNED', Date.now())?.state).toBe('FINDING_STATE_SNOOZED');
    expect(slack.messages.some((m) => m.thread_ts && m.text.includes('snoozed this until'))).toBe(true);
    expect(run.stdout.join('')).toMatch(/"msg":"stopped"/);

    const store = await createStore({ dataDir });
    afterThisTest(() => store.close());
    const queued = (await store.listOutbox({ limit: 10 })).find((r) => r.findingId === 'FND_QUEUED');
    expect(queued?.status === 'pending' || queued?.status === 'sending' || queued?.status === 'sent').toBe(
      true,
    );
  });
});
