import { type FindingAuditEvent, FindingAuditEventSchema } from '../model/finding-audit.js';
import type { TenantClient } from './client.js';
import { paginate } from './paginate.js';

/**
 * A finding's audit events (POST /api/v1/search/finding_audits), every page up to `limit`. The
 * vendor promises no order: callers sort. An event the schema cannot read is skipped, not fatal.
 */
export function searchFindingAudits(
  client: TenantClient,
  findingId: string,
  opts: { limit: number; onUnreadable?: (raw: unknown, reason: string) => void },
): AsyncGenerator<FindingAuditEvent, void, undefined> {
  return paginate(client, {
    operation: 'searchFindingAudits',
    method: 'POST',
    path: '/api/v1/search/finding_audits',
    body: { findingId },
    item: FindingAuditEventSchema,
    pageSize: 100,
    limit: opts.limit,
    ...(opts.onUnreadable ? { onUnreadable: opts.onUnreadable } : {}),
  });
}
