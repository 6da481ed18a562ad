import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { entryArgs } from './entry.js';

/**
 * Warden's entry point run as an operator runs it, for the start-up and shutdown tests
 * (e2e/process*.test.ts): its output and exit code, killed after the test if still running.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Runs each of `c` after the current test (all of them, last registered first). */
export function afterThisTest(...c: (() => Promise<void> | void)[]): void {
  cleanups.push(...c);
}

export interface Run {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  exit: Promise<number | null>;
}

/** Runs Warden's real entry point (helpers/entry.ts) as a separate process with `env`. */
export function runMain(env: Record<string, string>, args: string[] = []): Run {
  // A data directory of its own unless the test names one: never the checkout's ./data, which
  // another run (another branch's migrations) may have left behind.
  const dataDir = env.WARDEN_DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'warden-main-'));
  const child = spawn(process.execPath, [...entryArgs('main'), ...args], {
    env: { PATH: process.env.PATH ?? '', ...(dataDir ? { WARDEN_DATA_DIR: dataDir } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Run = {
    child,
    stdout: [],
    stderr: [],
    exit: new Promise((r) => child.once('exit', (code) => r(code))),
  };
  child.stdout?.on('data', (d: Buffer) => run.stdout.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => run.stderr.push(d.toString()));
  // Run last registered first: the process is killed, then its directory removed.
  if (dataDir) cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => void child.kill('SIGKILL'));
  return run;
}
