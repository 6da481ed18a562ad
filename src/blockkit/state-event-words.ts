import type { Finding } from '../model/finding.js';
import { describeState } from './finding-state.js';

const count = (n: number) => `${n} finding${n === 1 ? '' : 's'}`;
const whereNow = (findings: readonly Finding[]) => {
  const [first] = findings;
  return first ? `: ${describeState(first)}` : '';
};

/**
 * The line that carries a bulk change's further state change event (the report carries the
 * first): how many findings it names, and where they now stand.
 */
export const stateEventsLine = (findings: readonly Finding[]): string =>
  `${findings.length} more of this change's findings${whereNow(findings)}`;

/** The same after a restart interrupted the change (reconcile-bulk.ts): no report was posted. */
export const restartedEventsLine = (action: string, findings: readonly Finding[]): string =>
  `After a restart, the ${action} interrupted had reached ${count(findings.length)}${whereNow(findings)}`;
