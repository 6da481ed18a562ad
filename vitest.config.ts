import { defineConfig } from 'vitest/config';

/** The demo in a real browser: each file starts the demo (two Wardens) and a chromium. */
const BROWSER = ['test/e2e/demo-browser*.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    // PostgreSQL found (TEST_DATABASE_URL, else the local one .ci/run uses) before the workers
    // start; Warden's programs bundled once for the tests that start them as processes (helpers/entry.ts).
    globalSetup: ['test/helpers/postgres-setup.ts', 'test/helpers/bundle-setup.ts'],
    // Integration tests start real loopback servers; give them room on a 2-core CI machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    poolOptions: {
      // Most test time is waiting on loopback servers and timers, not CPU: vitest's default of one
      // worker per core but one (a single worker on a 2-core machine) ran the files one by one.
      // Each file owns its ports, data directory and PostgreSQL schema, so files run side by side.
      // isolate: false: a worker keeps the modules it loaded (Warden, Bolt, the simulators) from one
      // file to the next instead of loading them afresh for each of ~120 files, most of the suite's
      // CPU before. Nothing is shared between files but module code: each file builds its own
      // Warden, simulators, store and clock. minForks = maxForks: tinypool retiring an idle worker
      // of a non-isolated pool loses the files queued to it ("Terminating worker thread").
      // Four, and two browser files at a time: with the process tests of containment (two Wardens
      // on PostgreSQL, a Warden killed and restarted) and eleven browser files (two Wardens and a
      // chromium each), five forks beside three demos starved the processes' starts on two cores
      // (a demo's Warden not up in 100 s, two replicas not up in 20 s: one failure in most runs).
      forks: { maxForks: 4, minForks: 4, isolate: false },
      // The browser files (the threads pool is theirs alone) run beside the rest: they mostly wait
      // on the demo's real-time pace (a flood posted at one message a second), and their Wardens
      // start from the build.
      threads: { maxThreads: 2, minThreads: 2, isolate: false },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          exclude: BROWSER,
          pool: 'forks',
        },
      },
      { extends: true, test: { name: 'browser', include: BROWSER, pool: 'threads' } },
    ],
    // The default output, then the ten slowest tests (the suite's time budget, in sight).
    reporters: ['default', './test/helpers/slowest-reporter.ts'],
  },
});
