import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** SLA clocks (issue 38): how long acknowledging and closing took, what is overdue, the report. */
const HOUR = 3_600;
export function slaMetrics(registry: Registry) {
  return {
    timeToAck: new Histogram({
      name: 'warden_time_to_ack_seconds',
      help: 'Time from a finding being created in the tenant to the first action a person took on it, by severity.',
      labelNames: ['severity'] as const,
      buckets: [300, 900, 1_800, HOUR, 4 * HOUR, 8 * HOUR, 24 * HOUR, 72 * HOUR, 168 * HOUR],
      registers: [registry],
    }),
    timeToClose: new Histogram({
      name: 'warden_time_to_close_seconds',
      help: 'Time from a finding being created in the tenant to its resolve or suppress, by severity and finding type.',
      labelNames: ['severity', 'finding_type'] as const,
      buckets: [HOUR, 4 * HOUR, 24 * HOUR, 72 * HOUR, 168 * HOUR, 336 * HOUR, 720 * HOUR, 2_160 * HOUR],
      registers: [registry],
    }),
    slaReports: new Counter({
      name: 'warden_sla_reports_total',
      help: 'SLA reports (weekly and on demand) by outcome (posted, text_only: the chart could not be rendered, failed).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    slaNotices: new Counter({
      name: 'warden_sla_notices_total',
      help: 'SLA warnings and breach replies sent, by kind (warn, breach) and clock (acknowledge, close).',
      labelNames: ['kind', 'clock'] as const,
      registers: [registry],
    }),
  };
}

/** `warden_findings_overdue{severity}`: read from the store at scrape time. */
export function registerOverdueGauge(registry: Registry, read: () => Promise<Map<string, number>>): void {
  new Gauge({
    name: 'warden_findings_overdue',
    help: 'Findings past an SLA target (acknowledge or close) and not closed, by severity.',
    labelNames: ['severity'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [severity, n] of await read()) this.set({ severity }, n);
    },
  });
}
