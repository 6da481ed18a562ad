import { isSlackApiError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Finding } from '../model/finding.js';
import type { OutboxRow } from '../ports/store.js';
import { cardRef, indexedCard, replaceCard } from '../usecases/shared/alert-life.js';
import type { WorkerPorts } from './worker-ports.js';

/**
 * An outbox row of source `card` (usecases/shared/alert-life.ts queues one when Slack fails a
 * card's update after a change, or rate limits it past what a person waits): the card at
 * (`channel`, `sentTs`) is brought up to date, retried with the outbox's backoff like any post
 * until it is. It renders the finding as the tenant has it when the row is tried (the snapshot
 * it was queued with only when the worker has no tenant), so a retry never puts back a state a
 * later change replaced. Resolves to what became of it.
 */
export async function refreshCard(
  p: WorkerPorts,
  row: OutboxRow,
  snapshot: Finding,
  log: Logger,
): Promise<'updated' | 'gone'> {
  const now = () => p.clock();
  const card = (await p.cards.messagesFor(row.findingId)).find(
    (m) => m.channel === row.channel && m.ts === row.sentTs,
  );
  if (!card) {
    // No longer tracked (retention, or the card was replaced by a new one): nothing to put right.
    await p.outbox.markRolledUp(row.id, now());
    return 'gone';
  }
  const finding = p.findings ? await p.findings.get(row.findingId) : snapshot;
  try {
    const shown = await replaceCard(p, finding, indexedCard(card));
    await p.outbox.markSent(row.id, cardRef(finding, shown), now());
    return 'updated';
  } catch (error) {
    if (!isSlackApiError(error) || error.slackCode !== 'message_not_found') throw error;
    log.info('the card to bring up to date was deleted in Slack; nothing to do');
    await p.outbox.markRolledUp(row.id, now());
    return 'gone';
  }
}
