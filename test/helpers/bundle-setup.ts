import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

/**
 * Vitest's global setup: Warden's programs (`src/main.ts`, `src/cli/*.ts`) bundled once per test
 * run, for the tests that start them as processes (helpers/entry.ts). The process tests and the
 * demo start about sixty Wardens; node loading Warden's ~1,500 module files took about 1 s of CPU
 * per start (tsx compiling them, 3–4 s), a bundle about 0.35 s: half a minute of the two cores a
 * run shares. Bundled from the source at every run, so a process never runs stale code, and from
 * the same source as `npm run build` (tsc) ships. better-sqlite3 (native) and pg-native
 * (optional) stay outside, loaded from node_modules.
 */
export default async function bundleWarden(): Promise<() => void> {
  // Both projects (suite, browser) run this setup in the one main process: bundle once.
  const ready = process.env.WARDEN_TEST_BUNDLE;
  if (ready && existsSync(ready)) return () => undefined;
  // Under node_modules, so the bundle's `require('better-sqlite3')` finds the checkout's own.
  const outdir = resolve('node_modules', '.cache', 'warden-test-bundle', String(process.pid));
  mkdirSync(outdir, { recursive: true });
  const cli = readdirSync('src/cli')
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join('src/cli', f));
  await build({
    entryPoints: ['src/main.ts', ...cli],
    outbase: 'src',
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['better-sqlite3', 'pg-native', '@resvg/resvg-js', 'dejavu-fonts-ttf'],
    // CommonJS packages inside an ES module bundle still call require (esbuild's documented way).
    banner: {
      js: "import { createRequire as __wardenRequire } from 'node:module'; const require = __wardenRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  process.env.WARDEN_TEST_BUNDLE = outdir;
  return () => {
    rmSync(outdir, { recursive: true, force: true });
    delete process.env.WARDEN_TEST_BUNDLE;
  };
}
