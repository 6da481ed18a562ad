import { buildStateRequestBody, isActionApplied } from '../domain/actions.js';
import { buildBulkStateAction } from '../domain/bulk-change.js';
import { FINDING_TYPES } from '../domain/finding-type.js';
import { CLOCK_EVENT_TYPES } from '../domain/sla-events.js';
import type { FindingsPort } from '../ports/tenant.js';
import { bulkUpdateFindingState } from '../tenant/bulk-state.js';
import type { TenantClient } from '../tenant/client.js';
import { searchAuditEvents, searchFindingAudits } from '../tenant/finding-audits.js';
import { getFinding, searchFindings, searchFindingTypes, updateFindingState } from '../tenant/findings.js';
import { commentOnTask, createFindingTask } from '../tenant/task.js';

/** The tenant's finding operations for the use cases: a domain action in, the wire body out. */
export function createFindingsPort(client: TenantClient): FindingsPort {
  return {
    get: (findingId) => getFinding(client, findingId),
    change: (findingId, action) =>
      updateFindingState(client, findingId, buildStateRequestBody(action), (current) =>
        isActionApplied(current, action),
      ),
    search: (filters, opts) => searchFindings(client, filters, opts),
    searchTypes: (filters) =>
      searchFindingTypes(
        client,
        filters,
        FINDING_TYPES.map((t) => t.member),
      ),
    createTask: (findingId) => createFindingTask(client, findingId),
    comment: (taskId, text) => commentOnTask(client, taskId, text),
    async history(findingId, limit) {
      const events = [];
      // One more than asked: whether there are older ones than Warden shows.
      for await (const e of searchFindingAudits(client, findingId, { limit: limit + 1 })) events.push(e);
      return { events: events.slice(0, limit), truncated: events.length > limit };
    },
    auditEvents: (range, opts) =>
      searchAuditEvents(client, range, { ...opts, eventTypes: CLOCK_EVENT_TYPES }),
    bulk: (findingIds, change) =>
      bulkUpdateFindingState(client, {
        refs: findingIds.map((id) => ({ id })),
        ...buildBulkStateAction(change),
      }),
  };
}
