import { isSlackApiError, isStoreUnavailable } from '../errors.js';
import type { OutboxRow, OutboxStore } from '../ports/store.js';
import { PACED } from '../slack/paced-chat.js';

/** A row with nowhere to go now: for good (`final`), or until a later attempt. */
export class Undeliverable extends Error {
  constructor(
    message: string,
    readonly final: boolean,
  ) {
    super(message);
  }
}

export type FailureVerdict =
  /** Its channel's slot is further off: back in the queue untried, no attempt counted. */
  | { kind: 'postpone'; at: number }
  /** An error repeating cannot fix: failed, with the reason, until someone requeues it. */
  | { kind: 'fail'; reason: string }
  | { kind: 'retry'; at: number; reason: string };

/**
 * What a failed delivery attempt means for its row: wait for the channel's paced slot (shared by
 * every replica), stop for good, or try again after Slack's Retry-After or an exponential,
 * jittered backoff.
 */
export function judgeFailure(
  error: unknown,
  row: OutboxRow,
  now: number,
  maxBackoffMs: number,
): FailureVerdict {
  if (isSlackApiError(error) && error.slackCode === PACED)
    return { kind: 'postpone', at: now + (error.retryAfterMs ?? 1_000) };
  const reason = isSlackApiError(error)
    ? error.slackCode
    : error instanceof Undeliverable
      ? error.message
      : String(error).slice(0, 200);
  if (
    (isSlackApiError(error) && error.failure === 'permanent') ||
    (error instanceof Undeliverable && error.final)
  )
    return { kind: 'fail', reason };
  const backoff = Math.min(maxBackoffMs, 2_000 * 2 ** Math.max(0, row.attempts - 1));
  const delay =
    isSlackApiError(error) && error.retryAfterMs !== undefined
      ? error.retryAfterMs
      : Math.round(backoff * (0.8 + Math.random() * 0.4));
  return { kind: 'retry', at: now + delay, reason };
}

/**
 * Rows a worker claimed whose outcome it could not record: the store was unavailable. Once it
 * answers they go back to the queue, an attempt counted, so the next attempt looks for an earlier
 * post before posting (Slack may have taken it): none is lost or doubled, none waits its lease.
 */
export class HeldRows {
  readonly #ids = new Set<string>();

  /** Throws `error` again, holding `rows` (the one failed and those after it) if the store was down. */
  rethrow(error: unknown, rows: readonly OutboxRow[]): never {
    if (isStoreUnavailable(error)) for (const row of rows) this.#ids.add(row.id);
    throw error;
  }

  async release(outbox: Pick<OutboxStore, 'reschedule'>, clock: () => number): Promise<void> {
    for (const id of this.#ids) {
      await outbox.reschedule(id, clock(), 'the store was unavailable', clock());
      this.#ids.delete(id);
    }
  }
}
