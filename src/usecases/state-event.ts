import { stateEventLine } from '../blockkit/state-event-words.js';
import { endOf } from '../domain/ends.js';
import type { Finding } from '../model/finding.js';
import type { Ports } from '../ports/index.js';
import type { MessageMetadata } from '../ports/slack.js';

/**
 * Events for other apps (README "Events for other apps"): every state change Warden makes or
 * learns of is published once as message metadata on a message Warden posts anyway (the thread
 * reply that tells the change). A card cannot carry it: a message has one metadata, and a card's
 * is `warden_alert` (the outbox id that finds it after a crash).
 */

export const STATE_EVENT_TYPE = 'warden_finding_state_changed';

/**
 * Who made the change: a Slack user id when a person did (in Slack, or four-eyes: the
 * requester), `tenant` when Warden learnt of it from the tenant (webhook, poller), `warden` when
 * its own schedule saw an end. Never an email.
 */
export type StateActor = string;

export function stateChangedMetadata(finding: Finding, actor: StateActor): MessageMetadata {
  const end = endOf(finding);
  return {
    event_type: STATE_EVENT_TYPE,
    event_payload: {
      finding_id: finding.id,
      state: finding.state ?? 'FINDING_STATE_UNSPECIFIED',
      actor,
      // Only a state that ends by itself has one (Slack's metadata values are never null).
      ...(end ? { ends_at: new Date(end.at).toISOString() } : {}),
    },
  };
}

/**
 * Changes told once for many findings (a bulk change's one report): one short line a finding in
 * the report's thread, each carrying its event. A line that cannot be posted is logged: the
 * change itself stands.
 */
export async function publishStateLines(
  p: Pick<Ports, 'chat' | 'logger'>,
  findings: Iterable<Finding>,
  actor: StateActor,
  where: { channel: string; threadTs: string },
): Promise<void> {
  for (const finding of findings) {
    await p.chat
      .post({
        channel: where.channel,
        threadTs: where.threadTs,
        text: stateEventLine(finding),
        metadata: stateChangedMetadata(finding, actor),
      })
      .catch((error: unknown) =>
        p.logger.warn({ err: error, findingId: finding.id }, 'state change event not published'),
      );
  }
}
