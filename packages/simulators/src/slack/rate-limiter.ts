import { METHOD_TIER, RATE_LIMITS } from './limits.js';

const TIER_PER_MINUTE = {
  1: RATE_LIMITS.tier1PerMinute,
  2: RATE_LIMITS.tier2PerMinute,
  3: RATE_LIMITS.tier3PerMinute,
  4: RATE_LIMITS.tier4PerMinute,
} as const;

/**
 * Slack's Web API rate limits as its documentation states them (limits.ts): chat.postMessage
 * about one message a second per channel with short bursts (a token bucket of 3, refilled at one
 * a second), and every tiered method per workspace (at most its tier's calls in any 60 s). Over
 * a limit, the call gets 429 with Retry-After in whole seconds, as Slack answers. Limits are kept
 * per method (the local Slack has one workspace and takes one app's token, so that is Slack's "per
 * method, per workspace, per app"): a method over its limit never makes another method wait.
 */
export class RateLimiter {
  /** Off by default; tests that post many alerts, the demo and the bench switch it on. */
  enabled: boolean;
  /** 429s answered, by method. */
  readonly served = new Map<string, number>();
  readonly #now: () => number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  readonly #windows = new Map<string, number[]>();
  /** Methods held over their limit until then (`hold`). */
  readonly #held = new Map<string, number>();

  constructor(enabled: boolean, now: () => number = Date.now) {
    this.enabled = enabled;
    this.#now = now;
  }

  /** Seconds to wait when `method` is over its limit now (the call is then refused), else undefined. */
  check(method: string, args: Record<string, unknown>, workspace = ''): number | undefined {
    // Per method, per workspace, per app: a workspace over its limit never holds another's calls.
    const wait = this.#heldFor(method) ?? (this.enabled ? this.#limited(method, args, workspace) : undefined);
    if (wait !== undefined) this.served.set(method, (this.served.get(method) ?? 0) + 1);
    return wait;
  }

  /**
   * `method` is over its limit for the next `seconds`, as when this app used up its share elsewhere
   * (another replica, another process): every call to it until then gets 429 with the seconds
   * left as Retry-After (whole seconds, at least 1), as Slack answers; other methods go on. Works
   * whether or not the documented limits are enforced.
   */
  hold(method: string, seconds: number): void {
    this.#held.set(method, this.#now() + seconds * 1_000);
  }

  /** Every 429 answered so far. */
  total(): number {
    let n = 0;
    for (const v of this.served.values()) n += v;
    return n;
  }

  #heldFor(method: string): number | undefined {
    const until = this.#held.get(method);
    if (until === undefined) return undefined;
    const left = until - this.#now();
    if (left > 0) return Math.max(1, Math.ceil(left / 1_000));
    this.#held.delete(method);
    return undefined;
  }

  #limited(method: string, args: Record<string, unknown>, workspace: string): number | undefined {
    return method === 'chat.postMessage'
      ? this.#perChannel(String(args.channel ?? ''))
      : this.#tier(method, workspace ? `${workspace}:${method}` : method);
  }

  #perChannel(channel: string): number | undefined {
    const { perSecond, burst } = RATE_LIMITS.postMessagePerChannel;
    const now = this.#now();
    const b = this.#buckets.get(channel) ?? { tokens: burst, at: now };
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1_000) * perSecond);
    b.at = now;
    this.#buckets.set(channel, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / perSecond));
  }

  #tier(method: string, key: string): number | undefined {
    const tier = METHOD_TIER[method];
    if (tier === undefined) return undefined;
    const limit = TIER_PER_MINUTE[tier];
    const now = this.#now();
    const recent = (this.#windows.get(key) ?? []).filter((t) => t > now - 60_000);
    this.#windows.set(key, recent);
    if (recent.length < limit) {
      recent.push(now);
      return undefined;
    }
    return Math.max(1, Math.ceil(((recent[0] ?? now) + 60_000 - now) / 1_000));
  }
}
