import { renderEscalation } from '../../blockkit/attest.js';
import { messageLink } from '../../blockkit/links.js';
import { routeAlert } from '../../domain/routing.js';
import { t } from '../../i18n/speak.js';
import type { Finding } from '../../model/finding.js';
import type { Ask } from '../../ports/asks.js';
import type { LifecycleJob } from '../../ports/lifecycle.js';
import { personDmOf } from '../owners/owner-dm.js';
import { postCard, refreshKnownCards, trackCard } from '../shared/alert-life.js';
import type { JobResult } from '../shared/lifecycle-job.js';
import { recordAudit } from '../shared/record-audit.js';
import { inChannel } from '../shared/speech.js';
import { type AskPorts, openAsk } from './attest-ask.js';

/**
 * An ask escalated: at once on *No, not me* about a decoy or an exposed credential (someone else
 * has it: a fresh card in the route's critical channel, the approver group mentioned), or after
 * `escalateAfter` without an answer (to the asked person's manager, mapped as owners are, else
 * the approver group in the channel). Marked once in the store, whoever gets there first; the
 * card then says so (Warden's audit log).
 */

/** The channel routing gives this finding were it critical; the ask's own channel otherwise. */
function criticalChannel(p: Pick<AskPorts, 'settings'>, finding: Finding, fallback: string): string {
  const { routing, defaultChannel } = p.settings.attest;
  const route = routeAlert({ ...finding, severity: 'FINDING_SEVERITY_CRITICAL' }, routing, defaultChannel);
  return 'channel' in route ? route.channel : fallback;
}

const group = (id: string | undefined) => (id ? `<!subteam^${id}>` : undefined);

export async function escalateAsk(
  p: AskPorts,
  ask: Ask,
  finding: Finding,
  why: 'answer' | 'silence',
): Promise<{ escalated: boolean; to: string | undefined }> {
  if (!(await p.asks.markAskEscalated(ask.id, p.clock()))) return { escalated: false, to: undefined };
  let to: string | undefined;
  try {
    to = await raise(p, ask, finding, why);
  } catch (error) {
    // Not sent: the mark goes, so the job (or the next No) can raise it again.
    await p.asks.clearAskEscalated(ask.id).catch(() => undefined);
    throw error;
  }
  await recordAudit(p, {
    userId: ask.slackUserId ?? 'warden',
    action: 'attest.escalate',
    channel: ask.channel,
    findingId: finding.id,
    params: { ask: ask.id, type: ask.findingType, why, to: to ?? null },
    outcome: 'ok',
  });
  p.metrics.asks.inc({ finding_type: ask.findingType, event: 'escalated', answer: ask.answer ?? 'none' });
  await refreshKnownCards(p, finding);
  return { escalated: true, to };
}

/** Sends the escalation; resolves to whom it named. */
async function raise(p: AskPorts, ask: Ask, finding: Finding, why: 'answer' | 'silence') {
  const link = ask.cardTs ? messageLink(p.settings.workspaceUrl, ask.channel, ask.cardTs) : undefined;
  const view = { finding, type: ask.findingType, why, asked: ask.slackUserId, cardLink: link };
  let to: string | undefined;
  if (why === 'answer') {
    // A fresh card where critical findings go, so it is seen now; the approvers named under it.
    const channel = criticalChannel(p, finding, ask.channel);
    to = group(p.settings.approvers);
    const card = await postCard(p, finding, channel);
    await trackCard(p, finding, card);
    await p.chat.post({
      channel,
      threadTs: card.ts,
      ...inChannel(p, channel, () => renderEscalation({ ...view, to })),
    });
  } else {
    const manager = await managerDm(p, ask);
    if (manager) {
      to = `<@${manager.slackUserId}>`;
      await p.chat.post({
        channel: manager.channel,
        ...renderEscalation({ ...view, to: t('attest.manager') }),
      });
    } else {
      to = group(p.settings.approvers);
      const place = ask.cardTs ? { channel: ask.channel, threadTs: ask.cardTs } : { channel: ask.channel };
      await p.chat.post({ ...place, ...renderEscalation({ ...view, to }) });
    }
  }
  return to;
}

/** The asked person's first manager Warden may send a finding to (the same DM rule). */
async function managerDm(p: AskPorts, ask: Ask) {
  if (!ask.identityUserId) return undefined;
  const person = await p.owners.personOf(ask.identityUserId);
  for (const id of person.managerIds ?? []) {
    const dm = await personDmOf(p, id, 'manager').catch(() => undefined);
    if (dm?.ok) return dm;
  }
  return undefined;
}

/** Silence: after `escalateAfter` without an answer. */
export async function escalateSilentAsk(p: AskPorts, job: LifecycleJob): Promise<JobResult> {
  const open = await openAsk(p, job);
  if ('result' in open) return open.result;
  try {
    const done = await escalateAsk(p, open.ask, open.finding, 'silence');
    return {
      status: done.escalated ? 'done' : 'skipped',
      outcome: done.escalated ? `escalated to ${done.to ?? 'the channel'}` : 'escalated already',
    };
  } catch (error) {
    return { retryInMs: 60_000, error: `escalation not sent: ${String(error).slice(0, 200)}` };
  }
}
