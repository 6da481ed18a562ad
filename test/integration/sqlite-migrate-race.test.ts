import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../../src/store/create-store.js';
import { migrationProvider } from '../../src/store/migrations/index.js';
import { buildIsFresh } from '../helpers/entry.js';

/** One process opening the store: its exit code and what it wrote. */
function openInProcess(file: string, startAt: number): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/fixtures/processes/open-store.ts',
      file,
      buildIsFresh() ? 'dist' : 'src',
      String(startAt),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    out += d.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('SQLite: several processes starting on one fresh file', () => {
  // Real processes (a few seconds each to start): the race is between processes, which share
  // nothing but the file.
  it('all start: the migrations are applied once, by whichever takes the write lock first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-migrate-race-'));
    dirs.push(dir);
    const file = join(dir, 'warden.sqlite');
    // All reach the file at the same moment, once their modules are loaded (a few seconds at most).
    const startAt = Date.now() + 5_000;
    const runs = await Promise.all(Array.from({ length: 4 }, () => openInProcess(file, startAt)));
    for (const run of runs) {
      expect(run.out).not.toMatch(/failed|duplicate column/);
      expect(run.code, run.out).toBe(0);
    }
    // The file is whole: every migration recorded once, and the store opens with nothing to do.
    const names = Object.keys(await migrationProvider.getMigrations());
    const db = new Sqlite(file, { readonly: true });
    try {
      const recorded = db.prepare('select name from kysely_migration order by name').all() as {
        name: string;
      }[];
      expect(recorded.map((r) => r.name)).toEqual([...names].sort());
    } finally {
      db.close();
    }
    const store = await createStore({ sqliteFile: file });
    await store.close();
  }, 60_000);
});
