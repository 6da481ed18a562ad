/**
 * Fault injection for the sandbox tenant, set per test. A rule matches requests by method and
 * path and applies to the next `times` of them (default 1):
 * - `latencyMs`: answer this much later;
 * - `status` (+ `body`, `retryAfter`): answer with this status instead;
 * - `drop`: destroy the connection without an answer;
 * - `after`: act on the request first (change the state), then fail as above — the ambiguous
 *   failure a client must not blindly repeat.
 */
export interface FaultRule {
  method?: string;
  /** Exact path, or a pattern, matched against the decoded path without the query. */
  path?: string | RegExp;
  times?: number;
  latencyMs?: number;
  status?: number;
  body?: unknown;
  retryAfter?: string;
  drop?: boolean;
  after?: boolean;
}

interface ArmedRule extends FaultRule {
  remaining: number;
}

export class Faults {
  #rules: ArmedRule[] = [];

  add(rule: FaultRule): this {
    this.#rules.push({ ...rule, remaining: rule.times ?? 1 });
    return this;
  }

  clear(): void {
    this.#rules = [];
  }

  /** The rule for this request, if any; counts it as used. */
  take(method: string, path: string): FaultRule | undefined {
    const rule = this.#rules.find(
      (r) =>
        r.remaining > 0 &&
        (r.method === undefined || r.method.toUpperCase() === method) &&
        (r.path === undefined || (typeof r.path === 'string' ? r.path === path : r.path.test(path))),
    );
    if (rule) rule.remaining--;
    return rule;
  }
}
