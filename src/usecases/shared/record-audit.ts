import type { Ports } from '../../ports/index.js';
import type { AuditOutcome } from '../../ports/store.js';

export type AuditPorts = Pick<Ports, 'audit' | 'settings' | 'clock' | 'logger'>;

export interface AuditEvent {
  userId: string;
  action: string;
  outcome: AuditOutcome;
  channel?: string | null | undefined;
  findingId?: string | undefined;
  params?: Record<string, unknown>;
  error?: string | null | undefined;
}

/**
 * Writes one entry of the audit log: who did (or was refused) what, where, with what outcome.
 * Never throws: an attempt that cannot be recorded is logged as an error, and the flow goes on.
 */
export async function recordAudit(p: AuditPorts, e: AuditEvent): Promise<string | undefined> {
  try {
    return await p.audit.appendAudit({
      at: p.clock(),
      team_id: p.settings.teamId,
      user_id: e.userId,
      channel: e.channel ?? null,
      finding_id: e.findingId ?? '',
      action: e.action,
      params: e.params ?? {},
      outcome: e.outcome,
      error: e.error ?? null,
      // Whose attempt it is: while this process's lease lives, no other settles it.
      instance_id: e.outcome === 'attempt' ? p.settings.instanceId : null,
    });
  } catch (error) {
    p.logger.error({ err: error, action: e.action }, 'audit entry could not be written');
    return undefined;
  }
}

/**
 * Gives an attempt its outcome (never throws, like recordAudit); false if it had one already.
 * `params`, when given, replace the attempt's: what was learnt on the way (a bulk action's id).
 */
export async function settleAudit(
  p: Pick<AuditPorts, 'audit' | 'logger'>,
  id: string,
  outcome: AuditEntryOutcome,
  error: string | null,
  params?: Record<string, unknown>,
): Promise<boolean> {
  try {
    return await p.audit.settleAudit(id, outcome, error, params);
  } catch (failure) {
    p.logger.error({ err: failure, auditId: id }, 'audit entry could not be settled');
    return false;
  }
}

type AuditEntryOutcome = Exclude<AuditOutcome, 'attempt'>;
