import { isApiError } from '../../errors.js';
import type { Logger } from '../../logger.js';

/**
 * Logs a tenant call that failed. An id the tenant does not know (a typo, usually) is an everyday
 * answer, not a fault: one info line with what was asked, without the stack or the request body
 * (a body can carry a person's words and email). Anything else is a warning with the error.
 */
export function logTenantFailure(log: Logger, error: unknown, what: string): void {
  if (isApiError(error) && error.kind === 'not_found') {
    log.info({ operation: error.operation, status: error.status }, `${what}: the tenant has no such item`);
    return;
  }
  log.warn({ err: error }, what);
}
