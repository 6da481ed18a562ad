import type express from 'express';
import type { Request, Response } from 'express';
import type { Store } from '../ports/store.js';
import type { TokenProvider } from '../tenant/auth.js';

export interface HealthDeps {
  store: Store;
  tenantAuth: TokenProvider;
  now: () => number;
  /** Unsent alerts older than this mean delivery is stuck. */
  stuckAfterMs: number;
  /** How long since the poller's last complete run (or its start); undefined without a poller. */
  pollerLagMs?: () => number | undefined;
  pollIntervalMs?: number | undefined;
}

const DAY_MS = 86_400_000;

async function check<T>(
  run: () => Promise<T>,
  timeoutMs = 3_000,
): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    const value = await Promise.race([
      run(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs).unref(),
      ),
    ]);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message.slice(0, 300) : 'failed' };
  }
}

/**
 * GET /healthz: the process answers. GET /readyz: the store answers, a tenant token can be had,
 * the outbox is moving and the poller (if on) has completed a run within three intervals; JSON details, 503 when not ready. Failed alerts are reported (they
 * need an operator) but do not make the instance unready: restarting would not fix them.
 * The reasons are an operator's: a request `detailed` refuses gets the status and `{ready}` only
 * (wiring/operations.ts: the admin port, or the public one with ADMIN_TOKEN).
 */
export function registerHealthRoutes(
  http: express.Application,
  deps: HealthDeps,
  detailed: (req: Request) => boolean,
): void {
  http.get('/healthz', (_req: Request, res: Response) => {
    res.json({ ok: true });
  });
  http.get('/readyz', async (req: Request, res: Response) => {
    const now = deps.now();
    const [store, tenant, lifecycle, tokens] = await Promise.all([
      check(async () => {
        await deps.store.ping();
        // A store that answers a ping may still refuse writes (SQLite locked or read-only).
        const state = deps.store.health.state();
        if (!state.ok)
          throw new Error(`${state.reason} (for ${Math.round((deps.now() - state.since) / 1_000)} s)`);
        return deps.store.outboxStats(now);
      }),
      check(async () => {
        await deps.tenantAuth.getToken();
        return true;
      }),
      check(() => deps.store.lifecycleStats(now - DAY_MS)),
      check(() => deps.store.refreshFailures()),
    ]);
    const outbox = store.ok ? store.value : undefined;
    const stuck = outbox?.oldestUnsentAgeMs !== undefined && outbox.oldestUnsentAgeMs > deps.stuckAfterMs;
    const pollerLagMs = deps.pollIntervalMs === undefined ? undefined : (deps.pollerLagMs?.() ?? null);
    // A poller that has not completed a run for three intervals (and a grace for a slow one) is
    // not polling: alerts may be missed, and another replica should take the traffic.
    const pollerLimitMs = deps.pollIntervalMs === undefined ? 0 : 3 * deps.pollIntervalMs + 30_000;
    const pollerLagging = typeof pollerLagMs === 'number' && pollerLagMs > pollerLimitMs;
    const ready = store.ok && tenant.ok && !stuck && !pollerLagging;
    if (!detailed(req)) {
      res.status(ready ? 200 : 503).json({ ready });
      return;
    }
    res.status(ready ? 200 : 503).json({
      ready,
      checks: {
        store: store.ok ? { ok: true, kind: deps.store.kind } : { ok: false, error: store.error },
        tenant: tenant.ok ? { ok: true } : { ok: false, error: tenant.error },
        outbox: outbox
          ? {
              ok: !stuck,
              pending: outbox.pending,
              sending: outbox.sending,
              failed: outbox.failed,
              oldestUnsentAgeMs: outbox.oldestUnsentAgeMs ?? null,
              ...(outbox.failed > 0
                ? { attention: `${outbox.failed} alert(s) failed; see 'npm run outbox -- list --failed'` }
                : {}),
            }
          : { ok: false },
        // Reminders and digests that could not be delivered need a person (a channel archived,
        // someone gone), not a restart: reported, never unready.
        lifecycle: lifecycle.ok
          ? {
              ok: true,
              pending: lifecycle.value.pending,
              failedLastDay: lifecycle.value.failed,
              undeliveredLastDay: lifecycle.value.undelivered,
              ...(lifecycle.value.failed + lifecycle.value.undelivered > 0
                ? {
                    attention: `${lifecycle.value.undelivered} reminder(s) or digest(s) with undelivered messages and ${lifecycle.value.failed} failed job(s) in the last day; Warden's log names each (lifecycle job finished)`,
                  }
                : {}),
            }
          : { ok: false, error: lifecycle.error },
        // Token rotation: a workspace whose token Slack would not refresh needs a person (install
        // it again), not a restart, and the other workspaces go on: reported, never unready.
        slackTokens: !tokens.ok
          ? { ok: false, error: tokens.error }
          : tokens.value.length === 0
            ? { ok: true }
            : {
                ok: false,
                failing: tokens.value.map((f) => ({
                  installation: f.key,
                  reason: f.reason,
                  sinceMs: Math.max(0, now - f.at),
                })),
                attention: `Slack refused to refresh the token of ${tokens.value.map((f) => f.key).join(', ')}: its calls fail once the token expires; Warden tries again each minute it is used, and installing it again (/slack/install) ends this`,
              },
        ...(pollerLagMs === undefined
          ? {}
          : { poller: { ok: !pollerLagging, lastSuccessAgeMs: pollerLagMs, limitMs: pollerLimitMs } }),
      },
    });
  });
}
