import { loadSettings } from './config.js';
import { describeAdmin } from './config-admin.js';
import { describeContain } from './config-sections/contain.js';
import { describeSla } from './config-sections/sla.js';
import { describeStepUp } from './config-sections/step-up.js';
import { describeUnfurl } from './config-sections/unfurl.js';
import { describeLanguages } from './domain/routing.js';
import { ConfigError, StartupError } from './errors.js';

/**
 * Composition root: configuration -> tenant client -> Slack app -> start.
 * Exit codes: 2 for bad configuration (every problem is listed; a bot token Slack refuses or a
 * Slack out of reach is one line), 1 for any other failure at start.
 * `--check-config` checks the settings and exits; with `--online` it also tries the Slack token
 * and the tenant credentials.
 */
async function main(argv: readonly string[]): Promise<void> {
  let settings: ReturnType<typeof loadSettings>;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const { config, file } = settings;
  if (argv.includes('--check-config')) {
    process.stdout.write(
      `Configuration is valid (tenant ${config.tenant.baseUrl}, port ${config.http.port}).\n${slackMode(config, file)}\n` +
        `${describeStepUp(file.stepUp)}\n${describeUnfurl(file.unfurl)}\n${describeAdmin(config.admin)}\n` +
        `${describeContain(file.contain)}\n${describeSla(file.sla)}\n${describeLanguages(file.routing.rules)}\n`,
    );
    if (!argv.includes('--online')) return;
    // --online: the Slack token and the tenant credentials are tried, each reported.
    const [{ runOnlineChecks }, { createLogger }] = await Promise.all([
      import('./wiring/online-checks.js'),
      import('./logger.js'),
    ]);
    const lines = await runOnlineChecks(config, createLogger('silent'), file);
    for (const line of lines) (line.ok ? process.stdout : process.stderr).write(`${line.text}\n`);
    if (lines.some((line) => !line.ok)) process.exit(2);
    return;
  }
  const { createWarden } = await import('./app.js');
  const warden = await createWarden({ config, file });
  await warden.start();
  const stop = (signal: string) => {
    warden.logger.info({ signal }, 'signal received');
    void warden.stop(config.shutdownTimeoutMs).then(
      () => process.exit(0),
      (error: unknown) => {
        warden.logger.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

/** What --check-config says of the Slack set-up: one workspace, or OAuth installs and what they serve. */
function slackMode(
  config: ReturnType<typeof loadSettings>['config'],
  file: ReturnType<typeof loadSettings>['file'],
): string {
  if (!config.slack.oauth)
    return `Slack: one workspace (${config.slack.teamId}) with SLACK_BOT_TOKEN. For several workspaces or an Enterprise Grid org-wide install, set SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET and WARDEN_TOKEN_KEY instead (README "Installing for several workspaces").`;
  const names = file.workspaces.map((w) => (w.enterprise ? `${w.team} (org ${w.enterprise})` : w.team));
  return `Slack: installed by OAuth (GET /slack/install, redirect /slack/oauth_redirect); tokens encrypted with WARDEN_TOKEN_KEY${config.slack.oauth.previousTokenKey ? ' (rotating from WARDEN_TOKEN_KEY_PREVIOUS)' : ''}; workspaces served: ${names.length > 0 ? names.join(', ') : 'none: name them in WARDEN_CONFIG workspaces'}.`;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof StartupError) {
    // A configuration problem only trying it shows: one line, no stack, exit code 2.
    process.stderr.write(`Warden cannot start: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Warden failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
