import { groupEntitlements } from '../domain/entitlements.js';
import { describeScope } from '../domain/scope.js';
import type { CampaignsPort, CampaignView } from '../ports/tenant.js';
import { getCampaignScopeAndEntitlements } from '../tenant/campaigns.js';
import type { TenantClient } from '../tenant/client.js';
import { TtlCache } from '../ttl-cache.js';

type Cached = {
  scopeV2: Parameters<typeof describeScope>[0];
  entitlements: CampaignView['entitlements'];
};

/**
 * Campaigns as people page through them: fetched and grouped once, kept for a minute, one
 * request per campaign however many clicks arrive at once. Paging a 10,000-entitlement campaign
 * then costs a slice, not a refetch. A failed fetch is not kept.
 */
export class CampaignCache implements CampaignsPort {
  readonly #tenant: TenantClient;
  readonly #ttlMs: number;
  readonly #cache: TtlCache<Cached>;

  constructor(tenant: TenantClient, opts: { ttlMs?: number; max?: number; now?: () => number } = {}) {
    this.#tenant = tenant;
    this.#ttlMs = opts.ttlMs ?? 60_000;
    this.#cache = new TtlCache({ max: opts.max ?? 20, now: opts.now ?? Date.now });
  }

  get(campaignId: string): Promise<CampaignView> {
    const load = () =>
      getCampaignScopeAndEntitlements(this.#tenant, campaignId).then((response) => ({
        scopeV2: response.scopeV2,
        entitlements: groupEntitlements(response),
      }));
    // The scope is put in words on each read, in the reader's language, not once in the first's.
    return this.#cache
      .get(campaignId, load, () => this.#ttlMs)
      .then((c) => ({ scope: describeScope(c.scopeV2), entitlements: c.entitlements }));
  }
}
