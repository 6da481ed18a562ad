import { randomBytes } from 'node:crypto';
import { createServer, type Server, Socket } from 'node:net';
import pg from 'pg';
import { afterEach } from 'vitest';
import type { Backend } from './stores.js';

/**
 * A TCP proxy on loopback in front of PostgreSQL: `cut()` drops every connection through it and
 * refuses new ones (the database restarting, failing over, out of reach) without touching the
 * server other tests share; `restore()` listens again on the same port.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    upstream.connect(target.port, target.host, () => {
      client.pipe(upstream).pipe(client);
    });
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of sockets) s.destroy();
    sockets.clear();
    if (server.listening) await closed;
  };
  return {
    port,
    cut: stop,
    restore: async () => {
      await listen(port);
    },
    close: stop,
  };
}

/** A fresh PostgreSQL schema reached through a proxy, its connections named for this test alone. */
export interface PgThroughProxy {
  proxy: TcpProxy;
  /** DATABASE_URL for Warden: through the proxy, the test's schema and application_name. */
  url: string;
  /** The same database, straight (no proxy): for tests' own reads. */
  directUrl: string;
  applicationName: string;
  /**
   * pg_terminate_backend on this test's connections only (its application_name): other test
   * files share the server. Resolves to how many were ended.
   */
  terminate(): Promise<number>;
  /** How many connections this test's Warden holds, and in what state. */
  connections(): Promise<{ pid: number; state: string | null; wait: string | null }[]>;
}

/** A PostgreSQL world per test (closed after it), when the backend is PostgreSQL. */
export function pgOutages(): (backend: Backend) => Promise<PgThroughProxy> {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  return async (backend) => {
    const db = await backend.fresh();
    cleanups.push(() => db.cleanup());
    const direct = new URL(db.location);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    cleanups.push(() => proxy.close());
    const applicationName = `warden_outage_${randomBytes(4).toString('hex')}`;
    const through = new URL(db.location);
    through.port = String(proxy.port);
    through.searchParams.set('application_name', applicationName);
    const plain = new URL(db.location);
    plain.search = '';
    const admin = async <T>(run: (c: pg.Client) => Promise<T>): Promise<T> => {
      const c = new pg.Client({ connectionString: plain.toString() });
      await c.connect();
      try {
        return await run(c);
      } finally {
        await c.end();
      }
    };
    return {
      proxy,
      url: through.toString(),
      directUrl: db.location,
      applicationName,
      terminate: () =>
        admin(async (c) => {
          const r = await c.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = $1',
            [applicationName],
          );
          return r.rowCount ?? 0;
        }),
      connections: () =>
        admin(async (c) => {
          const r = await c.query<{ pid: number; state: string | null; wait: string | null }>(
            'select pid, state, wait_event_type as wait from pg_stat_activity where application_name = $1',
            [applicationName],
          );
          return r.rows;
        }),
    };
  };
}
