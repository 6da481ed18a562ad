import type { FindingStateView } from '../../domain/actions.js';
import { type End, endKey, endOf, reminderAt } from '../../domain/ends.js';
import type { Ports, Settings } from '../../ports/index.js';

export type SchedulePorts = Pick<Ports, 'lifecycle' | 'clock' | 'logger'> & {
  settings: Pick<Settings, 'remindBeforeMs'>;
};

/** The end job runs a little after the end: the tenant reopens the finding at the end itself. */
export const END_GRACE_MS = 5_000;

/** What a reminder or end job carries. */
export interface EndPayload {
  action: End['action'];
  endsAt: number;
}

/**
 * Schedules what a snooze or risk acceptance's end brings: a reminder (`remindBefore` ahead, or
 * half-way to a nearer end: `reminderAt`) and the end itself. Called wherever Warden learns of
 * one: its own changes (with who made it), and the tenant's webhook, the poller and `show`
 * (without). Once per
 * end whoever calls (unique keys), and never throws: a schedule that cannot be written is logged.
 */
export async function scheduleEnds(
  p: SchedulePorts,
  finding: FindingStateView & { id: string },
  who: { madeBy?: string | undefined; approvedBy?: string | undefined } = {},
): Promise<void> {
  const end = endOf(finding);
  const now = p.clock();
  if (!end || end.at <= now) return;
  const payload: EndPayload = { action: end.action, endsAt: end.at };
  const common = { subject: finding.id, madeBy: who.madeBy, approvedBy: who.approvedBy, payload };
  try {
    await p.lifecycle.scheduleJob(
      { kind: 'end', key: endKey('end', finding.id, end), dueAt: end.at + END_GRACE_MS, ...common },
      now,
    );
    const remindAt = reminderAt(end.at, now, p.settings.remindBeforeMs);
    if (remindAt !== undefined)
      await p.lifecycle.scheduleJob(
        { kind: 'remind', key: endKey('remind', finding.id, end), dueAt: remindAt, ...common },
        now,
      );
  } catch (error) {
    p.logger.error(
      { err: error, findingId: finding.id },
      'the end of a snooze or acceptance could not be scheduled',
    );
  }
}
