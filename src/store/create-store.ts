import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { type Dialect, Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { StoreUnavailableError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Store } from '../ports/store.js';
import type { Secret } from '../secret.js';
import { asUnavailable, type RetryPolicy, StoreHealth } from './availability.js';
import { guardedDialect } from './guarded-dialect.js';
import { createKyselyStore } from './kysely-store.js';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.js';
import type { Database } from './schema.js';

export interface StoreOptions {
  /** postgres://… : PostgreSQL; otherwise the embedded SQLite file in `dataDir`. */
  databaseUrl?: Secret | string | undefined;
  dataDir?: string;
  /** An explicit SQLite file (tests); `:memory:` for a throwaway store. */
  sqliteFile?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** Where the store says it became unavailable and answers again (once per burst). */
  logger?: Logger | undefined;
  /** Statements safe to repeat are tried again this way when their connection fails. */
  retry?: RetryPolicy;
  /** PostgreSQL: how long to wait for a new connection before calling the store unavailable. */
  connectTimeoutMs?: number;
  /** SQLite: how long a write waits for another process's lock before it fails. */
  busyTimeoutMs?: number;
}

const INT8_OID = 20;

/**
 * PostgreSQL: a pg pool; int8 columns (our millisecond times) come back as numbers, not strings.
 * A restart, a failover, pg_terminate_backend or a proxy's idle timeout cuts its connections:
 * an idle one then emits `error` on the pool, one checked out emits it on itself, and an `error`
 * nobody listens to ends the process. Both are heard here and told to `health` (logged once per
 * burst); the pool has already dropped the dead connection and opens a fresh one when asked.
 */
function postgres(url: string, o: StoreOptions, health: StoreHealth): Dialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: o.poolSize ?? 10,
    // pg_stat_activity names Warden (a URL's application_name wins).
    application_name: 'warden',
    // Unbounded by default: a database that accepts TCP but never answers would hold a request.
    connectionTimeoutMillis: o.connectTimeoutMs ?? 3_000,
    keepAlive: true,
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text'),
    },
  });
  const lost = (error: unknown) =>
    health.failed(
      asUnavailable(error) ??
        new StoreUnavailableError(error instanceof Error ? error.message : 'connection lost', 'connection', {
          cause: error,
        }),
    );
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return new OwnSchemaPostgresDialect({ pool });
}

/**
 * Switches the file to WAL (kept in the file: later opens find it so). Processes opening a fresh
 * file together (replicas started by one deploy) race for the lock the switch takes, and SQLite
 * answers the loser "database is locked" at once, busy timeout or not (four processes at once:
 * 1 to 5 tries in 40). The switch is tried again after a short pause, up to the busy timeout: a sync
 * pause, as the open itself is, and only while another process holds the file at its start.
 */
function toWal(db: Sqlite.Database, busyTimeoutMs: number): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; ; waited += 20) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      const busy = /SQLITE_BUSY|database is locked/.test(error instanceof Error ? error.message : '');
      if (!busy || waited >= busyTimeoutMs) throw error;
      Atomics.wait(pause, 0, 0, 20);
    }
  }
}

/**
 * SQLite: one file, WAL so readers never wait on the writer, a busy timeout for other processes.
 * kysely prepares a statement for every query; Warden runs the same few dozen queries over and
 * over, so prepared statements are kept and reused (by SQL text).
 */
function sqlite(file: string, busyTimeoutMs: number): Dialect {
  const db = new Sqlite(file);
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  toWal(db, busyTimeoutMs);
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  const statements = new Map<string, ReturnType<Sqlite.Database['prepare']>>();
  const cached = {
    close: () => db.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        if (statements.size < 500) statements.set(sql, statement);
      }
      return statement;
    },
  };
  return new SqliteDialect({ database: cached });
}

export async function createStore(opts: StoreOptions): Promise<Store> {
  const url = typeof opts.databaseUrl === 'string' ? opts.databaseUrl : opts.databaseUrl?.reveal();
  const health = new StoreHealth(opts.logger?.child({ component: 'store' }));
  const open = (dialect: Dialect) => new Kysely<Database>({ dialect: guardedDialect(dialect, health) });
  let store: Store;
  if (url) {
    store = createKyselyStore(open(postgres(url, opts, health)), 'postgres', health, opts.retry);
  } else {
    let file = opts.sqliteFile;
    if (!file) {
      const dir = opts.dataDir ?? './data';
      mkdirSync(dir, { recursive: true });
      file = join(dir, 'warden.sqlite');
    }
    store = createKyselyStore(open(sqlite(file, opts.busyTimeoutMs ?? 5_000)), 'sqlite', health, opts.retry);
  }
  await store.migrate();
  return store;
}
