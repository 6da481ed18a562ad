import type { Config } from '../config.js';
import { isApiError } from '../errors.js';
import { type Logger, toBoltLogger } from '../logger.js';
import { checkSlackToken } from '../slack/auth-check.js';
import { TenantClient } from '../tenant/client.js';
import { searchFindings } from '../tenant/findings.js';
import { gather } from '../tenant/paginate.js';

/**
 * `--check-config --online`: the settings tried against the services they name. The Slack bot
 * token with auth.test; the tenant credentials with a token request (a static token with one
 * search page, as there is no token to request). Each says what it found, never a secret.
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

export async function runOnlineChecks(config: Readonly<Config>, logger: Logger): Promise<CheckLine[]> {
  return Promise.all([checkSlack(config, logger), checkTenant(config)]);
}
