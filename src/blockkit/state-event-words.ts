import type { Finding } from '../model/finding.js';
import { describeState } from './finding-state.js';
import { code } from './mrkdwn.js';

/** The line that carries one finding's state change event (a bulk change's thread). */
export const stateEventLine = (finding: Finding): string =>
  `${code(finding.id, 80)}: ${describeState(finding)}`;
