import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalSlack, type LocalSlack, type SandboxTenant, simulatorEnv } from '@warden/simulators';
import { request } from 'undici';
import { afterEach } from 'vitest';
import { entryArgs } from './entry.js';
import { freePort } from './net.js';
import { ADMIN_TOKEN } from './operator.js';
import { type Backend, backends } from './stores.js';
import { startSandbox } from './tenant.js';
import { waitFor } from './wait.js';

/**
 * Warden as operators run it: its entry point (helpers/entry.ts) in processes of its own, sharing
 * a store (one PostgreSQL schema, or one SQLite data directory for a restart), the simulators in
 * this process.
 */
export interface WardenProcess {
  url: string;
  child: ChildProcess;
  output: string[];
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: a crash, nothing finishes. */
  kill(): Promise<void>;
}

export interface ProcessWorld {
  tenant: SandboxTenant;
  slack: LocalSlack;
  /** DATABASE_URL (PostgreSQL) or WARDEN_DATA_DIR (SQLite): the store every process shares. */
  storeEnv: Record<string, string>;
  /** Starts Warden's entry point; `as` runs it as another user (tests as root: a file it cannot write). */
  start(extra?: Record<string, string>, as?: { uid: number; gid: number }): Promise<WardenProcess>;
  /**
   * Starts two processes on the one store: at once on PostgreSQL (the migrator's lock lets one
   * migrate, the other waits for it), one after the other on SQLite (kysely takes no migration
   * lock there: two starting at once on a fresh file both applied migration 0040, and the loser
   * exited on "duplicate column name", which store/kysely-store.ts's retry does not recognise).
   */
  startTwo(extra?: Record<string, string>): Promise<[WardenProcess, WardenProcess]>;
}

/** A world per test: the simulators, a fresh store on `backend`, and the processes started in it. */
export function processWorlds(): (backend: Backend) => Promise<ProcessWorld> {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  return async (backend) => {
    const tenant = await startSandbox();
    const slack = await createLocalSlack();
    cleanups.push(
      () => tenant.close(),
      () => slack.close(),
    );
    let storeEnv: Record<string, string>;
    if (backend.name === 'postgres') {
      const db = await backend.fresh();
      cleanups.push(() => db.cleanup());
      storeEnv = { DATABASE_URL: db.location };
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'warden-proc-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      storeEnv = { WARDEN_DATA_DIR: dir };
    }
    const startOn = async (
      port: number,
      extra: Record<string, string>,
      as: { uid: number; gid: number } | undefined,
    ): Promise<WardenProcess> => {
      const env = {
        PATH: process.env.PATH ?? '',
        ...simulatorEnv({ tenant, slack }),
        ...storeEnv,
        PORT: String(port),
        WARDEN_PUBLIC_URL: `http://127.0.0.1:${port}`,
        ALERTS_CHANNEL: 'C0ALERTS',
        ADMIN_TOKEN,
        LOG_LEVEL: 'info',
        ...extra,
      };
      const child = spawn(process.execPath, entryArgs('main'), {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(as ? { uid: as.uid, gid: as.gid } : {}),
      });
      const output: string[] = [];
      child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
      child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      const end = async (signal: NodeJS.Signals) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill(signal);
        await exited;
      };
      cleanups.push(() => end('SIGKILL'));
      const url = `http://127.0.0.1:${port}`;
      await waitFor(
        async () => {
          const said = output.join('');
          if (child.exitCode !== null) {
            if (said.includes('EADDRINUSE')) throw new PortTaken(port);
            throw new Error(`Warden exited: ${said}`);
          }
          // Its own words first: a /healthz answered on this port could be another server's.
          if (!said.includes('Warden is listening')) return false;
          return request(`${url}/healthz`).then(
            async (r) => {
              await r.body.dump();
              return r.statusCode === 200;
            },
            () => false,
          );
        },
        30_000,
        'Warden process up',
      );
      return { url, child, output, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
    };
    const world: ProcessWorld = {
      tenant,
      slack,
      storeEnv,
      async startTwo(extra = {}) {
        if (backend.name === 'postgres') return Promise.all([world.start(extra), world.start(extra)]);
        const first = await world.start(extra);
        return [first, await world.start(extra)];
      },
      async start(extra = {}, as) {
        // The port is chosen before Warden listens (WARDEN_PUBLIC_URL names it); on a busy machine
        // another process can take it meanwhile: then Warden cannot listen, and starts on another.
        for (let attempt = 1; ; attempt++) {
          try {
            return await startOn(await freePort(), extra, as);
          } catch (error) {
            if (attempt >= 3 || !(error instanceof PortTaken)) throw error;
          }
        }
      },
    };
    return world;
  };
}

export { backends };

/** Another process took the port chosen for Warden before it could listen. */
class PortTaken extends Error {
  constructor(port: number) {
    super(`port ${port} was taken before Warden could listen on it`);
  }
}
