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

/** Every string in a parsed log line with its email addresses blanked, keys included. */
function scrubbed(value: unknown): unknown {
  if (typeof value === 'string') return hideEmails(value);
  if (Array.isArray(value)) return value.map(scrubbed);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [hideEmails(k), scrubbed(v)]));
  return value;
}

/**
 * A finished log line without email addresses. People's emails are only a key for mapping them
 * (ports/owners.ts) and never logged, yet they reach log lines from outside Warden's words: a
 * tenant error that echoes the address it was asked about, an error's stack, a field deep in an
 * object, a child logger's bindings. So the line pino is about to write is scrubbed, whatever put
 * the address there. A line is parsed (not edited as text, which could break its JSON escapes)
 * and only when it holds an `@` at all, so the common line costs one scan.
 */
export function scrubEmails(line: string): string {
  if (!line.includes('@')) return line;
  try {
    return `${JSON.stringify(scrubbed(JSON.parse(line)))}\n`;
  } catch {
    // Not one JSON line (never from pino): blank what looks like an address, escapes or not.
    return hideEmails(line);
  }
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'warden' },
      redact: { paths: REDACT, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: scrubEmails },
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
 * `users.info` answers with one; pino's last step (scrubEmails) blanks them, as in every line.
 */
export function toBoltLogger(logger: Logger): BoltLogger {
  let child = logger.child({ component: 'bolt' });
  const line = (args: unknown[]) =>
    args
      .map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a)))
      .join(' ');
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
