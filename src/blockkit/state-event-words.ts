import { t } from '../i18n/speak.js';
import type { Finding } from '../model/finding.js';
import { describeState } from './finding-state.js';

/**
 * The line that carries a bulk change's further state change event (the report carries the
 * first): how many findings it names, and where they now stand.
 */
export const stateEventsLine = (findings: readonly Finding[]): string => {
  const [first] = findings;
  return first
    ? t('events.moreWhere', { count: String(findings.length), state: describeState(first) })
    : t('events.more', { count: String(findings.length) });
};

/** The same after a restart interrupted the change (reconcile-bulk.ts): no report was posted. */
export const restartedEventsLine = (action: string, findings: readonly Finding[]): string => {
  const [first] = findings;
  return first
    ? t('events.restartedWhere', { action, count: findings.length, state: describeState(first) })
    : t('events.restarted', { action, count: findings.length });
};
