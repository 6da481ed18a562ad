import type { Logger } from '../logger.js';
import type { WorkerPorts } from './worker-ports.js';

/** Message metadata that carries the outbox id, so a repost after a crash can be recognised. */
export const ALERT_EVENT_TYPE = 'warden_alert';

/** Our own earlier post of this outbox row in the channel's recent history, if any. */
export async function findEarlierPost(
  p: WorkerPorts,
  channel: string,
  outboxId: string,
  log: Logger,
): Promise<string | undefined> {
  try {
    return await p.history.findPost(channel, {
      event_type: ALERT_EVENT_TYPE,
      event_payload: { outbox_id: outboxId },
    });
  } catch (error) {
    // Without history (e.g. a missing scope) posting again is the safe side: never lose an alert.
    log.warn({ err: error }, 'could not read channel history to check for an earlier post');
    return undefined;
  }
}
