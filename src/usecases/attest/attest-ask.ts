import { askedThreadLine, renderQuestion } from '../../blockkit/attest.js';
import { answersFor, askedIdentityOf, attestRuleOf } from '../../domain/attest.js';
import { isApiError } from '../../errors.js';
import type { Finding } from '../../model/finding.js';
import type { Ask } from '../../ports/asks.js';
import type { Ports } from '../../ports/index.js';
import type { LifecycleJob } from '../../ports/lifecycle.js';
import { type OwnerDmPorts, type PersonDm, personDmOf } from '../owners/owner-dm.js';
import { type AlertLifePorts, isDirectMessage, refreshKnownCards } from '../shared/alert-life.js';
import { channelCards, type JobResult, sentStep } from '../shared/lifecycle-job.js';
import { recordAudit } from '../shared/record-audit.js';

/**
 * Attestation's question (WARDEN_CONFIG `attest`): once an alert's card is in its channel, the
 * person the finding is about is asked in a direct message (found through the owner mapping, the
 * one DM rule of owner-dm.ts); one who cannot be reached is named on the card and the question
 * goes to the channel. The ask is stored, and its reminder and escalation are scheduled in the
 * store: one replica does each, once, across restarts.
 */
export type AskPorts = AlertLifePorts &
  OwnerDmPorts &
  Pick<Ports, 'findings' | 'asks' | 'lifecycle' | 'metrics' | 'files'>;

const OPEN = new Set(['FINDING_STATE_OPEN', 'FINDING_STATE_IN_PROGRESS', 'FINDING_STATE_UNSPECIFIED']);
const isOpen = (f: Finding) => OPEN.has(f.state ?? 'FINDING_STATE_UNSPECIFIED');

/** After delivery: the finding's ask, scheduled once (a repeat or another replica adds nothing). */
export async function scheduleAsk(
  p: Pick<Ports, 'lifecycle' | 'clock' | 'settings'>,
  finding: Finding,
  channel: string,
): Promise<boolean> {
  if (isDirectMessage(channel) || !isOpen(finding)) return false;
  if (!attestRuleOf(p.settings.attest.rules, finding)) return false;
  const now = p.clock();
  return p.lifecycle.scheduleJob(
    { kind: 'ask', key: `ask:${finding.id}`, dueAt: now, subject: finding.id, payload: { channel } },
    now,
  );
}

/** The finding a job is about, as the tenant has it now (gone: skipped; unreachable: later). */
async function findingOf(p: Pick<Ports, 'findings'>, id: string): Promise<Finding | JobResult> {
  try {
    return await p.findings.get(id);
  } catch (error) {
    if (isApiError(error) && error.kind === 'not_found')
      return { status: 'skipped', outcome: 'finding gone' };
    return { retryInMs: 60_000, error: `finding not read: ${String(error).slice(0, 200)}` };
  }
}
const isResult = (v: Finding | JobResult): v is JobResult => 'status' in v || 'retryInMs' in v;

/** Runs a step once: a job taken back after a crash skips what it recorded. */
async function once(
  p: Pick<Ports, 'lifecycle' | 'clock'>,
  job: LifecycleJob,
  step: string,
  run: () => Promise<string>,
) {
  if (job.progress[step]) return;
  await p.lifecycle.recordJobStep(job.id, step, await run(), p.clock());
}

export async function askJob(p: AskPorts, job: LifecycleJob): Promise<JobResult> {
  const channel = (job.payload as { channel?: unknown } | null)?.channel;
  if (!job.subject || typeof channel !== 'string') return { status: 'failed', outcome: 'unreadable job' };
  const finding = await findingOf(p, job.subject);
  if (isResult(finding)) return finding;
  const configured = attestRuleOf(p.settings.attest.rules, finding);
  if (!configured) return { status: 'skipped', outcome: 'its type is no longer asked about' };
  if (!isOpen(finding)) return { status: 'skipped', outcome: 'closed before it could be asked' };
  const { type, rule } = configured;
  const card = (await channelCards(p, finding.id).catch(() => [])).find((c) => c.channel === channel);
  const identity = askedIdentityOf(finding, rule.ask);
  const dm: PersonDm = identity
    ? await personDmOf(p, identity, 'asked')
    : { ok: false, code: 'no-person', text: 'the finding names nobody to ask' };
  const ask = await p.asks.createAsk(
    {
      findingId: finding.id,
      findingType: type,
      who: rule.ask,
      identityUserId: identity ?? null,
      slackUserId: dm.ok ? dm.slackUserId : null,
      unreachable: dm.ok ? null : dm.text,
      channel,
      cardTs: card?.ts ?? null,
    },
    p.clock(),
  );
  try {
    await once(p, job, 'question', async () => {
      const view = renderQuestion({
        askId: ask.id,
        names: await p.names?.targetNames(finding),
        finding,
        type,
        who: ask.who,
        answers: answersFor(type, rule),
        inChannel: ask.slackUserId ? undefined : { why: ask.unreachable ?? '' },
      });
      const to = await questionPlace(p, ask);
      const ts = await p.chat.post({ ...to, ...view });
      await p.asks.setAskQuestion(ask.id, to.channel, ts);
      return sentStep({ channel: to.channel, ts });
    });
  } catch (error) {
    return { retryInMs: 60_000, error: `question not sent: ${String(error).slice(0, 200)}` };
  }
  await once(p, job, 'audit', async () => {
    await recordAudit(p, {
      userId: ask.slackUserId ?? 'warden',
      action: 'attest.ask',
      channel,
      findingId: finding.id,
      params: { ask: ask.id, type, asked: ask.slackUserId, unreachable: ask.unreachable },
      outcome: ask.slackUserId ? 'ok' : 'refused',
      error: ask.slackUserId ? null : dm.ok ? 'unreachable' : dm.code,
    });
    p.metrics.asks.inc({
      finding_type: type,
      event: ask.slackUserId ? 'sent' : 'unreachable',
      answer: 'none',
    });
    return 'done';
  });
  if (card)
    await once(p, job, 'thread', async () => {
      const line = askedThreadLine({
        asked: ask.slackUserId ?? undefined,
        unreachable: ask.unreachable ?? undefined,
      });
      await p.chat.post({ channel: card.channel, threadTs: card.ts, text: line });
      return 'sent';
    }).catch((error: unknown) =>
      p.logger.warn({ err: error, askId: ask.id }, 'thread line of the ask not posted'),
    );
  await refreshKnownCards(p, finding);
  const base = ask.createdAt;
  for (const [kind, after] of [
    ['askRemind', rule.remindAfterMs],
    ['askEscalate', rule.escalateAfterMs],
  ] as const)
    await p.lifecycle.scheduleJob(
      {
        kind,
        key: `${kind}:${ask.id}`,
        dueAt: base + after,
        subject: finding.id,
        madeBy: ask.slackUserId ?? undefined,
        payload: { askId: ask.id },
      },
      p.clock(),
    );
  return {
    status: 'done',
    outcome: ask.slackUserId ? 'asked' : `asked in the channel: ${ask.unreachable ?? ''}`,
  };
}

/** Where the question goes: the person's DM, else the thread of the card in the route's channel. */
async function questionPlace(
  p: Pick<Ports, 'files'>,
  ask: Ask,
): Promise<{ channel: string; threadTs?: string }> {
  if (ask.slackUserId) return { channel: await p.files.openDm(ask.slackUserId) };
  return ask.cardTs ? { channel: ask.channel, threadTs: ask.cardTs } : { channel: ask.channel };
}

/** The ask a reminder or an escalation is about, still open, and its finding still open. */
export async function openAsk(
  p: Pick<Ports, 'asks' | 'findings'>,
  job: LifecycleJob,
): Promise<{ ask: Ask; finding: Finding } | { result: JobResult }> {
  const askId = (job.payload as { askId?: unknown } | null)?.askId;
  if (typeof askId !== 'string') return { result: { status: 'failed', outcome: 'unreadable job' } };
  const ask = await p.asks.getAsk(askId);
  if (!ask) return { result: { status: 'skipped', outcome: 'ask gone' } };
  if (ask.answer) return { result: { status: 'skipped', outcome: `answered: ${ask.answer}` } };
  const finding = await findingOf(p, ask.findingId);
  if (isResult(finding)) return { result: finding };
  if (!isOpen(finding)) return { result: { status: 'skipped', outcome: 'finding closed meanwhile' } };
  return { ask, finding };
}

/** The one reminder: the question again, where it was asked. */
export async function remindAsk(p: AskPorts, job: LifecycleJob): Promise<JobResult> {
  const open = await openAsk(p, job);
  if ('result' in open) return open.result;
  const { ask, finding } = open;
  const configured = attestRuleOf(p.settings.attest.rules, finding);
  try {
    await once(p, job, 'reminder', async () => {
      const to = await questionPlace(p, ask);
      const view = renderQuestion({
        askId: ask.id,
        names: await p.names?.targetNames(finding),
        finding,
        type: ask.findingType,
        who: ask.who,
        answers: answersFor(ask.findingType, configured?.rule),
        inChannel: ask.slackUserId ? undefined : { why: ask.unreachable ?? '' },
        reminder: true,
      });
      const ts = await p.chat.post({ ...to, ...view });
      return sentStep({ channel: to.channel, ts });
    });
  } catch (error) {
    return { retryInMs: 60_000, error: `reminder not sent: ${String(error).slice(0, 200)}` };
  }
  p.metrics.asks.inc({ finding_type: ask.findingType, event: 'reminded', answer: 'none' });
  return { status: 'done', outcome: 'reminded' };
}
