import { Writable } from 'node:stream';
import { type LocalSlack, type SandboxTenant, simulatorEnv } from '@warden/simulators';
import { type Config, loadConfig } from '../../src/config.js';
import { createLogger, type Logger } from '../../src/logger.js';

/**
 * What both lanes set up the same way (harness.ts: a whole Warden; lane.ts: a use case's ports):
 * the configuration over the simulators, and a logger whose lines the test reads.
 */

/** Warden's configuration pointing at these simulators (debug logs); `env` adds or overrides. */
export function simulatorConfig(
  tenant: SandboxTenant,
  slack: LocalSlack,
  env: Record<string, string> = {},
  socketMode = false,
): Readonly<Config> {
  return loadConfig({ ...simulatorEnv({ tenant, slack, socketMode }), LOG_LEVEL: 'debug', ...env });
}

/** A debug logger that keeps every line it writes in `logs`. */
export function capturedLogger(): { logger: Logger; logs: string[] } {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: createLogger('debug', sink), logs };
}
