import { approvalSubject } from '../../blockkit/approval-request.js';
import { DIGEST_LISTED, type DigestData, type DigestItem, renderDigest } from '../../blockkit/digest.js';
import { messageLink } from '../../blockkit/links.js';
import { DIGEST_CATCH_UP_MS } from '../../domain/digest-time.js';
import { severityRank } from '../../domain/routing.js';
import { FINDING_SEVERITIES } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';
import type { LifecycleJob } from '../../ports/lifecycle.js';
import { endPayloadOf, type JobResult, undeliverableCode } from '../shared/lifecycle-job.js';
import { inChannel } from '../shared/speech.js';

/**
 * A channel's daily digest (WARDEN_CONFIG `digest`), posted once per channel per day however many
 * replicas: the job is claimed once, and the message carries the job's id in its metadata, so a
 * job taken back after a crash finds its own post in the channel's history instead of posting again.
 */
export type DigestPorts = Pick<
  Ports,
  | 'findings'
  | 'outbox'
  | 'lifecycle'
  | 'approvals'
  | 'cards'
  | 'chat'
  | 'history'
  | 'settings'
  | 'clock'
  | 'logger'
>;

export interface DigestSpec {
  channel: string;
  minSeverity?: string | undefined;
}

export const DIGEST_EVENT_TYPE = 'warden_digest';
/** The open findings counted at most (pages of 100): a digest is a summary, not an export. */
const COUNT_AT_MOST = 2_000;
const OPEN_STATES = ['FINDING_STATE_OPEN', 'FINDING_STATE_IN_PROGRESS'];

/** The finding's card in this channel, as a link, when there is one. */
async function cardIn(p: DigestPorts, findingId: string, channel: string) {
  const card = (await p.cards.messagesFor(findingId).catch(() => []))
    .filter((c) => c.channel === channel)
    .at(-1);
  return card ? { link: messageLink(p.settings.workspaceUrl, card.channel, card.ts) } : undefined;
}

async function openCounts(p: DigestPorts, spec: DigestSpec): Promise<DigestData['open']> {
  const floor = spec.minSeverity ? severityRank(spec.minSeverity) : 0;
  const severities = FINDING_SEVERITIES.filter(
    (s) => severityRank(s) >= floor && (floor > 0 || s !== 'FINDING_SEVERITY_UNSPECIFIED'),
  );
  const counts = new Map<string, number>();
  let total = 0;
  const search = p.findings.search(
    { states: OPEN_STATES, ...(spec.minSeverity ? { severities } : {}) },
    { pageSize: 100, limit: COUNT_AT_MOST },
  );
  for await (const f of search) {
    const sev = f.severity ?? 'FINDING_SEVERITY_UNSPECIFIED';
    counts.set(sev, (counts.get(sev) ?? 0) + 1);
    total++;
  }
  const bySeverity = [...counts.entries()]
    .map(([severity, count]) => ({ severity, count }))
    .sort((a, b) => severityRank(b.severity) - severityRank(a.severity));
  return { ok: true, bySeverity, total, capped: total >= COUNT_AT_MOST, minSeverity: spec.minSeverity };
}

async function gather(p: DigestPorts, job: LifecycleJob, spec: DigestSpec): Promise<DigestData> {
  const now = p.clock();
  const previous = await p.lifecycle.lastFinished('digest', spec.channel);
  const since = previous?.dueAt ?? now - 86_400_000;
  const arrivals = await p.outbox.arrivals(spec.channel, since, DIGEST_LISTED);
  const items = async (ids: string[]): Promise<DigestItem[]> =>
    Promise.all(
      ids.map(async (findingId) => ({ findingId, link: (await cardIn(p, findingId, spec.channel))?.link })),
    );
  // What ends within 7 days, of the findings this channel has a card of.
  const ending: DigestData['ending'] = [];
  for (const job of await p.lifecycle.pendingJobs('end', now + 7 * 86_400_000, { limit: 500 })) {
    const end = endPayloadOf(job);
    const card = end ? await cardIn(p, end.findingId, spec.channel) : undefined;
    if (end && card)
      ending.push({ action: end.action, endsAt: end.endsAt, findingId: end.findingId, link: card.link });
  }
  const waiting = (await p.approvals.pendingApprovals(now)).filter((a) => a.channel === spec.channel);
  let open: DigestData['open'];
  try {
    open = await openCounts(p, spec);
  } catch (error) {
    // Told in the digest rather than holding it back: the rest of it is still true.
    p.logger.warn({ err: error, jobId: job.id }, 'digest: open findings could not be counted');
    open = { ok: false };
  }
  return {
    at: job.dueAt,
    open,
    arrived: {
      count: arrivals.count,
      since: previous?.dueAt,
      items: await items([...new Set(arrivals.recent.map((r) => r.findingId))]),
    },
    ending,
    approvals: {
      count: waiting.length,
      items: waiting.slice(0, DIGEST_LISTED).map((a) => ({
        findingId: a.findingId,
        requesterId: a.requesterId,
        subject: approvalSubject(a),
        link: a.requestTs ? messageLink(p.settings.workspaceUrl, a.channel, a.requestTs) : undefined,
      })),
    },
  };
}

export async function postDigest(p: DigestPorts, job: LifecycleJob, spec: DigestSpec): Promise<JobResult> {
  const now = p.clock();
  if (now > job.dueAt + DIGEST_CATCH_UP_MS)
    return { status: 'skipped', outcome: 'missed: Warden was down at its time' };
  const metadata = { event_type: DIGEST_EVENT_TYPE, event_payload: { digest_id: job.id } };
  if (job.attempts > 1) {
    // Taken back after a crash or a failure: posted already by an earlier attempt?
    const earlier = await p.history.findPost(spec.channel, metadata).catch(() => undefined);
    if (earlier) return { status: 'done', outcome: 'posted by an earlier attempt' };
  }
  try {
    const gathered = await gather(p, job, spec);
    const message = inChannel(p, spec.channel, () => renderDigest(gathered));
    await p.chat.post({ channel: spec.channel, ...message, metadata });
  } catch (error) {
    const code = undeliverableCode(error);
    if (code) {
      p.logger.error({ jobId: job.id, channel: spec.channel, code }, 'digest could not be posted');
      return { status: 'failed', outcome: `undeliverable: ${code}`, undelivered: 1 };
    }
    return { retryInMs: 60_000, error: `digest not posted: ${String(error).slice(0, 200)}` };
  }
  return { status: 'done', outcome: 'posted' };
}
