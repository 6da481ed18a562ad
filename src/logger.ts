import { type Logger as BoltLogger, LogLevel as BoltLogLevel } from '@slack/bolt';
import pino, { type DestinationStream, type Logger } from 'pino';
import { hideEmails } from './domain/attribution.js';

export type { Logger };

/** Paths pino blanks out wherever they appear in a log line: tokens and secrets never reach a log. */
const REDACT = [
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'client_secret',
  '*.client_secret',
  'client_assertion',
  '*.client_assertion',
  'access_token',
  '*.access_token',
  'password',
  '*.password',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'warden' },
      redact: { paths: REDACT, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

const BOLT_LEVELS: Record<string, BoltLogLevel> = {
  debug: BoltLogLevel.DEBUG,
  info: BoltLogLevel.INFO,
  warn: BoltLogLevel.WARN,
  error: BoltLogLevel.ERROR,
};

/**
 * Bolt's own logging routed into pino, so one stream carries everything. At debug the Web API
 * client logs every request body and answer: `users.lookupByEmail` asks by email and
 * `users.info` answers with one, and emails are only a key for mapping people (ports/owners.ts),
 * never logged, so they are blanked here.
 */
export function toBoltLogger(logger: Logger): BoltLogger {
  let child = logger.child({ component: 'bolt' });
  const line = (args: unknown[]) =>
    hideEmails(
      args
        .map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a)))
        .join(' '),
    );
  return {
    debug: (...args: unknown[]) => child.debug(line(args)),
    info: (...args: unknown[]) => child.info(line(args)),
    warn: (...args: unknown[]) => child.warn(line(args)),
    error: (...args: unknown[]) => child.error(line(args)),
    setLevel: (level: BoltLogLevel) => {
      child.level = level;
    },
    getLevel: () => BOLT_LEVELS[child.level] ?? BoltLogLevel.INFO,
    setName: (name: string) => {
      child = logger.child({ component: name });
    },
  };
}
