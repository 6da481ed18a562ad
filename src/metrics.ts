import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { containMetrics } from './metrics-contain.js';
import { slaMetrics } from './metrics-sla.js';
import { workspaceMetrics } from './metrics-workspaces.js';

/**
 * Warden's Prometheus metrics, on one registry per instance (tests run several in a process).
 * Names follow Prometheus conventions: seconds, _total for counters.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'warden_' });
  const m = {
    registry,
    interactionFailures: new Counter({
      name: 'warden_interaction_failures_total',
      help: 'Interactions that failed after the ack, by what the person asked (each told in a sentence with a ref).',
      labelNames: ['what'] as const,
      registers: [registry],
    }),
    interactions: new Counter({
      name: 'warden_interactions_total',
      help: 'Slack requests by kind (command, block_actions, view_submission, …) and outcome (handled, error, rejected, duplicate, shed, not_installed).',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    }),
    ack: new Histogram({
      name: 'warden_ack_seconds',
      help: 'Time from a Slack request arriving to Warden answering it (the ack Slack waits 3 s for).',
      labelNames: ['kind'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    stateChanges: new Counter({
      name: 'warden_state_changes_total',
      help: 'Finding state change attempts by action and outcome (ok, refused, failed, busy, denied, requested).',
      labelNames: ['action', 'outcome'] as const,
      registers: [registry],
    }),
    bulkActions: new Counter({
      name: 'warden_bulk_actions_total',
      help: 'Actions on many findings at once (a roll-up) by action and outcome (ok, partial, refused, failed, denied, requested).',
      labelNames: ['action', 'outcome'] as const,
      registers: [registry],
    }),
    stepUps: new Counter({
      name: 'warden_step_ups_total',
      help: 'Step-up verifications by action key and outcome (requested, passed, refused) and, when refused, why.',
      labelNames: ['action', 'outcome', 'reason'] as const,
      registers: [registry],
    }),
    ...floodMetrics(registry),
    ...lifecycleMetrics(registry),
    ...containMetrics(registry),
    ...workspaceMetrics(registry),
    ...slaMetrics(registry),
    tenantRequests: new Histogram({
      name: 'warden_tenant_request_seconds',
      help: 'Tenant API requests by operation and HTTP status (or the failure: timeout, network).',
      labelNames: ['operation', 'status'] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    tokenRequests: new Counter({
      name: 'warden_tenant_token_requests_total',
      help: 'Requests for a tenant access token (client credentials): one per refresh, however many callers.',
      registers: [registry],
    }),
    slackErrors: new Counter({
      name: 'warden_slack_api_errors_total',
      help: 'Slack Web API calls that failed, by method and error.',
      labelNames: ['method', 'error'] as const,
      registers: [registry],
    }),
    deliveries: new Counter({
      name: 'warden_alert_deliveries_total',
      help: 'Alert delivery attempts by result (sent, rescheduled, failed, rolledUp: joined a roll-up).',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    intake: new Counter({
      name: 'warden_alerts_received_total',
      help: 'Alerts received by source (webhook, signed, poller) and whether they were new.',
      labelNames: ['source', 'duplicate'] as const,
      registers: [registry],
    }),
  };
  return m;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Gauges read at scrape time from the store and the poller. */
export function registerStateGauges(
  metrics: Metrics,
  read: {
    workQueue: () => number;
    outbox: () => Promise<{
      pending: number;
      sending: number;
      failed: number;
      oldestUnsentAgeMs: number | undefined;
    }>;
    pollerLastSuccessAt?: () => number | undefined;
    now: () => number;
  },
): void {
  // Both outbox gauges come from one store read per scrape (a read is reused for a second).
  type Stats = Awaited<ReturnType<typeof read.outbox>>;
  let last: { at: number; stats: Promise<Stats> } | undefined;
  const outbox = (): Promise<Stats> => {
    const now = read.now();
    if (!last || now - last.at > 1_000) {
      const stats = read.outbox();
      last = { at: now, stats };
      stats.catch(() => {
        if (last?.stats === stats) last = undefined;
      });
    }
    return last.stats;
  };
  new Gauge({
    name: 'warden_outbox_depth',
    help: 'Alerts in the outbox by status (pending, sending, failed).',
    labelNames: ['status'] as const,
    registers: [metrics.registry],
    async collect() {
      const s = await outbox();
      this.set({ status: 'pending' }, s.pending);
      this.set({ status: 'sending' }, s.sending);
      this.set({ status: 'failed' }, s.failed);
    },
  });
  new Gauge({
    name: 'warden_outbox_oldest_unsent_seconds',
    help: 'Age of the oldest alert not yet delivered (0 when none).',
    registers: [metrics.registry],
    async collect() {
      const s = await outbox();
      this.set((s.oldestUnsentAgeMs ?? 0) / 1_000);
    },
  });
  new Gauge({
    name: 'warden_work_queue_size',
    help: 'Slack interactions acked whose work is running or waiting (bounded concurrency).',
    registers: [metrics.registry],
    collect() {
      this.set(read.workQueue());
    },
  });
  const lastSuccess = read.pollerLastSuccessAt;
  if (lastSuccess) {
    new Gauge({
      name: 'warden_poller_lag_seconds',
      help: 'Time since the poller last finished a run (-1 before the first).',
      registers: [metrics.registry],
      collect() {
        const at = lastSuccess();
        this.set(at === undefined ? -1 : (read.now() - at) / 1_000);
      },
    });
  }
}

/** Floods and hand-offs: Slack's limits, roll-ups, closures (their own group, read the same way). */
function floodMetrics(registry: Registry) {
  return {
    closures: new Counter({
      name: 'warden_closures_total',
      help: 'Findings resolved or suppressed through Warden, by action, closure reason (unspecified: a command without one) and finding type: detector noise.',
      labelNames: ['action', 'reason', 'finding_type'] as const,
      registers: [registry],
    }),
    rollups: new Counter({
      name: 'warden_rollups_posted_total',
      help: 'Roll-up summaries posted: one message standing for many alerts of a channel.',
      registers: [registry],
    }),
    slack429: new Counter({
      name: 'warden_slack_429_total',
      help: 'HTTP 429 (rate limited) answers from Slack, by method.',
      labelNames: ['method'] as const,
      registers: [registry],
    }),
    pacingWaits: new Histogram({
      name: 'warden_slack_pacing_wait_seconds',
      help: 'Time a Slack call waited for its paced slot (posts per channel, updates per workspace), by method.',
      labelNames: ['method'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5],
      registers: [registry],
    }),
  };
}

/** A finding's life in Slack: reminders, ends, digests, the Home tab. */
function lifecycleMetrics(registry: Registry) {
  return {
    lifecycleJobs: new Counter({
      name: 'warden_lifecycle_jobs_total',
      help: 'Reminders, ends and digests run, by kind and outcome (done, skipped, failed, retried).',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    }),
    lifecycleUndelivered: new Counter({
      name: 'warden_lifecycle_undelivered_total',
      help: 'Reminder or digest messages that could not be delivered (a person gone, cannot_dm_bot, a channel archived): recorded, not retried.',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    asks: new Counter({
      name: 'warden_asks_total',
      help: 'Attestation asks ("Was this you?") by finding type and event (sent, unreachable: asked in the channel, answered, reminded, escalated) and answer (none until answered).',
      labelNames: ['finding_type', 'event', 'answer'] as const,
      registers: [registry],
    }),
    homePublished: new Counter({
      name: 'warden_home_published_total',
      help: 'Home tabs published (views.publish), by outcome.',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
  };
}
