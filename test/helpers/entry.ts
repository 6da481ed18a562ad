import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How a test starts one of Warden's own programs (`main`, `cli/outbox`, …) in a process of its
 * own: from the build (`node dist/<name>.js`, what operators run) when dist/ is up to date with
 * src/, else from the source through tsx. Both run the same code; the build starts a few seconds
 * sooner (tsx compiles every module at each start, on a loaded 2-core machine 6–7 s against 2–4 s),
 * and the process tests start dozens of processes. `.ci/run` builds before it tests; locally, an
 * edit to src/ since the last `npm run build` makes the tests use the source, never a stale build.
 */
export function entryArgs(name: string): string[] {
  return buildIsFresh() ? [`dist/${name}.js`] : ['--import', 'tsx', `src/${name}.ts`];
}

let fresh: boolean | undefined;

/** Whether dist/ is up to date with src/ (checked once per test file). */
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
