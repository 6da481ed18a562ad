import type { Ports } from '../ports/index.js';
import type { RecentKeys } from '../slack/recent-keys.js';
import type { WorkQueue } from '../slack/work-queue.js';

/** What the listeners hold: the ports they hand to use cases, and the queue their work runs on. */
export interface ListenerContext {
  ports: Ports;
  /** The work that follows an ack, with bounded concurrency: shutdown drains it. */
  work: WorkQueue;
  /** Interactions already handled (by trigger_id): a repeated delivery does nothing. */
  delivered: RecentKeys;
}
