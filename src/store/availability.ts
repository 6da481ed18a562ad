import { isStoreUnavailable, StoreUnavailableError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { StoreAvailability, StoreState } from '../ports/store.js';

/**
 * PostgreSQL SQLSTATEs that mean "this connection, or the server, is gone for now" rather than
 * "this statement is wrong": connection exceptions (08…), the server shutting down or starting
 * (57P01–57P03: a restart, a failover, pg_terminate_backend), too many connections, and a role
 * not allowed to log in (a database closed to Warden during maintenance).
 */
const PG_UNAVAILABLE = /^(08|57P0[1-3]|53300|28000|28P01)/;
/** Node's socket errors on the way to the server. */
const NET_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** pg's own words for a connection that died or never came (it sets no code on these). */
const PG_CLIENT_GONE =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout/;
/** SQLite: the file is there and readable, but will not take a write now (locked, read-only, full, I/O). */
const SQLITE_WRITES = /^SQLITE_(BUSY|LOCKED|READONLY|FULL|IOERR|CANTOPEN)/;

function fieldOf(error: object, name: string): string | undefined {
  const value: unknown = Reflect.get(error, name);
  return typeof value === 'string' ? value : undefined;
}

/**
 * Whether a driver error is the store being unavailable (and which kind), rather than a bug in a
 * statement; undefined for anything else. Errors that already went through here are kept.
 */
export function asUnavailable(error: unknown): StoreUnavailableError | undefined {
  if (isStoreUnavailable(error)) return error;
  if (typeof error !== 'object' || error === null) return undefined;
  const code = fieldOf(error, 'code') ?? '';
  const message = (fieldOf(error, 'message') ?? '').slice(0, 200);
  if (SQLITE_WRITES.test(code)) return new StoreUnavailableError(message || code, 'writes', { cause: error });
  if (PG_UNAVAILABLE.test(code) || NET_UNAVAILABLE.has(code) || PG_CLIENT_GONE.test(message))
    return new StoreUnavailableError(message || code, 'connection', { cause: error });
  return undefined;
}

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** Pause before the second try; each next one waits four times longer. */
  delayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, delayMs: 100 };

/**
 * Runs `run` again on a fresh connection (the pool drops dead ones) after a connection-class
 * failure, a bounded number of times. Only for statements that are safe to repeat: reads, and
 * writes that set the same values or recognise their own first try (kysely-store.ts lists them).
 * A store that refuses writes (SQLite locked, read-only) already waited its busy timeout: not retried.
 */
export async function retrying<T>(policy: RetryPolicy, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const unavailable = asUnavailable(error);
      if (unavailable?.scope !== 'connection' || attempt >= policy.attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, policy.delayMs * 4 ** (attempt - 1)));
    }
  }
}

/** One burst of failures is logged once; its end says how long it lasted and how many failed. */
const QUIET_MS = 30_000;

/**
 * What the store has been like lately, learnt from every statement and from the pool's errors:
 * answering, or failing since when and why. A connection failure is over when any statement
 * succeeds; a refused write only when a write succeeds (SQLite read-only still reads).
 */
export class StoreHealth implements StoreAvailability {
  #failing:
    | { since: number; reason: string; scope: 'connection' | 'writes'; count: number; logged: boolean }
    | undefined;
  #lastLoggedAt = Number.NEGATIVE_INFINITY;
  readonly #listeners = new Set<() => void>();

  constructor(
    private readonly logger: Logger | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  state(): StoreState {
    const f = this.#failing;
    return f ? { ok: false, since: f.since, reason: f.reason } : { ok: true };
  }

  onBack(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A statement (or the pool) failed because the store is unavailable. */
  failed(error: StoreUnavailableError): void {
    const now = this.now();
    if (this.#failing) {
      this.#failing.count++;
      if (error.scope === 'connection') this.#failing.scope = 'connection';
      return;
    }
    // A flapping store (down, up, down…) logs its first failure of each 30 s, not every one.
    const logged = now - this.#lastLoggedAt >= QUIET_MS;
    this.#failing = { since: now, reason: error.reason, scope: error.scope, count: 1, logged };
    if (!logged) return;
    this.#lastLoggedAt = now;
    this.logger?.error(
      { err: error.cause ?? error, reason: error.reason, scope: error.scope },
      'store unavailable: Warden pauses what needs it and tells people; it resumes by itself',
    );
  }

  /** A statement succeeded; `write` when it changed something. */
  succeeded(write: boolean): void {
    const f = this.#failing;
    if (!f || (f.scope === 'writes' && !write)) return;
    this.#failing = undefined;
    const detail = { downMs: this.now() - f.since, failures: f.count, reason: f.reason };
    if (f.logged) this.logger?.warn(detail, 'store answers again');
    else this.logger?.debug(detail, 'store answers again');
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch (error) {
        this.logger?.warn({ err: error }, 'a store recovery listener failed');
      }
    }
  }
}
