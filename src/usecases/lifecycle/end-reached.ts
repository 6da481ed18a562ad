import { renderEndNews } from '../../blockkit/reminder.js';
import { endOf, isSameEnd } from '../../domain/ends.js';
import type { Ports } from '../../ports/index.js';
import type { LifecycleJob } from '../../ports/lifecycle.js';
import { replyInThread } from '../shared/alert-life.js';
import { type ChangedPorts, findingChanged } from '../shared/finding-changed.js';
import { channelCards, endingFinding, type JobResult, undeliverableCode } from '../shared/lifecycle-job.js';
import { stateChangedMetadata } from '../shared/state-event.js';

/**
 * When a snooze or risk acceptance ends: Warden reads the finding back (no poller needed), replaces
 * its cards with what is true now (open again, or extended by someone else) and says so in the
 * alert's thread. A tenant that has not reopened it yet (its clock a little behind) is asked again
 * for a while; after that the job fails for an operator to see.
 */
export type EndPorts = ChangedPorts & Pick<Ports, 'findings'>;

/** How long after the end Warden keeps asking a tenant that still shows it. */
const PATIENCE_MS = 10 * 60_000;

export async function endReached(p: EndPorts, job: LifecycleJob): Promise<JobResult> {
  const read = await endingFinding(p, job, 30_000);
  if ('result' in read) return read.result;
  const { end, finding } = read;
  if (isSameEnd(endOf(finding), { action: end.action, at: end.endsAt })) {
    if (p.clock() - end.endsAt < PATIENCE_MS)
      return { retryInMs: 30_000, error: 'the tenant still shows it; asking again' };
    return { status: 'failed', outcome: 'the tenant did not end it' };
  }
  // Whatever holds now: a later end (extended elsewhere) gets its own reminder and end; the
  // roll-ups it is in and its cards show it.
  await findingChanged(p, finding, { cards: { known: true } });
  const news = renderEndNews(end.action, finding);
  let undelivered = 0;
  // Its event rides on the first reply this job gets posted (a retried job posted it already).
  let published = Object.entries(job.progress).some(([k, v]) => k.startsWith('thread:') && v === 'sent');
  for (const card of await channelCards(p, finding.id).catch(() => [])) {
    const key = `thread:${card.channel}:${card.ts}`;
    if (job.progress[key]) continue;
    try {
      await replyInThread(p, card, news, published ? undefined : stateChangedMetadata(finding, 'warden'));
      published = true;
      await p.lifecycle.recordJobStep(job.id, key, 'sent', p.clock());
    } catch (error) {
      const code = undeliverableCode(error);
      if (!code)
        return { retryInMs: 30_000, error: `thread reply not posted: ${String(error).slice(0, 200)}` };
      await p.lifecycle.recordJobStep(job.id, key, code, p.clock());
      undelivered++;
    }
  }
  return { status: 'done', outcome: `ended: ${finding.state ?? 'unknown state'}`, undelivered };
}
