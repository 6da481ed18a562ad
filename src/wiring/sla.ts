import type { ConfigFile } from '../config-file.js';
import { type SlaReportSpec, slaPolicyOf } from '../config-sections/sla.js';
import { calendarOf } from '../domain/business-hours.js';
import type { Ports } from '../ports/index.js';
import type { LifecycleJob } from '../ports/lifecycle.js';
import type { PacingStore } from '../ports/pacing.js';
import type { SlaSettings } from '../ports/sla.js';
import type { ChatPort } from '../ports/slack.js';
import { slaBudgetedChat } from '../slack/sla-budget.js';
import type { JobResult } from '../usecases/shared/lifecycle-job.js';
import { startCursor, syncClocksFromAudit } from '../usecases/sla/sla-audit-sync.js';
import { weeklySlaReport } from '../usecases/sla/sla-report.js';
import { scheduleSlaReports } from '../usecases/sla/sla-report-schedule.js';
import { sweepClocks } from '../usecases/sla/sla-sweep.js';

/** WARDEN_CONFIG `sla` as the use cases read it (undefined: no clocks). */
export function slaSettings(file: ConfigFile): SlaSettings | undefined {
  if (!file.sla) return undefined;
  const policy = slaPolicyOf(file.sla);
  return { policy, calendar: calendarOf(policy.businessHours), escalateTo: file.sla.escalateTo };
}

/**
 * The SLA's background work (wiring/lifecycle.ts runs it): the minute sweep of clocks that came
 * due, with the chat that takes an update slot only when free now and within the SLA's own share
 * (slack/sla-budget.ts), and the read of the tenant's audit events from where the last stopped.
 */
export function slaJobs(o: {
  ports: Ports;
  listingChat: ChatPort;
  pacing: PacingStore;
  reports: readonly SlaReportSpec[];
}): { sweep: () => Promise<unknown>; auditSync: () => Promise<unknown> } | undefined {
  const { ports } = o;
  const store = ports.sla;
  if (!ports.settings.sla || !store) return undefined;
  const chat = slaBudgetedChat(o.listingChat, o.pacing, ports.clock);
  const cursor = startCursor(ports.clock());
  return {
    sweep: async () => {
      await scheduleSlaReports(ports, o.reports, ports.clock());
      return sweepClocks({ ...ports, sla: store, chat });
    },
    auditSync: () => syncClocksFromAudit({ ...ports, sla: store }, cursor),
  };
}

/** The weekly report's job, for the lifecycle runner (skipped when its channel is no longer configured). */
export function slaReportRunner(reports: readonly SlaReportSpec[]) {
  return (ports: Ports, job: LifecycleJob): Promise<JobResult> => {
    const spec = reports.find((r) => r.channel === job.subject);
    if (!spec || !ports.settings.sla)
      return Promise.resolve({ status: 'skipped', outcome: 'no longer configured' });
    return weeklySlaReport(ports, job, spec.findings === 'routed', spec.font);
  };
}
