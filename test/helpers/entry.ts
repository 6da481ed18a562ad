import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How a test starts one of Warden's own programs (`main`, `cli/outbox`, …) in a process of its
 * own: the bundle vitest's global setup built from src/ for this run (helpers/bundle-setup.ts),
 * run by node alone; outside vitest's run (no bundle), from the source through tsx. Both run the
 * same code: the bundle starts in a fraction of the time, and the process tests start dozens.
 */
export function entryArgs(name: string): string[] {
  const bundle = process.env.WARDEN_TEST_BUNDLE;
  return bundle ? [join(bundle, `${name}.mjs`)] : ['--import', 'tsx', `src/${name}.ts`];
}

/** Warden's main program as the demo starts it: the run's bundle, else the source (tsx). */
export function mainEntry(): string {
  const bundle = process.env.WARDEN_TEST_BUNDLE;
  return bundle ? join(bundle, 'main.mjs') : join(process.cwd(), 'src', 'main.ts');
}

let fresh: boolean | undefined;

/**
 * Whether dist/ is up to date with src/ (checked once per test file): the fixture programs that
 * import Warden's store modules directly (test/fixtures/processes) use the build when it is.
 */
export function buildIsFresh(): boolean {
  if (fresh === undefined) fresh = everyFileBuilt('src');
  return fresh;
}

/** Every src/**.ts has its dist/**.js, written after the source's last change. */
function everyFileBuilt(dir: string): boolean {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!everyFileBuilt(path)) return false;
      continue;
    }
    if (!entry.name.endsWith('.ts')) continue;
    const built = join('dist', path.slice('src/'.length).replace(/\.ts$/, '.js'));
    const mtime = (p: string) => statSync(p, { throwIfNoEntry: false })?.mtimeMs;
    const out = mtime(built);
    if (out === undefined || out < (mtime(path) ?? Number.POSITIVE_INFINITY)) return false;
  }
  return true;
}
