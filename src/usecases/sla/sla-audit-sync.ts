import { applyChange } from '../../domain/sla.js';
import { changeOfEvent } from '../../domain/sla-events.js';
import type { ClockAuditEvent } from '../../model/finding-audit.js';
import type { Ports } from '../../ports/index.js';
import type { SlaStore } from '../../ports/sla.js';
import { observeClock, settleRow } from '../shared/sla-clock.js';

/**
 * The tenant's own record moves the clocks too (issue 38): findings acknowledged or closed in the
 * console (or anywhere Warden did not see) are read from `search/finding_audits` every few
 * minutes, from where the last read stopped. Applying an event twice changes nothing (an older
 * state than the clock's is ignored, an acknowledgement keeps the earliest), so each replica may
 * read on its own, and a start reads the last day again.
 */
export type AuditSyncPorts = Pick<Ports, 'clock' | 'logger' | 'metrics' | 'findings' | 'settings'> & {
  sla: SlaStore;
};

export interface AuditCursor {
  /** Events from here on are not read yet. */
  since: number;
}

/** The cursor a process starts with: the last day again. */
export const startCursor = (now: number): AuditCursor => ({ since: now - 86_400_000 });

export async function syncClocksFromAudit(p: AuditSyncPorts, cursor: AuditCursor): Promise<number> {
  const sla = p.settings.sla;
  if (!sla) return 0;
  const until = p.clock();
  const byFinding = new Map<string, ClockAuditEvent[]>();
  let unreadable = 0;
  for await (const e of p.findings.auditEvents(
    { since: cursor.since, until },
    { onUnreadable: () => void unreadable++ },
  )) {
    if (!e.findingId) continue;
    const list = byFinding.get(e.findingId) ?? [];
    list.push(e);
    byFinding.set(e.findingId, list);
  }
  if (unreadable) p.logger.warn({ unreadable }, 'SLA: audit events Warden cannot read were skipped');
  let moved = 0;
  for (const [findingId, events] of byFinding) {
    const row = await p.sla.slaClock(findingId);
    if (!row) continue;
    let facts: typeof row = row;
    const at = (e: ClockAuditEvent) => Date.parse(e.createdAt ?? '');
    events.sort((a, b) => at(a) - at(b));
    for (const e of events) {
      const change = changeOfEvent({ ...e, createdAt: e.createdAt ?? '' });
      if (change) facts = { ...row, ...applyChange(sla.policy, facts, change, sla.calendar) };
    }
    if (facts.state === row.state && facts.ackedAt === row.ackedAt && facts.severity === row.severity)
      continue;
    // Its cards still show the old words: the sweep brings them up to date now.
    const settled = settleRow(sla, facts, { findingId: row.findingId, team: row.team }, until);
    const nextAt = settled.shown !== row.shown ? until : settled.nextAt;
    await p.sla.putSlaClock({ ...settled, shown: row.shown, nextAt }, until);
    observeClock(p, row, facts);
    moved++;
  }
  cursor.since = until;
  p.logger.debug({ findings: byFinding.size, moved, since: cursor.since }, 'SLA: tenant audit events read');
  return moved;
}
