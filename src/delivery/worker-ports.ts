import type { Finding } from '../model/finding.js';
import type { CardSettings, Ports } from '../ports/index.js';
import type { OutboxRow } from '../ports/outbox.js';
import type { RollupRecords } from '../ports/rollups.js';
import type { OwnerDmFinder } from './owner-route.js';

/** What the worker uses. Its `chat` rejects 429s instead of waiting: the row is rescheduled. */
export type WorkerPorts = Pick<
  Ports,
  'outbox' | 'cards' | 'chat' | 'history' | 'logger' | 'clock' | 'timers' | 'audit' | 'owners'
> &
  Partial<Pick<Ports, 'sla' | 'names'>> & {
    settings: CardSettings;
    /** Where rolled-up alerts go (delivery/rollup.ts decides which). */
    rollups: Pick<RollupRecords, 'addToRollup' | 'rollupsOf' | 'rollupGroup' | 'markRollupChanged'>;
    /** WARDEN_CONFIG `delivery.rollup`, with its severities as ranks; off when absent. */
    rollup?: RollupRule | undefined;
    /** The owner's direct message, for rows routed to the owner; such rows fail without it. */
    ownerDm?: OwnerDmFinder | undefined;
    /** Once a card is in its channel: the attestation ask scheduled (usecases/attest/attest-ask.ts), once a finding. */
    afterDelivery?: ((finding: Finding, channel: string) => Promise<unknown>) | undefined;
    /** The tenant, to render a card brought up to date as the finding is now (card-refresh.ts); the row's snapshot without it. */
    findings?: Pick<Ports['findings'], 'get'> | undefined;
  };

/** What the worker uses whatever the row: the queue, logs, time. */
export type WorkerCore = Pick<WorkerPorts, 'outbox' | 'logger' | 'clock' | 'timers'>;

/**
 * Several workspaces served: each row is delivered with the ports of the workspace it belongs to
 * (its channel's, or for the owner's copy its route's), or refused with why none can be told.
 */
export interface RoutedWorkerPorts extends WorkerCore {
  portsFor(row: OutboxRow & { channel: string }): Promise<WorkerPorts | { refused: string }>;
}

export interface RollupRule {
  threshold: number;
  windowMs: number;
  /** Severity ranks (domain/severity.ts) that always get their own message. */
  neverRanks: number[];
}

export interface WorkerOptions {
  workerId?: string;
  batchSize?: number;
  /** How long a claimed row is ours before another worker may take it back. */
  leaseMs?: number;
  /** How often to look for due rows when nobody wakes the worker. */
  idleMs?: number;
  /** Ceiling of the exponential backoff after transient failures. */
  maxBackoffMs?: number;
  /** Longest pause between looks at the outbox while the store is unavailable (doubling from idleMs). */
  maxStorePauseMs?: number;
  /** Metrics hook: called once per delivery attempt. */
  onResult?: (result: 'sent' | 'rescheduled' | 'failed' | 'rolledUp', reason?: string) => void;
}
