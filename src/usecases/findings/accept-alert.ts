import { OWNER_ROUTE, type Route, type RoutingRule, routeAlert } from '../../domain/routing.js';
import type { Finding } from '../../model/finding.js';
import type { Ports, Settings } from '../../ports/index.js';
import type { AlertSource } from '../../ports/store.js';
import { recordChange } from '../shared/finding-changed.js';

export interface IntakeDeps
  extends Pick<Ports, 'outbox' | 'seen' | 'clock' | 'logger' | 'lifecycle'>,
    Partial<Pick<Ports, 'sla' | 'metrics'>> {
  /** `sla`, `teamId`: the finding's SLA clocks start when it arrives (usecases/shared/sla-clock.ts). */
  settings: Pick<Settings, 'remindBeforeMs'> & Partial<Pick<Settings, 'sla' | 'teamId'>>;
  rules: readonly RoutingRule[];
  defaultChannel: string | undefined;
  /** The workspace a routed channel is in: the owner's copy is found through it (none: the one served). */
  workspaceOf?: ((channel: string) => string | undefined) | undefined;
  /** Tells the delivery worker there is work (it also polls the outbox on its own). */
  wake: () => void;
  onAccepted?: (source: AlertSource, duplicate: boolean) => void;
}

export interface IncomingAlert {
  source: AlertSource;
  idempotencyKey: string;
  finding: Finding;
  /** A sender's explicit channel wins over routing. */
  channel?: string | undefined;
}

export interface Accepted {
  id: string;
  duplicate: boolean;
  route: Route;
}

/**
 * Routes an alert and stores it, with its idempotency key, in one transaction. Only after this
 * returns may the sender be told 202: from then on the alert cannot be lost, and a repeat of it
 * is recognised and not posted again. Dropped and unroutable alerts are stored too (visible,
 * requeueable), never silently discarded.
 */
export async function acceptAlert(deps: IntakeDeps, alert: IncomingAlert): Promise<Accepted> {
  const route: Route = alert.channel
    ? { channel: alert.channel, rule: 'sender' }
    : routeAlert(alert.finding, deps.rules, deps.defaultChannel);
  const now = deps.clock();
  const base = {
    idempotencyKey: alert.idempotencyKey,
    source: alert.source,
    findingId: alert.finding.id,
    finding: alert.finding,
  };
  const stored =
    'channel' in route
      ? await deps.outbox.enqueueAlert({ ...base, channel: route.channel, status: 'pending' }, now)
      : 'drop' in route
        ? await deps.outbox.enqueueAlert(
            { ...base, channel: null, status: 'dropped', reason: `dropped by ${route.rule}` },
            now,
          )
        : await deps.outbox.enqueueAlert(
            {
              ...base,
              channel: null,
              status: 'failed',
              reason: 'no routing rule matched and ALERTS_CHANNEL is not set',
            },
            now,
          );
  // The owner's copy is a row of its own (idempotent too), stored even when the alert was a
  // repeat: a crash between the two rows is mended by the sender's retry.
  if (route.notifyOwner) {
    const teamId = 'channel' in route ? deps.workspaceOf?.(route.channel) : undefined;
    await deps.outbox.enqueueAlert(
      {
        ...base,
        idempotencyKey: `${alert.idempotencyKey}#owner`,
        channel: OWNER_ROUTE,
        status: 'pending',
        ...(teamId ? { teamId } : {}),
      },
      now,
    );
  }
  // News from the tenant: recorded as seen, a snooze or acceptance made there reminded to its owner
  // and its end told in Slack; its cards are the outbox's to update.
  if (!stored.duplicate) await recordChange(deps, alert.finding);
  deps.logger.info(
    {
      source: alert.source,
      findingId: alert.finding.id,
      alertId: stored.id,
      duplicate: stored.duplicate,
      route,
    },
    stored.duplicate ? 'alert repeated; already stored' : 'alert stored',
  );
  if ('none' in route && !stored.duplicate) {
    deps.logger.error(
      { alertId: stored.id, findingId: alert.finding.id },
      'alert has no channel: set ALERTS_CHANNEL or a routing rule, then requeue it',
    );
  }
  deps.onAccepted?.(alert.source, stored.duplicate);
  if (!stored.duplicate && ('channel' in route || route.notifyOwner)) deps.wake();
  return { ...stored, route };
}
