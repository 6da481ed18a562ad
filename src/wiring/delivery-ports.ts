import type { WebClientOptions } from '@slack/web-api';
import { type ConfigFile, DEFAULT_CONFIG_FILE } from '../config-file.js';
import type { OwnerDmFinder } from '../delivery/owner-route.js';
import type { RollupRule, WorkerPorts } from '../delivery/worker.js';
import { severityRank } from '../domain/severity.js';
import type { Logger } from '../logger.js';
import type { CardSettings, Clock, Timers } from '../ports/index.js';
import type { NamesPort } from '../ports/names.js';
import type { OwnersPort } from '../ports/owners.js';
import type { ChatPort } from '../ports/slack.js';
import type { Store } from '../ports/store.js';
import { createSlackClient } from '../slack/clients.js';
import type { TokenSource } from '../slack/metered-web-client.js';
import { UNMAPPED_OWNERS } from '../slack/owner-directory.js';
import { createPacedChat, type PacingHooks } from '../slack/paced-chat.js';
import { createChatPort, createHistoryPort } from '../slack/web-ports.js';
import { realTimers } from '../timers.js';

/**
 * The delivery worker's side of the wiring (buildPorts in ports.ts hands it the workspace's
 * owners, guard and settings; a worker alone, in tests and child processes, builds it directly).
 */

/** The worker's ports, and the lower-priority Slack the roll-up publisher posts with. */
export type DeliveryPorts = WorkerPorts & { listingChat: ChatPort };

/**
 * The delivery worker's ports: its Slack client hands a 429 back instead of waiting it out, so
 * the outbox row is rescheduled rather than holding the worker (and every row behind it).
 */
export function createDeliveryPorts(o: {
  store: Store;
  token: string | TokenSource;
  clientOptions: WebClientOptions;
  logger: Logger;
  clock: Clock;
  /** Waits for pacing slots and between idle looks at the outbox; the real ones when absent. */
  timers?: Timers;
  onSlackError?: (method: string, error: string) => void;
  /** How cards render (WARDEN_CONFIG); the defaults when not given. */
  settings?: CardSettings;
  /** Roll-ups in a flood (WARDEN_CONFIG `delivery.rollup`); none when absent. */
  rollup?: RollupRule | undefined;
  hooks?: PacingHooks;
  /** The workspace's pacing key, when Warden serves several. */
  paceKey?: string | undefined;
  /** Slack Connect: the chats held to the workspace's guard (wiring/connect.ts). */
  safe?: (chat: ChatPort) => ChatPort;
  /** Owners on cards; without it (a worker alone, in tests) they are shown by id. */
  owners?: OwnersPort;
  /** The names of a card's target and app; without it they are shown by id. */
  names?: NamesPort;
  /** Alerts routed to a finding's owner (`notifyOwner: true`); they fail without it. */
  ownerDm?: OwnerDmFinder;
  /** After a card is delivered (the attestation ask). */
  afterDelivery?: WorkerPorts['afterDelivery'];
  /** The tenant: a card's retried update shows the finding as it is then (delivery/card-refresh.ts). */
  findings?: WorkerPorts['findings'];
}): DeliveryPorts {
  const client = createSlackClient('paced', {
    token: o.token,
    options: o.clientOptions,
    onError: o.onSlackError ?? (() => undefined),
  });
  const safe = o.safe ?? ((chat: ChatPort) => chat);
  const timers = o.timers ?? realTimers;
  const paced = (maxWaitMs: number) =>
    safe(
      createPacedChat(
        createChatPort(client),
        o.store,
        { now: o.clock, sleep: timers.sleep },
        {
          maxWaitMs,
          ...(o.hooks ? { hooks: o.hooks } : {}),
          workspace: o.paceKey,
        },
      ),
    );
  // The worker waits at most 1.5 s for a slot: a row whose channel is busier goes back to the
  // queue (postponed, untried) and the worker moves on to other channels.
  const chat = paced(1_500);
  return {
    // Roll-up summaries and listings wait for no slot: they take one only when it is free now,
    // so an alert of its own (a critical) that waits for the next slot always gets it first.
    listingChat: paced(0),
    outbox: o.store,
    cards: o.store,
    sla: o.store,
    audit: o.store,
    rollups: o.store,
    rollup: o.rollup,
    chat,
    history: createHistoryPort(client),
    logger: o.logger,
    clock: o.clock,
    timers,
    owners: o.owners ?? UNMAPPED_OWNERS,
    ...(o.names ? { names: o.names } : {}),
    ownerDm: o.ownerDm,
    afterDelivery: o.afterDelivery,
    findings: o.findings,
    settings: o.settings ?? {
      attributionTemplate: DEFAULT_CONFIG_FILE.attribution.template,
      offerUnsuppress: DEFAULT_CONFIG_FILE.cards.offerUnsuppress,
    },
  };
}

/** WARDEN_CONFIG `delivery.rollup` as the worker applies it (severities as ranks). */
export function rollupRule(file: ConfigFile): RollupRule | undefined {
  const r = file.delivery.rollup;
  if (!r.enabled) return undefined;
  return { threshold: r.threshold, windowMs: r.window, neverRanks: r.neverRollUp.map(severityRank) };
}
