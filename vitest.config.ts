import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    environment: 'node',
    // Integration tests start real loopback servers; give them room on a 2-core CI machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // The default output, then the ten slowest tests (the suite's time budget, in sight).
    reporters: ['default', './test/helpers/slowest-reporter.ts'],
  },
});
