import { groupEntitlements } from '../domain/entitlements.js';
import { describeScope } from '../domain/scope.js';
import type { CampaignsPort, CampaignView } from '../ports/tenant.js';
import { getCampaignScopeAndEntitlements } from '../tenant/campaigns.js';
import type { TenantClient } from '../tenant/client.js';

/**
 * Campaigns as people page through them: fetched and grouped once, kept for a minute, one
 * request per campaign however many clicks arrive at once. Paging a 10,000-entitlement campaign
 * then costs a slice, not a refetch. A failed fetch is not kept.
 */
export class CampaignCache implements CampaignsPort {
  readonly #tenant: TenantClient;
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, { at: number; view: Promise<CampaignView> }>();

  constructor(tenant: TenantClient, opts: { ttlMs?: number; max?: number; now?: () => number } = {}) {
    this.#tenant = tenant;
    this.#ttlMs = opts.ttlMs ?? 60_000;
    this.#max = opts.max ?? 20;
    this.#now = opts.now ?? Date.now;
  }

  get(campaignId: string): Promise<CampaignView> {
    const hit = this.#entries.get(campaignId);
    if (hit && this.#now() - hit.at < this.#ttlMs) return hit.view;
    const view = getCampaignScopeAndEntitlements(this.#tenant, campaignId).then((response) => ({
      scope: describeScope(response.scopeV2),
      entitlements: groupEntitlements(response),
    }));
    this.#entries.delete(campaignId);
    this.#entries.set(campaignId, { at: this.#now(), view });
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    view.catch(() => this.#entries.delete(campaignId));
    return view;
  }
}
