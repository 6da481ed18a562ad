import type { OpenView } from '@warden/simulators';
import { afterEach, beforeEach } from 'vitest';
import { type Harness, type LaneName, startHarness } from './harness.js';

/**
 * The button flow tests (test/e2e/button-flows*.test.ts). Each test file keeps its own `h` (a
 * test may close it and start another in its place) and its own `lane`; this starts a harness on
 * that lane before each test, closes the file's current one after it, and reads through it.
 */
export function flowsPerTest(file: {
  /** The lane the next test starts on (read before each test: a describe may switch it). */
  lane: () => LaneName;
  started: (h: Harness) => void;
  current: () => Harness;
}) {
  beforeEach(async () => {
    file.started(await startHarness({ lane: file.lane() }));
  });
  afterEach(() => file.current().close());
  return {
    /** The finding's state in the tenant now. */
    findingState: (id: string) => file.current().tenant.findings.get(id, Date.now())?.state,
    /** The form of `callbackId` once it is shown. */
    async formFor(callbackId: string): Promise<OpenView> {
      return (await file.current().form(callbackId)).view;
    },
  };
}
