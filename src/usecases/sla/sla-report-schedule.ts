import type { SlaReportSpec } from '../../config-sections/sla.js';
import { digestOccurrences } from '../../domain/digest-time.js';
import type { Ports } from '../../ports/index.js';

/**
 * The weekly reports' schedule (WARDEN_CONFIG `sla.report`): on its weekday, at its local time,
 * one lifecycle job per channel and date (`slaReport:<channel>:<date>`), so replicas agree on one
 * report however many schedule it; a report whose time passed during a long downtime is skipped
 * like a digest (domain/digest-time.ts). The job records the workspace (team) it belongs to.
 */
export async function scheduleSlaReports(
  p: Pick<Ports, 'lifecycle' | 'settings'>,
  reports: readonly SlaReportSpec[],
  now: number,
): Promise<void> {
  for (const r of reports) {
    for (const o of digestOccurrences(r.at, r.timezone, now)) {
      const weekday = new Date(`${o.date}T12:00:00Z`).getUTCDay();
      if (weekday !== r.day) continue;
      await p.lifecycle.scheduleJob(
        {
          kind: 'slaReport',
          key: `slaReport:${r.channel}:${o.date}`,
          dueAt: o.dueAt,
          subject: r.channel,
          payload: { team: p.settings.teamId, routed: r.findings === 'routed' },
        },
        now,
      );
    }
  }
}
