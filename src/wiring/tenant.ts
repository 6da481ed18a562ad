import type { Config } from '../config.js';
import type { Metrics } from '../metrics.js';
import type { Clock } from '../ports/index.js';
import { TenantClient, type TenantClientOptions } from '../tenant/client.js';

/** The tenant client from configuration, observed by the request and token metrics. */
export function createTenantClient(
  config: Readonly<Config>,
  metrics: Metrics,
  clock: Clock,
  overrides?: Pick<TenantClientOptions, 'requestTimeoutMs' | 'retry'>,
): TenantClient {
  return new TenantClient({
    baseUrl: config.tenant.baseUrl,
    auth: config.tenant.auth,
    connectTimeoutMs: config.tenant.connectTimeoutMs,
    requestTimeoutMs: config.tenant.requestTimeoutMs,
    retry: { maxRetries: config.tenant.maxRetries },
    now: clock,
    observer: {
      request: (operation, status, seconds) => metrics.tenantRequests.observe({ operation, status }, seconds),
      tokenRequest: () => metrics.tokenRequests.inc(),
    },
    ...overrides,
  });
}
