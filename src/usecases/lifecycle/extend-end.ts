import { mention } from '../../blockkit/mrkdwn.js';
import { said } from '../../blockkit/outcome-words.js';
import { letsEndLine, renderReminder } from '../../blockkit/reminder.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import { type OpenFormPorts, openActionModal } from '../findings/open-action-modal.js';
import { replyInThread } from '../shared/alert-life.js';
import type { AuthorizePorts } from '../shared/authorize.js';
import { channelCards, endPayloadOf, postedBy } from '../shared/lifecycle-job.js';
import { recordAudit } from '../shared/record-audit.js';
import { reminderView } from './remind-end.js';

/**
 * A reminder's buttons (and Extend… on the Home tab): Extend… opens the action's own form,
 * prefilled, for the finding as it is now (four-eyes applies to an acceptance exactly as to a new
 * one: the form submits like any other); Let it end records the choice and says so.
 */
export type ExtendPorts = OpenFormPorts & AuthorizePorts & Pick<Ports, 'lifecycle' | 'privately' | 'files'>;

export interface ReminderClick {
  jobId: string;
  userId: string;
  audience: Audience;
  ref: string;
}

/** What a reminder's job is about now, and where its form works: the finding's card, else a DM. */
export async function reminderTarget(p: ExtendPorts, jobId: string, userId: string) {
  const job = await p.lifecycle.getJob(jobId);
  const end = job ? endPayloadOf(job) : undefined;
  if (!job || !end) return undefined;
  const card = (await channelCards(p, end.findingId).catch(() => [])).at(-1);
  // Without a card in a channel, the form works from the person's direct message with Warden.
  const channel = card?.channel ?? (await p.files.openDm(userId));
  return { job, end, card, channel };
}
export type ReminderTarget = NonNullable<Awaited<ReturnType<typeof reminderTarget>>>;

/** Extend…: the action's form, prefilled, in the modal the runner opened (permission checked). */
export async function pressExtend(
  p: ExtendPorts,
  c: ReminderClick & { viewId: string; target: ReminderTarget },
) {
  const { end, card, channel } = c.target;
  await openActionModal(p, {
    kind: end.action,
    findingId: end.findingId,
    viewId: c.viewId,
    userId: c.userId,
    channel,
    cardTs: card?.ts,
    ref: c.ref,
    extend: true,
  });
}

/** Let it end (whoever made it, or someone who may change it: checked by the runner). */
export async function pressLetEnd(
  p: ExtendPorts,
  c: ReminderClick & { message: { channel: string; ts: string } | undefined; target: ReminderTarget },
): Promise<void> {
  const { job, end } = c.target;
  const line = letsEndLine(end.action, mention(c.userId), end.endsAt);
  const cards = await channelCards(p, end.findingId).catch(() => []);
  // The reminder clicked shows the choice instead of its buttons: only a message this job posted,
  // whatever else the payload's container names (an alert card would lose its buttons).
  if (c.message && postedBy(job, c.message)) {
    const finding = await p.findings.get(end.findingId).catch(() => undefined);
    if (finding) {
      const view = renderReminder({
        ...reminderView(p, job.id, end, finding, cards),
        for: [],
        extend: false,
        lettingEnd: c.userId,
      });
      await p.chat
        .update({ ...c.message, ...view })
        .catch((error: unknown) => p.logger.warn({ err: error }, 'reminder not updated'));
    }
  }
  for (const card of cards) await replyInThread(p, card, line).catch(() => undefined);
  if (cards.length === 0) await p.privately.tell(c.audience, said(line));
  await recordAudit(p, {
    userId: c.userId,
    channel: c.message?.channel ?? c.audience.channel,
    findingId: end.findingId,
    action: 'letEnd',
    params: { ref: c.ref, job: job.id, endsAt: new Date(end.endsAt).toISOString() },
    outcome: 'ok',
  });
}
