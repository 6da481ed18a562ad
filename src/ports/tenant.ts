import type { FindingAction } from '../domain/actions.js';
import type { BulkChange } from '../domain/bulk-change.js';
import type { CampaignEntitlements } from '../domain/entitlements.js';
import type { DescribedScope } from '../domain/scope.js';
import type { Finding, FindingSearchFilters, FindingTypeRef } from '../model/finding.js';
import type { ClockAuditEvent, FindingAuditEvent } from '../model/finding-audit.js';

/** The tenant's finding operations as the use cases use them (implemented over tenant/). */
export interface FindingsPort {
  get(findingId: string): Promise<Finding>;
  /** A state change, never repeated blindly after an ambiguous failure (read back first). */
  change(findingId: string, action: FindingAction): Promise<Finding>;
  /** Every matching finding; one the schema cannot read goes to `onUnreadable` and is skipped. */
  search(
    filters: FindingSearchFilters,
    opts?: {
      pageSize?: number;
      limit?: number;
      onUnreadable?: (raw: unknown, reason: string) => void | Promise<void>;
    },
  ): AsyncIterable<Finding>;
  /** Every matching finding's id and finding_type member, read from the search and nothing more. */
  searchTypes(filters: FindingSearchFilters): AsyncIterable<FindingTypeRef>;
  /**
   * Starts one change to many findings; the tenant applies it asynchronously and answers only
   * the bulk action's id: read the findings back (`search({ refs })`) to see which it reached.
   */
  bulk(findingIds: readonly string[], change: BulkChange): Promise<{ bulkActionId: string }>;
  /** Creates the finding's remediation task; never twice after an ambiguous failure (read back). */
  createTask(findingId: string): Promise<{ taskId: string; finding: Finding }>;
  /** A comment on a remediation task (the tenant has none on a finding itself); never repeated blindly. */
  comment(taskId: string, text: string): Promise<void>;
  /** The finding's audit events as the tenant keeps them, at most `limit`, in no promised order. */
  history(findingId: string, limit: number): Promise<{ events: FindingAuditEvent[]; truncated: boolean }>;
  /**
   * Every finding's audit events from `since` (inclusive) to `until` (exclusive), streamed page by
   * page: the event types and fields the SLA clocks read (sla-events.ts); an event the schema cannot read goes to
   * `onUnreadable` and is skipped.
   */
  auditEvents(
    range: { since?: number | undefined; until?: number | undefined },
    opts?: { onUnreadable?: (raw: unknown, reason: string) => void },
  ): AsyncIterable<ClockAuditEvent>;
}

export interface CampaignView {
  scope: DescribedScope;
  entitlements: CampaignEntitlements;
}

export interface CampaignsPort {
  get(campaignId: string): Promise<CampaignView>;
}
