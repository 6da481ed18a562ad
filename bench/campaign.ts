/**
 * Scenario (e) of `npm run bench`: a campaign of 10,000 entitlements rendered a page at a time,
 * its CSV, and the grouping once.
 */
import { renderCampaign } from '../src/blockkit/campaign.js';
import { entitlementsCsv, groupEntitlements } from '../src/domain/entitlements.js';
import { describeScope } from '../src/domain/scope.js';
import { SetupEntitlementAndScopeResponseSchema } from '../src/model/campaign.js';
import { pct, round } from './processes.js';

export interface CampaignResult {
  entitlements: number;
  pageRenderMs: { p50: number | null; p99: number | null };
  csvMs: { p50: number | null; p99: number | null };
  groupOnceMs: number | null;
  /** The slowest page but 1 %, unrounded (the target's). */
  pageP99Ms: number;
}

function seedCampaignScope() {
  return { appAccess: {}, allUsers: {}, allAccounts: {}, allGrants: {}, allAccessConflicts: {} };
}

export function campaignScenario(): CampaignResult {
  const big = (() => {
    const list = Array.from({ length: 10_000 }, (_, i) => ({
      appPath: `$.expanded[${i % 20}]`,
      entitlementPath: '',
      policyPath: '',
      accessReviewEntitlement: {
        appId: `APP_${i % 20}`,
        appEntitlementId: `ENT_${i}`,
        policyId: 'POL',
        customPolicyId: i % 50 === 0 ? 'POL_X' : '',
        deletedAt: i % 97 === 0 ? '2026-01-01T00:00:00Z' : null,
      },
    }));
    const expanded = Array.from({ length: 20 }, (_, i) => ({ '@type': 'App', displayName: `App ${i}` }));
    return SetupEntitlementAndScopeResponseSchema.parse({ scopeV2: seedCampaignScope(), list, expanded });
  })();
  const scope = describeScope(big.scopeV2);
  const ents = groupEntitlements(big);
  const pageTimes: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t0 = performance.now();
    renderCampaign(scope, ents, { campaignId: 'CAMP_BENCH', page: i % 240 });
    pageTimes.push(performance.now() - t0);
  }
  pageTimes.sort((a, b) => a - b);
  const csvTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    entitlementsCsv(ents);
    csvTimes.push(performance.now() - t0);
  }
  csvTimes.sort((a, b) => a - b);
  const groupStart = performance.now();
  groupEntitlements(big);
  const groupMs = performance.now() - groupStart;
  return {
    entitlements: 10_000,
    pageRenderMs: { p50: round(pct(pageTimes, 50), 3), p99: round(pct(pageTimes, 99), 3) },
    csvMs: { p50: round(pct(csvTimes, 50), 1), p99: round(pct(csvTimes, 99), 1) },
    groupOnceMs: round(groupMs, 1),
    pageP99Ms: pct(pageTimes, 99),
  };
}
