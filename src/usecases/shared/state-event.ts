import { stateEventsLine } from '../../blockkit/state-event-words.js';
import { endOf } from '../../domain/ends.js';
import type { Finding } from '../../model/finding.js';
import type { Ports } from '../../ports/index.js';
import type { MessageMetadata } from '../../ports/slack.js';

/**
 * Events for other apps (README "Events for other apps"): every state change Warden makes or
 * learns of is published once as message metadata on a message Warden posts anyway (the thread
 * reply that tells the change). A card cannot carry it: a message has one metadata, and a card's
 * is `warden_alert` (the outbox id that finds it after a crash).
 */

export const STATE_EVENT_TYPE = 'warden_finding_state_changed';
/** A bulk change's findings, many to an event (one post each would be one paced post a finding). */
export const BULK_STATE_EVENT_TYPE = 'warden_findings_state_changed';

/**
 * Who made the change: a Slack user id when a person did (in Slack, or four-eyes: the
 * requester), `tenant` when Warden learnt of it from the tenant (webhook, poller), `warden` when
 * its own schedule saw an end. Never an email.
 */
export type StateActor = string;

const endsAtOf = (finding: Finding): string | undefined => {
  const end = endOf(finding);
  return end ? new Date(end.at).toISOString() : undefined;
};

export function stateChangedMetadata(finding: Finding, actor: StateActor): MessageMetadata {
  const endsAt = endsAtOf(finding);
  return {
    event_type: STATE_EVENT_TYPE,
    event_payload: {
      finding_id: finding.id,
      state: finding.state ?? 'FINDING_STATE_UNSPECIFIED',
      actor,
      // Only a state that ends by itself has one (Slack's metadata values are never null).
      ...(endsAt ? { ends_at: endsAt } : {}),
    },
  };
}

/**
 * Most ids an event carries, and most characters of its payload as JSON. Slack's metadata takes
 * arrays of values (its metadata guidelines); we found no documented size limit, so a payload is
 * kept well within a message's own few kilobytes: 100 ids of up to 30 characters fit.
 */
export const BULK_EVENT_IDS = 100;
export const BULK_EVENT_CHARS = 4_000;

/** One bulk event, with the findings it names (for the line that carries it). */
export interface BulkEvent {
  metadata: MessageMetadata;
  findings: Finding[];
}

/**
 * A bulk change's events: its findings grouped by what the event says of them (state, end),
 * each group cut into events of at most BULK_EVENT_IDS ids and BULK_EVENT_CHARS characters.
 * Each finding is in exactly one event. Pure.
 */
export function bulkStateEvents(findings: Iterable<Finding>, actor: StateActor): BulkEvent[] {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = JSON.stringify([f.state ?? null, endsAtOf(f) ?? null]);
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const events: BulkEvent[] = [];
  for (const group of groups.values()) {
    let chunk: Finding[] = [];
    for (const f of group) {
      const grown = [...chunk, f];
      if (chunk.length > 0 && (grown.length > BULK_EVENT_IDS || sizeOf(grown, actor) > BULK_EVENT_CHARS)) {
        events.push(bulkEvent(chunk, actor));
        chunk = [f];
      } else chunk = grown;
    }
    if (chunk.length > 0) events.push(bulkEvent(chunk, actor));
  }
  return events;
}

function bulkEvent(findings: Finding[], actor: StateActor): BulkEvent {
  const [first] = findings;
  const endsAt = first ? endsAtOf(first) : undefined;
  return {
    findings,
    metadata: {
      event_type: BULK_STATE_EVENT_TYPE,
      event_payload: {
        finding_ids: findings.map((f) => f.id),
        state: first?.state ?? 'FINDING_STATE_UNSPECIFIED',
        actor,
        ...(endsAt ? { ends_at: endsAt } : {}),
      },
    },
  };
}

const sizeOf = (findings: Finding[], actor: StateActor) =>
  JSON.stringify(bulkEvent(findings, actor).metadata).length;

/**
 * Bulk events on short lines of their own: the ones the report of a bulk change did not carry
 * (it carries the first), or all of a change a restart interrupted. In `where`'s thread; with no
 * thread, the first line starts one. A line that cannot be posted is logged: the change stands.
 */
export async function publishBulkEvents(
  p: Pick<Ports, 'chat' | 'logger'>,
  events: readonly BulkEvent[],
  where: { channel: string; threadTs: string | undefined },
  line: (findings: readonly Finding[]) => string = stateEventsLine,
): Promise<void> {
  let threadTs = where.threadTs;
  for (const event of events) {
    const ts = await p.chat
      .post({ channel: where.channel, threadTs, text: line(event.findings), metadata: event.metadata })
      .catch((error: unknown) => {
        p.logger.warn({ err: error, findings: event.findings.length }, 'state change event not published');
        return undefined;
      });
    threadTs ??= ts;
  }
}
