import type { ApiError } from '../errors.js';

export interface RetryOptions {
  /** Retries after the first attempt. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the caller gets the rate_limited error. */
  maxRetryAfterMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const DEFAULT_RETRY: RetryOptions = {
  maxRetries: 3,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
  sleep: defaultSleep,
  random: Math.random,
};

/** Exponential backoff with full jitter: a random wait in [0, min(max, base·2^attempt)]. */
export function backoffDelay(attempt: number, opts: RetryOptions): number {
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** attempt);
  return Math.round(opts.random() * ceiling);
}

/** How long to wait before retry number `attempt` after `error`, or undefined to give up. */
export function retryDelay(error: ApiError, attempt: number, opts: RetryOptions): number | undefined {
  if (attempt >= opts.maxRetries) return undefined;
  if (error.retryAfterSeconds !== undefined) {
    const ms = error.retryAfterSeconds * 1_000;
    return ms > opts.maxRetryAfterMs ? undefined : ms;
  }
  return backoffDelay(attempt, opts);
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

/**
 * Whether a failed request may be sent again. Reads (`idempotent`) are repeated after 429, 502,
 * 503, 504 and any transport failure. A state change is repeated blindly only when the tenant
 * provably did not act on it (connection refused, 429, 503); what to do after an ambiguous
 * failure is the caller's decision (read the finding back first).
 */
export function isRetryable(error: ApiError, idempotent: boolean): boolean {
  if (!idempotent) return error.processed === 'no';
  if (error.status !== undefined) return RETRYABLE_STATUS.has(error.status);
  return error.kind === 'unavailable' || error.kind === 'timeout';
}
