import { describeFailure } from '../blockkit/failure.js';
import { renderInfoModal } from '../blockkit/info-modal.js';
import { formNotOpened } from '../blockkit/interaction-words.js';
import { isApiError, isSlackApiError } from '../errors.js';
import type { Ports } from '../ports/index.js';
import type { Audience } from '../ports/slack.js';
import { logTenantFailure } from '../usecases/shared/log-failure.js';

/**
 * How the runner (runner.ts) tells a person what became of their click, form or command: in the
 * open modal when there is one, else privately; a failure with its ref, logged once.
 */

/** Where the person is told: the open modal if there is one, else privately. */
export interface Reply {
  audience: Audience;
  viewId: string | undefined;
}

export async function tell(p: Ports, to: Reply, text: string): Promise<void> {
  if (to.viewId) {
    const shown = await p.views.update(to.viewId, renderInfoModal(text)).then(
      () => true,
      (error: unknown) => {
        p.logger.warn({ err: error }, 'modal not updated; telling the person privately');
        return false;
      },
    );
    if (shown) return;
  }
  await p.privately.tell(to.audience, text);
}

/** The last word on any failure: logged with the ref, told to the person. */
export async function failed(p: Ports, error: unknown, to: Reply, what: string, ref: string): Promise<void> {
  // A tenant's answer (an unknown id, mostly) is logged as the tenant's; anything else is Warden's fault.
  if (isApiError(error)) logTenantFailure(p.logger.child({ ref }), error, `${what} failed`);
  else p.logger.error({ err: error, ref }, `interaction failed: could not ${what}`);
  p.metrics.interactionFailures.inc({ what });
  await tell(p, to, describeFailure(error, what, ref)).catch((e: unknown) =>
    p.logger.error({ err: e, ref }, 'the person could not be told of a failure'),
  );
}

export interface Start {
  audience: Audience;
  triggerId: string;
  ref: string;
  what: string;
  /** What the loading modal names. */
  loading: string;
  /** Carried out after a restart (request-intents.ts): its trigger_id died long ago. */
  recovered?: boolean;
}

/**
 * Slack rate limits views.open / views.push: the trigger dies in 3 s, so the call was not
 * retried (slack/clients.ts, `trigger`). Nothing was done; the person is told so at once.
 */
export async function modalRefused(p: Ports, error: unknown, to: Reply, s: Start): Promise<boolean> {
  if (!isSlackApiError(error) || error.failure !== 'rate_limited') return false;
  p.logger.warn(
    { ref: s.ref, method: error.method, retryAfterMs: error.retryAfterMs },
    `Slack rate limited ${error.method}: could not ${s.what}; the person was told`,
  );
  p.metrics.interactionFailures.inc({ what: s.what });
  await p.privately
    .tell(to.audience, formNotOpened(s.what, error.retryAfterMs, s.ref))
    .catch((e: unknown) =>
      p.logger.error({ err: e, ref: s.ref }, 'the person could not be told of a failure'),
    );
  return true;
}
