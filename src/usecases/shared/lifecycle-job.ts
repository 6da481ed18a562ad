import { z } from 'zod';
import { isApiError, isSlackApiError } from '../../errors.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';
import type { LifecycleJob } from '../../ports/lifecycle.js';
import type { MessageRef } from '../../ports/store.js';

/** What running a lifecycle job came to: finished (one way or another), or to be tried again. */
export type JobResult =
  | { status: 'done' | 'skipped' | 'failed'; outcome: string; undelivered?: number }
  | { retryInMs: number; error: string };

const EndPayloadSchema = z.object({ action: z.enum(['snooze', 'acceptRisk']), endsAt: z.number() });

/** A reminder's or an end's payload, validated (it was written by Warden, but read as untrusted). */
export function endPayloadOf(job: LifecycleJob) {
  const parsed = EndPayloadSchema.safeParse(job.payload);
  return parsed.success && job.subject ? { ...parsed.data, findingId: job.subject } : undefined;
}

/**
 * The finding a reminder or an end is about, as the tenant has it now: a job about a finding the
 * tenant no longer has is skipped; one the tenant cannot be asked about now is tried again.
 */
export async function endingFinding(
  p: Pick<Ports, 'findings'>,
  job: LifecycleJob,
  retryInMs: number,
): Promise<{ end: NonNullable<ReturnType<typeof endPayloadOf>>; finding: Finding } | { result: JobResult }> {
  const end = endPayloadOf(job);
  if (!end) return { result: { status: 'failed', outcome: 'unreadable job' } };
  try {
    return { end, finding: await p.findings.get(end.findingId) };
  } catch (error) {
    if (isApiError(error) && error.kind === 'not_found')
      return { result: { status: 'skipped', outcome: 'finding gone' } };
    return { result: { retryInMs, error: `finding not read: ${String(error).slice(0, 200)}` } };
  }
}

/**
 * Slack errors that mean a message cannot reach its person or channel, however often it is
 * tried: recorded for operators, never retried in a loop.
 */
const UNDELIVERABLE = new Set([
  'cannot_dm_bot',
  'user_disabled',
  'user_not_found',
  'users_not_found',
  'channel_not_found',
  'is_archived',
  'not_in_channel',
  'restricted_action',
  'account_inactive',
]);

export function undeliverableCode(error: unknown): string | undefined {
  if (!isSlackApiError(error)) return undefined;
  return UNDELIVERABLE.has(error.slackCode) || error.failure === 'permanent' ? error.slackCode : undefined;
}

/** The finding's cards in channels (not the owner's direct-message copies): the newest of each. */
export async function channelCards(p: Pick<Ports, 'cards'>, findingId: string): Promise<MessageRef[]> {
  const all = await p.cards.messagesFor(findingId);
  const byChannel = new Map(all.filter((m) => !m.channel.startsWith('D')).map((m) => [m.channel, m]));
  return [...byChannel.values()];
}

/**
 * A reminder's step as recorded: sent, with the message it posted. Let it end updates only a
 * message recorded so for its job, never whatever message a click's payload names.
 */
export const sentStep = (m: { channel: string; ts: string }): string => `sent ${m.channel} ${m.ts}`;

/** The step went out (steps recorded before messages were, say only `sent`). */
export const wasSent = (result: string): boolean => result === 'sent' || result.startsWith('sent ');

/** Whether `m` is a message this job posted (and recorded). */
export const postedBy = (job: LifecycleJob, m: { channel: string; ts: string }): boolean =>
  Object.values(job.progress).includes(sentStep(m));
