import type { LocalSlack } from './slack/server.js';
import type { SandboxTenant } from './tenant/server.js';

export interface SimulatorEnvOptions {
  tenant: SandboxTenant;
  slack: LocalSlack;
  /** How Warden signs in to the tenant: the plain secret, a signed Ed25519 assertion, or a static token. */
  auth?: 'plain' | 'assertion' | 'static';
  /** Socket Mode (SLACK_APP_TOKEN) instead of HTTP (SLACK_SIGNING_SECRET). */
  socketMode?: boolean;
}

/**
 * The environment that points Warden at the simulators: the local Slack's tokens and API URL,
 * the simulated tenant's URL and credentials. Tests, the demo, the benchmark and the process
 * tests all start Warden with it, plus their own settings.
 */
export function simulatorEnv(o: SimulatorEnvOptions): Record<string, string> {
  const c = o.tenant.credentials;
  const tenantAuth =
    o.auth === 'static'
      ? { TENANT_ACCESS_TOKEN: c.staticToken }
      : o.auth === 'assertion'
        ? { TENANT_CLIENT_ID: c.assertionClientId, TENANT_CLIENT_SECRET: c.assertionClientSecret }
        : { TENANT_CLIENT_ID: c.clientId, TENANT_CLIENT_SECRET: c.clientSecret };
  return {
    SLACK_BOT_TOKEN: o.slack.botToken,
    SLACK_TEAM_ID: o.slack.teamId,
    SLACK_API_URL: o.slack.apiUrl,
    ...(o.socketMode
      ? { SLACK_APP_TOKEN: o.slack.appToken }
      : { SLACK_SIGNING_SECRET: o.slack.signingSecret }),
    TENANT_BASE_URL: o.tenant.url,
    ...tenantAuth,
  };
}
