import { findingTitle } from '../../blockkit/finding-details.js';
import { messageLink } from '../../blockkit/links.js';
import { safeMrkdwn } from '../../blockkit/mrkdwn.js';
import { amountWords, breachText, warnText } from '../../blockkit/sla-words.js';
import { type ClockName, clocksAt } from '../../domain/sla.js';
import { isApiError } from '../../errors.js';
import { speaking } from '../../i18n/speak.js';
import type { Ports } from '../../ports/index.js';
import type { LifecycleJob } from '../../ports/lifecycle.js';
import type { SlaStore } from '../../ports/sla.js';
import { ownerDmOf } from '../owners/owner-dm.js';
import { channelCards, type JobResult, sentStep, undeliverableCode } from '../shared/lifecycle-job.js';
import { inChannel } from '../shared/speech.js';

/**
 * The SLA's messages (issue 38), each a lifecycle job with a unique key per finding and clock
 * (`slaWarn:<clock>:<finding>`, `slaBreach:<clock>:<finding>`), so it is sent once across
 * restarts and replicas: at the warning share, a direct message to the owner (mapped as for
 * Notify owner) or, with none, one reply in the alert's thread; at the breach, a reply in the
 * alert's thread naming the owner and the channel's group (WARDEN_CONFIG `sla.escalateTo`, else
 * the four-eyes approvers). The job reads the clock again first: one acknowledged or closed
 * meanwhile gets no message.
 */
export type NoticePorts = Pick<
  Ports,
  | 'clock'
  | 'logger'
  | 'metrics'
  | 'lifecycle'
  | 'findings'
  | 'cards'
  | 'chat'
  | 'files'
  | 'owners'
  | 'people'
  | 'settings'
> & { sla: SlaStore };

export type NoticeKind = 'warn' | 'breach';
export const noticeKey = (kind: NoticeKind, clock: ClockName, findingId: string): string =>
  `${kind === 'warn' ? 'slaWarn' : 'slaBreach'}:${clock}:${findingId}`;

const clockOfJob = (job: LifecycleJob): ClockName | undefined => {
  const clock = (job.payload as { clock?: unknown } | null)?.clock;
  return clock === 'acknowledge' || clock === 'close' ? clock : undefined;
};

export async function sendSlaNotice(p: NoticePorts, job: LifecycleJob, kind: NoticeKind): Promise<JobResult> {
  const sla = p.settings.sla;
  const clock = clockOfJob(job);
  if (!sla || !clock || !job.subject)
    return { status: 'skipped', outcome: 'no SLA policy, or an unreadable job' };
  const row = await p.sla.slaClock(job.subject);
  const c = row && clocksAt(sla.policy, row, sla.calendar, p.clock());
  const s = c?.[clock];
  if (!s || (s.state !== 'running' && s.state !== 'overdue'))
    return { status: 'skipped', outcome: 'the clock stopped first (acknowledged or closed)' };
  if (kind === 'breach' && s.state !== 'overdue')
    return { status: 'skipped', outcome: 'not past its target any more' };
  let finding: Awaited<ReturnType<NoticePorts['findings']['get']>>;
  try {
    finding = await p.findings.get(job.subject);
  } catch (error) {
    if (isApiError(error) && error.kind === 'not_found')
      return { status: 'skipped', outcome: 'finding gone' };
    return { retryInMs: 60_000, error: `finding not read: ${String(error).slice(0, 200)}` };
  }
  const title = safeMrkdwn(findingTitle(finding), 150);
  const cards = await channelCards(p, finding.id).catch(() => []);
  const [card] = cards;
  const owner = await ownerDmOf(p, finding).catch(() => undefined);
  const send = async (
    key: string,
    post: () => Promise<{ channel: string; ts: string }>,
  ): Promise<JobResult | undefined> => {
    if (job.progress[key]) return undefined;
    try {
      await p.lifecycle.recordJobStep(job.id, key, sentStep(await post()), p.clock());
      p.metrics.slaNotices.inc({ kind, clock });
    } catch (error) {
      const code = undeliverableCode(error);
      if (!code) return { retryInMs: 60_000, error: `SLA ${kind} not sent: ${String(error).slice(0, 200)}` };
      await p.lifecycle.recordJobStep(job.id, key, code, p.clock());
      return { status: 'failed', outcome: `undeliverable: ${code}`, undelivered: 1 };
    }
    return undefined;
  };
  const thread = (text: () => string) => async () => {
    if (!card) throw new Error('no card');
    const ts = await p.chat.post({
      channel: card.channel,
      threadTs: card.ts,
      text: inChannel(p, card.channel, text),
    });
    return { channel: card.channel, ts };
  };
  if (kind === 'warn') {
    const words = {
      clock,
      title,
      dueAt: s.dueAt ?? p.clock(),
      left: amountWords(Math.max(0, s.targetMs - s.spentMs), sla.calendar),
    };
    if (owner?.ok) {
      const link = card ? messageLink(p.settings.workspaceUrl, card.channel, card.ts) : undefined;
      const locale = await p.people.locale(owner.slackUserId);
      const text = speaking(locale, () => warnText({ ...words, cardLink: link, forOwner: true }));
      const failed = await send(`dm:${owner.slackUserId}`, async () => ({
        channel: owner.channel,
        ts: await p.chat.post({ channel: owner.channel, text }),
      }));
      return failed ?? { status: 'done', outcome: 'owner told in a direct message' };
    }
    if (!card) return { status: 'done', outcome: 'nobody to tell: no owner in Slack, no card' };
    const failed = await send(
      `thread:${card.channel}:${card.ts}`,
      thread(() => warnText({ ...words, cardLink: undefined, forOwner: false })),
    );
    return failed ?? { status: 'done', outcome: 'told in the alert thread' };
  }
  if (!card) return { status: 'done', outcome: 'no card to reply to' };
  const group = sla.escalateTo[card.channel] ?? p.settings.approvers;
  const text = () => breachText({ clock, title, owner: owner?.ok ? owner.slackUserId : undefined, group });
  const failed = await send(`thread:${card.channel}:${card.ts}`, thread(text));
  return failed ?? { status: 'done', outcome: 'breach told in the alert thread' };
}
