import type { Config } from '../config.js';
import { type ConfigFile, DEFAULT_CONFIG_FILE } from '../config-file.js';
import { isApiError } from '../errors.js';
import { type Logger, toBoltLogger } from '../logger.js';
import { checkSlackToken } from '../slack/auth-check.js';
import { TenantClient } from '../tenant/client.js';
import { searchFindings } from '../tenant/findings.js';
import { gather } from '../tenant/paginate.js';
import { identityProvider } from './step-up.js';

/**
 * `--check-config --online`: the settings tried against the services they name. The Slack bot
 * token with auth.test; the tenant credentials with a token request (a static token with one
 * search page, as there is no token to request); with `stepUp`, the identity provider's discovery. Each says what it found, never a secret.
 */

export interface CheckLine {
  ok: boolean;
  text: string;
}

async function checkSlack(config: Readonly<Config>, logger: Logger): Promise<CheckLine> {
  if (config.slack.oauth)
    return {
      ok: true,
      text: "Slack: installed by OAuth; each installation's token is checked when it is used (no SLACK_BOT_TOKEN to try).",
    };
  const slack = await checkSlackToken({
    token: config.slack.botToken.reveal(),
    apiUrl: config.slack.apiUrl,
    teamId: config.slack.teamId,
    clientOptions: { slackApiUrl: config.slack.apiUrl, logger: toBoltLogger(logger) },
  });
  return slack.ok
    ? {
        ok: true,
        text: `Slack: SLACK_BOT_TOKEN works (workspace ${slack.team}, ${slack.teamId}; bot ${slack.botUserId}).`,
      }
    : { ok: false, text: `Slack: ${slack.problem}.` };
}

async function checkTenant(config: Readonly<Config>): Promise<CheckLine> {
  const { tenant } = config;
  const client = new TenantClient({
    baseUrl: tenant.baseUrl,
    auth: tenant.auth,
    connectTimeoutMs: tenant.connectTimeoutMs,
    requestTimeoutMs: tenant.requestTimeoutMs,
    retry: { maxRetries: 1 },
  });
  try {
    if (tenant.auth.kind === 'clientCredentials') {
      await client.auth.getToken();
      return { ok: true, text: `Tenant: ${tenant.baseUrl} issued a token to TENANT_CLIENT_ID.` };
    }
    await gather(searchFindings(client, {}, { limit: 1 }), 1);
    return { ok: true, text: `Tenant: ${tenant.baseUrl} accepted TENANT_ACCESS_TOKEN (one finding search).` };
  } catch (error) {
    const why = isApiError(error) ? error.message : 'an unexpected failure';
    return { ok: false, text: `Tenant: ${why}` };
  } finally {
    await client.close();
  }
}

/** Step-up verification: the provider's discovery document answers, and an authorization URL is built. */
async function checkIdentityProvider(config: Readonly<Config>, file: ConfigFile): Promise<CheckLine[]> {
  const provider = identityProvider(file, config);
  if (!provider || !file.stepUp) return [];
  const { issuer } = file.stepUp.oidc;
  try {
    await provider.begin();
    return [{ ok: true, text: `Identity provider: ${issuer} answered its discovery document.` }];
  } catch (error) {
    return [
      {
        ok: false,
        text: `Identity provider: ${issuer}: ${error instanceof Error ? error.message : 'unreachable'}`,
      },
    ];
  }
}

export async function runOnlineChecks(
  config: Readonly<Config>,
  logger: Logger,
  file: ConfigFile = DEFAULT_CONFIG_FILE,
): Promise<CheckLine[]> {
  const [slack, tenant, idp] = await Promise.all([
    checkSlack(config, logger),
    checkTenant(config),
    checkIdentityProvider(config, file),
  ]);
  return [slack, tenant, ...idp];
}
