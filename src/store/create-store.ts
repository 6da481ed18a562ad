import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Store } from '../ports/store.js';
import type { Secret } from '../secret.js';
import { createKyselyStore } from './kysely-store.js';
import type { Database } from './schema.js';

export interface StoreOptions {
  /** postgres://… : PostgreSQL; otherwise the embedded SQLite file in `dataDir`. */
  databaseUrl?: Secret | string | undefined;
  dataDir?: string;
  /** An explicit SQLite file (tests); `:memory:` for a throwaway store. */
  sqliteFile?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * A PostgreSQL connection that failed outside a query (a restart, a failover, a DBA's
   * pg_terminate_backend, a proxy's idle timeout): told here, the connection is discarded and
   * the pool opens a new one when asked. Without a listener Node would exit on it.
   */
  onConnectionError?: (error: Error) => void;
}

const INT8_OID = 20;

/** PostgreSQL: a pg pool; int8 columns (our millisecond times) come back as numbers, not strings. */
function postgres(url: string, poolSize: number, onError: (error: Error) => void): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text'),
    },
  });
  // An idle client's error reaches the pool (which drops that client); a checked-out client's
  // reaches the client itself, between queries, and must be listened to as well.
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * SQLite: one file, WAL so readers never wait on the writer, a busy timeout for other processes.
 * kysely prepares a statement for every query; Warden runs the same few dozen queries over and
 * over, so prepared statements are kept and reused (by SQL text).
 */
function sqlite(file: string): Kysely<Database> {
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
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
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
}

export async function createStore(opts: StoreOptions): Promise<Store> {
  const url = typeof opts.databaseUrl === 'string' ? opts.databaseUrl : opts.databaseUrl?.reveal();
  let store: Store;
  if (url) {
    const onError = opts.onConnectionError ?? (() => undefined);
    store = createKyselyStore(postgres(url, opts.poolSize ?? 10, onError), 'postgres');
  } else {
    let file = opts.sqliteFile;
    if (!file) {
      const dir = opts.dataDir ?? './data';
      mkdirSync(dir, { recursive: true });
      file = join(dir, 'warden.sqlite');
    }
    store = createKyselyStore(sqlite(file), 'sqlite');
  }
  await store.migrate();
  return store;
}
