import type { Config } from '../config.js';
import type { Metrics } from '../metrics.js';
import type { Timers } from '../ports/index.js';
import { TenantClient, type TenantClientOptions } from '../tenant/client.js';

/** The tenant client from configuration, observed by the request and token metrics. */
export function createTenantClient(
  config: Readonly<Config>,
  metrics: Metrics,
  time: Pick<Timers, 'now' | 'sleep'>,
  overrides?: Pick<TenantClientOptions, 'requestTimeoutMs' | 'retry'>,
): TenantClient {
  return new TenantClient({
    baseUrl: config.tenant.baseUrl,
    auth: config.tenant.auth,
    connectTimeoutMs: config.tenant.connectTimeoutMs,
    requestTimeoutMs: config.tenant.requestTimeoutMs,
    now: time.now,
    observer: {
      request: (operation, status, seconds) => metrics.tenantRequests.observe({ operation, status }, seconds),
      tokenRequest: () => metrics.tokenRequests.inc(),
    },
    ...overrides,
    // Back-offs and Retry-After waits on Warden's clock, so a test moves them instead of waiting.
    // (A test's override replaces the configured retry rules whole, as it always has.)
    retry: { sleep: time.sleep, ...(overrides?.retry ?? { maxRetries: config.tenant.maxRetries }) },
  });
}
