import { type BulkTally, describeBulk, doneDespiteError } from '../../blockkit/bulk-report.js';
import { describeFailure } from '../../blockkit/failure.js';
import { done } from '../../blockkit/outcome-words.js';
import { verifiedMark } from '../../blockkit/step-up-words.js';
import { actionParams } from '../../domain/actions.js';
import { asBulkChange, type BulkChange, isBulkChangeApplied } from '../../domain/bulk-change.js';
import { keptPrincipal } from '../../domain/credit.js';
import { isApiError } from '../../errors.js';
import { t } from '../../i18n/speak.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';
import type { RollupStore } from '../../ports/rollups.js';
import type { Audience } from '../../ports/slack.js';
import type { AlertLifePorts } from './alert-life.js';
import { attributed, type ChangePorts, errorDetail } from './change-finding-state.js';
import { findingChanged } from './finding-changed.js';
import { logTenantFailure } from './log-failure.js';
import { CHUNK, readBack } from './read-back.js';
import { recordAudit, settleAudit } from './record-audit.js';
import { type BulkEvent, bulkStateEvents, publishBulkEvents } from './state-event.js';
import { heldGroupChange } from './step-up-gate.js';

export type ManyPorts = ChangePorts &
  AlertLifePorts &
  Pick<Ports, 'timers'> & { rollups: Pick<RollupStore, 'markChanged'> };

export interface ChangeManyInput {
  findingIds: readonly string[];
  change: BulkChange;
  actorId: string;
  /** Four-eyes: the person who asked; `actorId` is then the approver. */
  requesterId?: string | undefined;
  audience: Audience;
  /** Where the outcome is told once: the roll-up's summary thread. */
  report: { channel: string; threadTs: string | undefined };
  groupId: string;
  ref: string;
  /** When the person's step-up verification passed, for a change held for one. */
  verifiedAt?: number | undefined;
}

export type ChangeManyOutcome = BulkTally & {
  failed: boolean;
  /** Held for the person's step-up verification: nothing was sent. */
  held?: boolean;
};

/**
 * One change to many findings (a roll-up's group, or the ones picked in Review), through the
 * tenant's bulk operation: findings with a change already in flight are left alone; the rest go
 * in bulk requests; the tenant applies them later, so Warden reads them back until each shows the
 * change or the read-back gives up; then the cards Warden has for them are replaced, the summary
 * is marked for its coalesced update, and the thread says once who did what to how many and
 * which ones the tenant did not change. Every finding's outcome is in the audit log.
 */
export async function changeManyFindings(p: ManyPorts, input: ChangeManyInput): Promise<ChangeManyOutcome> {
  const log = p.logger.child({ ref: input.ref, groupId: input.groupId, action: input.change.kind });
  // The one gate of every way to a bulk change (step-up-gate.ts): nothing claimed or sent when held.
  if (await heldGroupChange(p, { ...input, groupId: input.groupId })) {
    log.info('held for step-up verification');
    return { changed: [], unchanged: [], busy: [], already: [], failed: false, held: true };
  }
  const claimed: string[] = [];
  const busy: string[] = [];
  for (const id of new Set(input.findingIds)) ((await p.inflight.claim(id)) ? claimed : busy).push(id);
  try {
    const signed = await signedChange(p, input);
    // Findings already as asked (an open one for Reopen all) are not sent: the tenant would
    // refuse them, and reading back could not tell them from the ones it changed.
    const already = await alreadySo(p, claimed, input.change);
    const toSend = claimed.filter((id) => !already.includes(id));
    // Written before the tenant is called, naming what is sent: a crash mid-change leaves the
    // list for reconcile-bulk.ts to read back finding by finding.
    const attemptId = await recordAudit(p, {
      userId: input.actorId,
      channel: input.report.channel,
      findingId: input.groupId,
      action: `bulk.${input.change.kind}`,
      params: { ...paramsOf(input), findings: toSend.length, ids: toSend },
      outcome: 'attempt',
    });
    const sent = await sendAll(p, toSend, signed);
    const read = await readBack(p, sent.ids, input.change);
    const changed = [...read.keys()];
    const unchanged = toSend.filter((id) => !read.has(id));
    const outcome = outcomeOf(changed.length, unchanged.length, sent.error);
    if (attemptId)
      await settleAudit(p, attemptId, outcome === 'failed' ? 'failed' : 'ok', errorDetail(sent.error));
    await recordEach(p, input, read, unchanged, sent.bulkActionIds);
    p.metrics.bulkActions.inc({ action: input.change.kind, outcome });
    log.info({ changed: changed.length, unchanged: unchanged.length, busy: busy.length }, 'bulk change done');
    const made = {
      action: input.change,
      by: input.requesterId ?? input.actorId,
      approvedBy: input.requesterId && input.actorId,
    };
    for (const finding of read.values()) await findingChanged(p, finding, { made, cards: { known: true } });
    await p.rollups
      .markChanged(input.groupId)
      .catch((error: unknown) => log.warn({ err: error }, 'summary not marked'));
    const tally = { changed, unchanged, busy, already };
    if (sent.error) logTenantFailure(log, sent.error, 'bulk change failed at the tenant');
    // An owner assigned is no state change. The report carries the first event; the rest go on
    // a few lines in its thread: a message has one metadata, and one post a finding would be
    // minutes of paced posts for a large group.
    const events = input.change.kind === 'assignOwner' ? [] : bulkStateEvents(read.values(), made.by);
    const report = await tell(p, input, tally, sent.error, events[0]);
    if (report) await publishBulkEvents(p, events.slice(1), report);
    return { ...tally, failed: outcome === 'failed' };
  } finally {
    for (const id of claimed) await p.inflight.release(id);
  }
}

function outcomeOf(
  changed: number,
  unchanged: number,
  error: unknown,
): 'ok' | 'partial' | 'refused' | 'failed' {
  if (changed === 0)
    return error === undefined && unchanged > 0 ? 'refused' : error === undefined ? 'ok' : 'failed';
  return unchanged > 0 ? 'partial' : 'ok';
}

/** The change as sent: a reason or justification records who acted in Slack (attribution). */
async function signedChange(p: ManyPorts, input: ChangeManyInput): Promise<BulkChange> {
  if (input.change.kind === 'assignOwner') return input.change;
  const signed = await attributed(p, { ...input, action: input.change });
  return asBulkChange(signed) ?? input.change;
}

function paramsOf(input: ChangeManyInput): Record<string, unknown> {
  const own =
    input.change.kind === 'assignOwner' ? { owner: input.change.identityUserId } : actionParams(input.change);
  return {
    ...own,
    ref: input.ref,
    group: input.groupId,
    ...(input.requesterId ? { requester: input.requesterId } : {}),
    ...(input.verifiedAt !== undefined ? { verifiedAt: new Date(input.verifiedAt).toISOString() } : {}),
  };
}

/**
 * Sends the change in chunks. A chunk the tenant refused whole (processed: yes) is not read back;
 * one that failed ambiguously may have been applied, so it is read back like the others.
 */
async function sendAll(p: ManyPorts, ids: string[], change: BulkChange) {
  const sentIds: string[] = [];
  const bulkActionIds: string[] = [];
  let error: unknown;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    try {
      bulkActionIds.push((await p.findings.bulk(chunk, change)).bulkActionId);
      sentIds.push(...chunk);
    } catch (failure) {
      error = failure;
      if (isApiError(failure) && failure.processed === 'maybe') sentIds.push(...chunk);
    }
  }
  return { ids: sentIds, bulkActionIds, error };
}

/** The findings that show the change before anything is sent (a failed read: none, all are sent). */
async function alreadySo(p: ManyPorts, ids: string[], change: BulkChange): Promise<string[]> {
  const already: string[] = [];
  try {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const refs = ids.slice(i, i + CHUNK).map((id) => ({ id }));
      for await (const f of p.findings.search({ refs }, { pageSize: 50 })) {
        if (isBulkChangeApplied(f, change)) already.push(f.id);
      }
    }
  } catch (error) {
    p.logger.warn({ err: error }, 'could not read the findings before a bulk change; sending to all');
    return [];
  }
  return already;
}

/**
 * One audit entry a finding: cards name who acted from these, as after a change to one, each
 * with who the tenant says changed the state it read back (`principal`, domain/credit.ts).
 */
async function recordEach(
  p: ManyPorts,
  input: ChangeManyInput,
  changed: ReadonlyMap<string, Finding>,
  unchanged: string[],
  bulkActionIds: string[],
) {
  const params = { ...paramsOf(input), bulkActionIds };
  const entry = (findingId: string, outcome: 'ok' | 'refused', kept: Record<string, string> = {}) =>
    recordAudit(p, {
      userId: input.actorId,
      channel: input.report.channel,
      findingId,
      action: input.change.kind,
      params: { ...params, ...kept },
      outcome,
      ...(outcome === 'refused' ? { error: 'the tenant did not apply the bulk change to it' } : {}),
    });
  // An owner assigned is no state change: the finding's stateUpdatedById is not about it.
  const keep = (f: Finding) => (input.change.kind === 'assignOwner' ? {} : keptPrincipal(f));
  for (const [id, f] of changed) await entry(id, 'ok', keep(f));
  for (const id of unchanged) await entry(id, 'refused');
  p.metrics.stateChanges.inc({ action: input.change.kind, outcome: 'ok' }, changed.size);
}

/**
 * One truth for the thread and the person, from the read-back: what the tenant changed is said in
 * the thread, and to the person too when the tenant answered with an error (it may have applied
 * the change all the same: a 500 after acting) or the thread could not be told. Only when the
 * read-back shows nothing changed is the person told the failure alone. The report carries the
 * change's first event; resolves to the thread it is in, when it was posted.
 */
async function tell(
  p: ManyPorts,
  input: ChangeManyInput,
  tally: BulkTally,
  error: unknown,
  event: BulkEvent | undefined,
): Promise<{ channel: string; threadTs: string } | undefined> {
  if (error !== undefined && tally.changed.length === 0) {
    await p.privately.tell(
      input.audience,
      describeFailure(error, t('bulkReport.whatChange', { kind: input.change.kind }), input.ref),
    );
    return undefined;
  }
  const text =
    describeBulk(input.change, input.actorId, tally, input.requesterId) + verifiedMark(input.verifiedAt);
  const posted = await p.chat
    .post({ channel: input.report.channel, threadTs: input.report.threadTs, text, metadata: event?.metadata })
    .then(
      (ts) => ts,
      (failure: unknown) => {
        p.logger.warn({ err: failure }, 'bulk change done but its thread reply was not posted');
        return undefined;
      },
    );
  if (error !== undefined) await p.privately.tell(input.audience, doneDespiteError(text, input.ref));
  else if (!posted) await p.privately.tell(input.audience, done(text));
  return posted === undefined
    ? undefined
    : { channel: input.report.channel, threadTs: input.report.threadTs ?? posted };
}
