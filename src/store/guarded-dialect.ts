import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { asUnavailable, type StoreHealth } from './availability.js';

/** Statements that change rows: their success is what ends a "writes refused" spell. */
const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

/** The error as callers see it: an unavailable store as StoreUnavailableError (told to `health`). */
function seen(health: StoreHealth, error: unknown): unknown {
  const unavailable = asUnavailable(error);
  if (!unavailable) return error;
  health.failed(unavailable);
  return unavailable;
}

class GuardedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly health: StoreHealth,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const result = await this.inner.executeQuery<R>(query);
      this.health.succeeded(WRITES.has(query.query.kind));
      return result;
    } catch (error) {
      throw seen(this.health, error);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * The dialect's driver, with every statement (transactions' begin/commit included, as drivers run
 * them through the connection) and every connection taken from the pool reporting to `health`,
 * and a store that is unavailable turned into one coded error whatever the driver said.
 */
class GuardedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly health: StoreHealth,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    try {
      return new GuardedConnection(await this.inner.acquireConnection(), this.health);
    } catch (error) {
      throw seen(this.health, error);
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  // The driver releases its own connection object (pg keys it by a private symbol).
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(
      connection instanceof GuardedConnection ? connection.inner : connection,
    );
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `inner` (kysely's PostgreSQL or SQLite dialect) with its driver guarded as above. */
export function guardedDialect(inner: Dialect, health: StoreHealth): Dialect {
  return {
    createDriver: () => new GuardedDriver(inner.createDriver(), health),
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}
