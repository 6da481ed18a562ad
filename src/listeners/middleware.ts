import type { AnyMiddlewareArgs, App } from '@slack/bolt';
import { slackKindOf } from '../http/request-context.js';
import type { WardenDeps } from '../usecases/deps.js';
import { teamOf } from './payloads.js';

function ackOf(args: AnyMiddlewareArgs): (() => Promise<void>) | undefined {
  if (!('ack' in args) || typeof args.ack !== 'function') return undefined;
  const { ack } = args;
  return async () => {
    await ack();
  };
}

/**
 * Runs before every listener. Refuses any request from a workspace other than SLACK_TEAM_ID
 * (acked, so Slack shows no error, and logged), and drops a second delivery of an interaction
 * already handled (same trigger_id) so nothing is done twice.
 */
export function registerMiddleware(app: App, deps: WardenDeps, teamId: string): void {
  app.use(async (args) => {
    const { teamId: from, triggerId, type } = teamOf(args.body);
    const kind = slackKindOf(args.body);
    if (from !== teamId) {
      deps.logger.warn({ team: from ?? null, type }, 'request from another workspace refused');
      deps.metrics.interactions.inc({ kind, outcome: 'rejected' });
      await ackOf(args)?.();
      return;
    }
    if (triggerId && deps.delivered.checkAndAdd(`${type ?? 'request'}:${triggerId}`)) {
      deps.logger.info({ type, triggerId }, 'repeated delivery ignored');
      deps.metrics.interactions.inc({ kind, outcome: 'duplicate' });
      await ackOf(args)?.();
      return;
    }
    try {
      // Tracked so a graceful shutdown waits for the work that follows the ack.
      await deps.tracker.track(args.next());
      deps.metrics.interactions.inc({ kind, outcome: 'handled' });
    } catch (error) {
      deps.metrics.interactions.inc({ kind, outcome: 'error' });
      throw error;
    }
  });
}
