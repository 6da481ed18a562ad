/**
 * Real-time waits for what happens after an ack (the harness's clock is not read here), and for
 * the process tests (Warden in processes of its own, on the wall clock). A module apart from
 * harness.ts, whose import loads all of Warden into the test file.
 */

/** Waits until `check` returns (or resolves to) something truthy: side effects happen after the ack. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 5_000,
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
