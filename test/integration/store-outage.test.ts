import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { isStoreUnavailable } from '../../src/errors.js';
import { createLogger } from '../../src/logger.js';
import type { Store } from '../../src/ports/store.js';
import { createStore } from '../../src/store/create-store.js';
import { waitFor } from '../helpers/harness.js';
import { pgOutages } from '../helpers/pg-outage.js';
import { backends, sqliteBackend } from '../helpers/stores.js';

/**
 * The store when its database goes away and comes back: statements fail with one coded error
 * (never an `error` event that ends the process), the outage is logged once with its cause,
 * statements safe to repeat are repeated on a fresh connection, and it answers again by itself.
 */
const postgres = backends().find((b) => b.name === 'postgres');
const world = pgOutages();
const opened: Store[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

function logSink() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, logger: createLogger('debug', sink) };
}

async function open(opts: Parameters<typeof createStore>[0]): Promise<Store> {
  const store = await createStore({ retry: { attempts: 3, delayMs: 20 }, ...opts });
  opened.push(store);
  return store;
}

const failure = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isStoreUnavailable(error)) throw new Error(`expected the store unavailable, got ${String(error)}`);
  return error;
};

describe.skipIf(!postgres)('PostgreSQL connections cut', () => {
  it('idle connections terminated: one log line with the cause, and the next statements work', async () => {
    const w = await world(postgres ?? sqliteBackend);
    const { lines, logger } = logSink();
    const store = await open({ databaseUrl: w.url, poolSize: 4, logger });
    // four connections open and idle in the pool
    await Promise.all([1, 2, 3, 4].map(() => store.outboxStats(Date.now())));
    expect((await w.connections()).length).toBeGreaterThanOrEqual(2);
    expect(await w.terminate()).toBeGreaterThanOrEqual(2);
    await waitFor(() => lines.some((l) => l.includes('store unavailable')), 5_000, 'the outage logged');
    expect(await store.rememberOnce('slack:after-idle-cut', Date.now() + 60_000, Date.now())).toBe(true);
    expect((await store.outboxStats(Date.now())).pending).toBe(0);
    const down = lines.filter((l) => l.includes('store unavailable'));
    expect(down).toHaveLength(1);
    expect(down[0]).toContain('terminating connection due to administrator command');
    expect(lines.some((l) => l.includes('store answers again'))).toBe(true);
    expect(store.health.state()).toEqual({ ok: true });
  });

  it('a statement whose connection is cut mid-way runs again on a fresh one: the take is still the first', async () => {
    const w = await world(postgres ?? sqliteBackend);
    const store = await open({ databaseUrl: w.url, poolSize: 2 });
    await store.ping();
    // hold the table so Warden's statement waits on it, checked out, then end its connection
    const admin = new pg.Client({ connectionString: w.directUrl });
    await admin.connect();
    try {
      await admin.query('begin');
      await admin.query('lock table seen_requests in access exclusive mode');
      const taking = store.rememberOnce('slack:mid-cut', Date.now() + 60_000, Date.now());
      await waitFor(
        async () => (await w.connections()).some((c) => c.wait === 'Lock'),
        5_000,
        'the statement waiting on the lock',
      );
      expect(await w.terminate()).toBeGreaterThanOrEqual(1);
      await admin.query('commit');
      expect(await taking).toBe(true);
    } finally {
      await admin.end();
    }
    // …and a real repeat is still one
    expect(await store.rememberOnce('slack:mid-cut', Date.now() + 60_000, Date.now())).toBe(false);
  });

  it('the database out of reach: a coded error at once, readiness says why, and back by itself', async () => {
    const w = await world(postgres ?? sqliteBackend);
    const store = await open({ databaseUrl: w.url, poolSize: 2, connectTimeoutMs: 500 });
    await store.ping();
    let backs = 0;
    store.health.onBack(() => backs++);
    await w.proxy.cut();
    const started = Date.now();
    const error = await failure(store.rememberOnce('slack:during', Date.now() + 60_000, Date.now()));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error.code).toBe('store_unavailable');
    await failure(store.claimDue('w', 10, Date.now(), 60_000));
    expect(store.health.state()).toMatchObject({ ok: false, reason: expect.any(String) });
    await w.proxy.restore();
    expect(await store.rememberOnce('slack:during', Date.now() + 60_000, Date.now())).toBe(true);
    expect(store.health.state()).toEqual({ ok: true });
    expect(backs).toBe(1);
  });
});

describe('SQLite file that will not take writes', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const file = () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-outage-'));
    dirs.push(dir);
    return join(dir, 'warden.sqlite');
  };

  it('locked by another process: writes fail with a coded error, reads go on, and it heals', async () => {
    const path = file();
    const store = await open({ sqliteFile: path, busyTimeoutMs: 100 });
    const other = new Sqlite(path);
    other.exec('begin exclusive');
    try {
      const error = await failure(store.rememberOnce('slack:locked', Date.now() + 60_000, Date.now()));
      expect(error.scope).toBe('writes');
      expect(error.reason).toMatch(/locked/);
      expect((await store.outboxStats(Date.now())).pending).toBe(0);
      // a read does not end a spell of refused writes
      expect(store.health.state()).toMatchObject({ ok: false, reason: expect.stringMatching(/locked/) });
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect(await store.rememberOnce('slack:locked', Date.now() + 60_000, Date.now())).toBe(true);
    expect(store.health.state()).toEqual({ ok: true });
  });
});
