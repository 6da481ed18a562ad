import { type Report, renderReportForm } from '../../blockkit/forms/shortcut-forms.js';
import { inFlight } from '../../blockkit/outcome-words.js';
import {
  noSecurityChannel,
  reportComment,
  reportFiledOnTask,
  reportPost,
  reportPosted,
} from '../../blockkit/shortcut-words.js';
import { routeAlert } from '../../domain/routing.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { recordAudit } from '../shared/record-audit.js';
import { type MessageFormInput, openMessageForm } from './attach-note.js';

/**
 * *Report suspicious identity activity* (message shortcut). The tenant's API has no report or
 * free-standing task (api-facts.md): only a finding's remediation task, which takes comments. So
 * a report naming a finding is filed on that finding's task (created when it has none); any
 * other goes to the security route's channel (the alert routing for its severity, else
 * ALERTS_CHANNEL). The person is told where it went; a tenant failure is told and nothing posted.
 */
export type ReportPorts = Pick<
  Ports,
  | 'findings'
  | 'cards'
  | 'chat'
  | 'history'
  | 'privately'
  | 'audit'
  | 'settings'
  | 'clock'
  | 'logger'
  | 'inflight'
>;

/** How long a report waits for a change in flight on its finding (e.g. another report's task). */
const CLAIM_WAIT_MS = 5_000;
const CLAIM_RETRY_MS = 100;

/**
 * The finding's remediation task, created when it has none under the same in-flight claim the
 * Create task button takes (usecases/findings/create-task.ts): two reports at once make one task, the
 * second waits for the claim and finds the task the first made. Undefined when the claim stays
 * taken (a change in flight longer than the wait): nothing is filed then.
 */
async function taskOf(
  p: ReportPorts,
  findingId: string,
): Promise<{ taskId: string; created: boolean } | undefined> {
  const first = await p.findings.get(findingId);
  if (first.taskId) return { taskId: first.taskId, created: false };
  const until = p.clock() + CLAIM_WAIT_MS;
  while (!(await p.inflight.claim(findingId))) {
    if (p.clock() >= until) return undefined;
    await new Promise((resolve) => setTimeout(resolve, CLAIM_RETRY_MS));
  }
  try {
    // Read again under the claim: whoever held it may have made the task meanwhile.
    const finding = await p.findings.get(findingId);
    if (finding.taskId) return { taskId: finding.taskId, created: false };
    return { taskId: (await p.findings.createTask(finding.id)).taskId, created: true };
  } finally {
    await p.inflight.release(findingId);
  }
}

/** Report identity activity's form. */
export const openReportForm = (p: Pick<Ports, 'views' | 'privately'>, s: MessageFormInput): Promise<void> =>
  openMessageForm(p, s, renderReportForm);

export interface ReportInput {
  report: Report;
  message: { channel: string; ts: string };
  userId: string;
  audience: Audience;
  ref: string;
}

/** The security route's channel for a report of this severity. */
export function securityChannel(p: Pick<Ports, 'settings'>, severity: string): string | undefined {
  const { routing, defaultChannel } = p.settings.attest;
  const route = routeAlert(
    { severity: `FINDING_SEVERITY_${severity.toUpperCase()}` },
    routing,
    defaultChannel,
  );
  return 'channel' in route ? route.channel : defaultChannel;
}

export async function reportActivity(p: ReportPorts, r: ReportInput): Promise<void> {
  const log = p.logger.child({ ref: r.ref, user: r.userId });
  const link = await p.history.permalink(r.message.channel, r.message.ts).catch((error: unknown) => {
    log.warn({ err: error }, 'chat.getPermalink failed; the report goes without its link');
    return undefined;
  });
  const words = { ...r.report, userId: r.userId, link };
  const audit = { userId: r.userId, action: 'report.activity', channel: r.message.channel };
  const params = { ref: r.ref, severity: r.report.severity, messageTs: r.message.ts };
  const { findingId } = r.report;
  if (findingId) {
    const task = await taskOf(p, findingId);
    if (!task) {
      log.info({ findingId }, 'report not filed: a change to the finding stayed in flight');
      await p.privately.tell(r.audience, inFlight(findingId));
      return;
    }
    const { taskId } = task;
    await p.findings.comment(taskId, reportComment(words));
    const filed = { ...params, task: taskId, ...(task.created ? { createdTask: true } : {}) };
    await recordAudit(p, { ...audit, findingId, params: filed, outcome: 'ok' });
    log.info({ findingId, taskId }, 'suspicious activity filed on the remediation task');
    await p.privately.tell(r.audience, reportFiledOnTask(taskId, findingId));
    return;
  }
  const channel = securityChannel(p, r.report.severity);
  if (!channel) {
    log.warn('no security channel for a report');
    await p.privately.tell(r.audience, noSecurityChannel());
    return;
  }
  await p.chat.post({ channel, text: reportPost(words) });
  await recordAudit(p, { ...audit, params: { ...params, posted: channel }, outcome: 'ok' });
  log.info({ channel }, 'suspicious activity posted to the security channel');
  await p.privately.tell(r.audience, reportPosted(channel));
}
