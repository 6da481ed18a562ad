import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalSlack, simulatorEnv } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/net.js';
import { afterThisTest, runMain } from '../helpers/run-main.js';
import { startSandbox } from '../helpers/tenant.js';

/** Warden's start against a Slack or a tenant that refuses it: one clear line, exit 2. */
describe('start-up against Slack and the tenant', () => {
  async function simulators() {
    const tenant = await startSandbox();
    const slack = await createLocalSlack();
    const dataDir = mkdtempSync(join(tmpdir(), 'warden-start-'));
    afterThisTest(
      () => tenant.close(),
      () => slack.close(),
      () => rmSync(dataDir, { recursive: true, force: true }),
    );
    return { tenant, slack, env: { ...simulatorEnv({ tenant, slack }), WARDEN_DATA_DIR: dataDir } };
  }
  const lines = (chunks: string[]) => chunks.join('').trim().split('\n');

  it('a bot token Slack refuses: one clear line, exit 2, and Warden never says it listens', async () => {
    const { env } = await simulators();
    const run = runMain({
      ...env,
      SLACK_BOT_TOKEN: 'xoxb-mistyped-or-revoked',
      PORT: String(await freePort()),
    });
    expect(await run.exit).toBe(2);
    expect(lines(run.stderr)).toEqual([
      expect.stringMatching(/^Warden cannot start: Slack refused SLACK_BOT_TOKEN \(invalid_auth\)/),
    ]);
    expect(run.stdout.join('')).not.toMatch(/listening/);
    expect(run.stderr.join('')).not.toContain('xoxb-mistyped-or-revoked');
  });

  it('Slack out of reach at start: one clear line, exit 2', async () => {
    const { env } = await simulators();
    const closed = await freePort();
    const run = runMain({
      ...env,
      SLACK_API_URL: `http://127.0.0.1:${closed}/api/`,
      PORT: String(await freePort()),
    });
    expect(await run.exit).toBe(2);
    expect(lines(run.stderr)).toEqual([
      expect.stringMatching(/^Warden cannot start: Slack could not be reached at .+ \(ECONNREFUSED\)/),
    ]);
    expect(run.stdout.join('')).not.toMatch(/listening/);
  });

  it('Socket Mode with an app token Slack refuses: one clear line, exit 2', async () => {
    const { tenant, slack } = await simulators();
    const { SLACK_SIGNING_SECRET, ...socket } = simulatorEnv({ tenant, slack, socketMode: true });
    const run = runMain({ ...socket, SLACK_APP_TOKEN: 'xapp-mistyped', PORT: String(await freePort()) });
    expect(await run.exit).toBe(2);
    expect(lines(run.stderr)).toEqual([
      expect.stringMatching(
        /^Warden cannot start: Slack refused the Socket Mode connection \(.*invalid_auth.*\): check SLACK_APP_TOKEN/,
      ),
    ]);
  });

  it('--check-config --online tries the Slack token and the tenant credentials and reports each', async () => {
    const { env } = await simulators();
    const good = runMain(env, ['--check-config', '--online']);
    expect(await good.exit).toBe(0);
    expect(good.stdout.join('')).toMatch(/Slack: SLACK_BOT_TOKEN works \(workspace .+, T\w+; bot U\w+\)/);
    expect(good.stdout.join('')).toMatch(/Tenant: .+ issued a token to TENANT_CLIENT_ID/);

    const bad = runMain({ ...env, SLACK_BOT_TOKEN: 'xoxb-wrong', TENANT_CLIENT_SECRET: 'not-the-secret' }, [
      '--check-config',
      '--online',
    ]);
    expect(await bad.exit).toBe(2);
    const err = bad.stderr.join('');
    expect(err).toMatch(/Slack: Slack refused SLACK_BOT_TOKEN \(invalid_auth\)/);
    expect(err).toMatch(/Tenant: The tenant refused Warden's token request \(invalid_client/);
    expect(err).not.toContain('not-the-secret');
  });
});
