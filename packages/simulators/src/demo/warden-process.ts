import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { request } from 'undici';

/**
 * Warden run as its own process, the way an operator runs it: the simulators never import it,
 * they start its entry point with an environment and wait for /healthz: `src/main.ts` through
 * tsx, or a built `dist/main.js` with node alone (no compiling at each start).
 */
export interface WardenProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A free loopback port, so Warden's public URL is known before it listens. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`Warden exited with code ${child.exitCode} before it was up`);
    try {
      const res = await request(url);
      await res.body.dump();
      if (res.statusCode === 200) return;
    } catch {
      // not yet listening
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(`Warden did not answer ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startWardenProcess(o: {
  /** Warden's entry point, from `cwd`: a `.ts` source runs through tsx, a built `.js` as it is. */
  entry: string;
  cwd: string;
  port: number;
  env: Record<string, string>;
  /** Where Warden's log lines go (the demo prefixes them). */
  onOutput?: (line: string) => void;
}): Promise<WardenProcess> {
  const args = o.entry.endsWith('.ts') ? ['--import', 'tsx', o.entry] : [o.entry];
  const child = spawn(process.execPath, args, {
    cwd: o.cwd,
    // Only what Warden needs: nothing of the caller's environment leaks into its configuration.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(o.port), ...o.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line) o.onOutput?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const url = `http://127.0.0.1:${o.port}`;
  try {
    // A loaded machine (a test suite beside it, starting processes of its own) can take a while
    // to compile and start Warden: once, in CI, more than 60 s.
    await waitUp(`${url}/healthz`, child, 100_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
