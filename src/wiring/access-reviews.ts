import { createReviewLinks } from '../adapters/review-links.js';
import { createReviewTenant } from '../adapters/review-tenant.js';
import type { Config } from '../config.js';
import type { ConfigFile } from '../config-file.js';
import { reviewSettings } from '../config-sections/access-reviews.js';
import type { AccessReviewsPort, LinkingFlows } from '../ports/access-reviews.js';
import type { Clock } from '../ports/index.js';
import type { Store } from '../ports/store.js';
import { TokenCipher } from '../slack/token-cipher.js';
import type { TenantClient } from '../tenant/client.js';

/**
 * Access reviews' port (WARDEN_CONFIG `reviews`; none when it is absent): the tenant's review
 * operations over Warden's client (and each reviewer's own), the links sealed with
 * WARDEN_TOKEN_KEY (config.ts requires it with `reviews`), the review jobs and trackers in the store.
 */
export function accessReviewsPort(input: {
  config: Readonly<Config>;
  file: ConfigFile;
  store: Store;
  tenant: TenantClient;
  clock: Clock;
}): AccessReviewsPort | undefined {
  const { file, config, store } = input;
  if (!file.reviews || !config.tokenKeys) return undefined;
  const settings = reviewSettings(file.reviews);
  const cipher = new TokenCipher(config.tokenKeys.current, config.tokenKeys.previous);
  return {
    settings,
    linking: linkingFlows(),
    tenant: createReviewTenant(input.tenant, settings.deviceClientId, input.clock),
    links: createReviewLinks(store, cipher),
    jobs: {
      schedule: (job, now) => store.scheduleReviewJob(job, now),
      claim: (holder, limit, now, lease) => store.claimReviewJobs(holder, limit, now, lease),
      finish: (id, status, outcome, now) => store.finishReviewJob(id, status, outcome, now),
      retry: (id, at, error, now) => store.retryReviewJob(id, at, error, now),
      pending: (kind, team) => store.pendingReviewJobs(kind, team),
    },
    trackers: {
      get: (team, id) => store.reviewTracker(team, id),
      save: (t) => store.saveReviewTracker(t),
      open: (team) => store.openReviewTrackers(team),
    },
  };
}

function linkingFlows(): LinkingFlows {
  const running = new Set<string>();
  let stopped = false;
  return {
    begin(key) {
      if (stopped || running.has(key)) return false;
      running.add(key);
      return true;
    },
    end: (key) => void running.delete(key),
    get stopped() {
      return stopped;
    },
    stop() {
      stopped = true;
    },
  };
}
