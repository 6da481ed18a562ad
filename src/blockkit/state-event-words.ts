import type { Finding } from '../model/finding.js';
import { describeState } from './finding-state.js';

/**
 * The line that carries a bulk change's further state change event (the report carries the
 * first): how many findings it names, and where they now stand.
 */
export const stateEventsLine = (findings: readonly Finding[]): string => {
  const [first] = findings;
  const where = first ? `: ${describeState(first)}` : '';
  return `${findings.length} more finding${findings.length === 1 ? '' : 's'} of this change${where}`;
};
