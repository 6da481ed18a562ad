import { Counter, type Registry } from 'prom-client';

/** The workspaces' metrics (wiring/workspace-set.ts, slack/workspace-tokens.ts), spread into metrics.ts. */
export function workspaceMetrics(registry: Registry) {
  return {
    unrouted: new Counter({
      name: 'warden_unrouted_total',
      help: 'Work refused because the workspace it belongs to could not be told (never sent with another workspace’s token), by what it was and why.',
      labelNames: ['what', 'reason'] as const,
      registers: [registry],
    }),
    workspaceStops: new Counter({
      name: 'warden_workspace_stops_total',
      help: 'Workspaces stopped on this replica because Slack refused their token (token_revoked, invalid_auth, account_inactive) or said the app was uninstalled.',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
  };
}
