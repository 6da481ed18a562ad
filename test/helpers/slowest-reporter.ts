import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Prints the ten slowest tests after a run, so the suite's time budget stays visible: a test that
 * shows up here over 3 s should say why in its name or a comment (CONTRIBUTING, "Fast tests").
 */
export default class SlowestReporter implements Reporter {
  readonly #times: { name: string; ms: number }[] = [];

  onTestCaseResult(test: TestCase): void {
    const ms = test.diagnostic()?.duration;
    if (ms === undefined) return;
    const file = relative(process.cwd(), test.module.moduleId);
    this.#times.push({ name: `${file} > ${test.fullName}`, ms });
  }

  onTestRunEnd(): void {
    if (this.#times.length === 0) return;
    const slowest = [...this.#times].sort((a, b) => b.ms - a.ms).slice(0, 10);
    const lines = slowest.map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`);
    process.stdout.write(`\nSlowest ${slowest.length} tests:\n${lines.join('\n')}\n`);
  }
}
