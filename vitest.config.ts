import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    environment: 'node',
    // Integration tests start real loopback servers; give them room on a 2-core CI machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Most test time is waiting on loopback servers and timers, not CPU: vitest's default of one
    // worker per core but one (a single worker on a 2-core machine) ran the files one by one.
    // Each file owns its ports, data directory and PostgreSQL schema, so files run side by side.
    maxWorkers: 4,
    minWorkers: 1,
    // The default output, then the ten slowest tests (the suite's time budget, in sight).
    reporters: ['default', './test/helpers/slowest-reporter.ts'],
  },
});
