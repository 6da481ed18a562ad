/**
 * Real-time waits for what happens after an ack (the harness's clock is not read here), and for
 * the process tests (Warden in processes of its own, on the wall clock). A module apart from
 * harness.ts, whose import loads all of Warden into the test file.
 */

/**
 * How long a flow's effect may take before a test calls it missing. Passing tests return as soon
 * as it is there; the bound only decides when a failure is declared, and on a 2-core CI machine
 * running four test files, two browsers and a few Warden processes at once, an effect that takes
 * a few hundred milliseconds when quiet once took over 5 s (a form opening, in CI).
 */
export const FLOW_WAIT_MS = 15_000;

/** Waits until `check` returns (or resolves to) something truthy: side effects happen after the ack. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = FLOW_WAIT_MS,
  what = 'condition',
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Waits a little and proves nothing more happened. */
export function settle(ms = 300): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
