import { messageLink } from '../../blockkit/links.js';
import { type ReminderView, renderReminder } from '../../blockkit/reminder.js';
import { type EndingAction, endOf, endWordsOf, isSameEnd } from '../../domain/ends.js';
import { speaking } from '../../i18n/speak.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';
import type { LifecycleJob } from '../../ports/lifecycle.js';
import type { MessageRef } from '../../ports/store.js';
import { ownerDmOf } from '../owners/owner-dm.js';
import { type AuthorizePorts, mayAct } from '../shared/authorize.js';
import {
  channelCards,
  endingFinding,
  type JobResult,
  sentStep,
  undeliverableCode,
  wasSent,
} from '../shared/lifecycle-job.js';
import { inChannel } from '../shared/speech.js';

/**
 * The reminder before a snooze or risk acceptance ends: a direct message to whoever made it (the
 * requester and the approver of a four-eyes one) or, for one made in the tenant, to the finding's
 * owner when Warden can map them; and a reply in the alert's thread. The finding is read first: a
 * reminder for an end that no longer holds (extended, reopened) is not sent. Each message is a
 * step recorded as sent, so a job taken back after a crash does not send it again.
 */
export type RemindPorts = AuthorizePorts &
  Pick<Ports, 'findings' | 'chat' | 'files' | 'owners' | 'lifecycle' | 'cards'>;

export async function remindEnd(p: RemindPorts, job: LifecycleJob): Promise<JobResult> {
  const read = await endingFinding(p, job, 60_000);
  if ('result' in read) return read.result;
  const { end, finding } = read;
  if (!isSameEnd(endOf(finding), { action: end.action, at: end.endsAt }))
    return { status: 'skipped', outcome: 'superseded: the finding no longer ends then' };
  if (end.endsAt <= p.clock()) return { status: 'skipped', outcome: 'ended before the reminder could go' };
  const people = await recipientsOf(p, job, finding);
  const cards = await channelCards(p, finding.id).catch(() => []);
  const [first] = cards;
  const view = reminderView(p, job.id, end, finding, cards);
  let undelivered = 0;
  // Each step records the message it posted: Let it end updates that message and no other.
  const step = async (key: string, send: () => Promise<{ channel: string; ts: string }>) => {
    const done = job.progress[key];
    if (done) {
      if (!wasSent(done)) undelivered++;
      return;
    }
    try {
      const posted = await send();
      await p.lifecycle.recordJobStep(job.id, key, sentStep(posted), p.clock());
    } catch (error) {
      const code = undeliverableCode(error);
      if (!code) throw error;
      p.logger.warn({ jobId: job.id, step: key, code }, 'reminder could not be delivered');
      await p.lifecycle.recordJobStep(job.id, key, code, p.clock());
      undelivered++;
    }
  };
  try {
    for (const user of people) {
      const extend = await mayExtend(p, user, end.action, first?.channel);
      await step(`dm:${user}`, async () => {
        const channel = await p.files.openDm(user);
        const reminder = speaking(await p.people.locale(user), () =>
          renderReminder({ ...view, for: [], extend }),
        );
        const ts = await p.chat.post({ channel, ...reminder });
        return { channel, ts };
      });
    }
    for (const card of cards) {
      // Anyone in the channel sees the thread: Extend… is offered, and checked when clicked.
      await step(`thread:${card.channel}:${card.ts}`, async () => {
        const ts = await p.chat.post({
          channel: card.channel,
          threadTs: card.ts,
          ...inChannel(p, card.channel, () => renderReminder({ ...view, for: people, extend: true })),
        });
        return { channel: card.channel, ts };
      });
    }
  } catch (error) {
    return { retryInMs: 60_000, error: `reminder not sent: ${String(error).slice(0, 200)}` };
  }
  const reached = people.length + cards.length;
  if (reached === 0)
    return { status: 'done', outcome: 'nobody to remind: no maker, no mapped owner, no card' };
  return { status: 'done', outcome: undelivered ? `sent; ${undelivered} undelivered` : 'sent', undelivered };
}

/** What a reminder shows of its end: the finding, the person's words, a link to its card. */
export function reminderView(
  p: Pick<Ports, 'settings'>,
  jobId: string,
  end: { action: EndingAction; endsAt: number },
  finding: Finding,
  cards: readonly MessageRef[],
): Omit<ReminderView, 'for' | 'extend'> {
  const [first] = cards;
  return {
    jobId,
    finding,
    action: end.action,
    endsAt: end.endsAt,
    words: endWordsOf(finding, end.action, p.settings.attributionTemplate),
    cardLink: first ? messageLink(p.settings.workspaceUrl, first.channel, first.ts) : undefined,
  };
}

/**
 * Who gets the direct message: whoever made it in Slack, else the owner the tenant names, when
 * Warden can reach them (a full member of the workspace: ownerDmOf says who may get findings).
 */
async function recipientsOf(p: RemindPorts, job: LifecycleJob, finding: Finding): Promise<string[]> {
  const made = [job.madeBy, job.approvedBy].filter((u): u is string => typeof u === 'string');
  if (made.length > 0) return [...new Set(made)];
  const dm = await ownerDmOf(p, finding).catch(() => undefined);
  return dm?.ok ? [dm.slackUserId] : [];
}

/** A person who may no longer act (left the group, a guest now) gets no Extend button. */
function mayExtend(
  p: RemindPorts,
  userId: string,
  action: 'snooze' | 'acceptRisk',
  channel: string | undefined,
) {
  return mayAct(p, { kind: 'act', userId, action, channel }).catch(() => false);
}
