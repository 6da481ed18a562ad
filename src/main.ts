import { loadSettings } from './config.js';
import { ConfigError } from './errors.js';

/**
 * Composition root: configuration -> tenant client -> Slack app -> start.
 * Exit codes: 2 for bad configuration (every problem is listed), 1 for a failure at start.
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
      `Configuration is valid (tenant ${config.tenant.baseUrl}, port ${config.http.port}).\n`,
    );
    return;
  }
  const { createWarden } = await import('./app.js');
  const warden = await createWarden({ config, file });
  await warden.start();
  const stop = (signal: string) => {
    warden.ports.logger.info({ signal }, 'signal received');
    void warden.stop(config.shutdownTimeoutMs).then(
      () => process.exit(0),
      (error: unknown) => {
        warden.ports.logger.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`Warden failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
