import type { AnyMiddlewareArgs, App } from '@slack/bolt';
import { busy } from '../blockkit/interaction-words.js';
import { stepError } from '../blockkit/workflow-step-words.js';
import { slackKindOf } from '../http/request-context.js';
import { noticeSharing } from './connect-learning.js';
import type { ListenerContext } from './context.js';
import { teamOf } from './payloads.js';
import { refOf } from './ref.js';
import { turnAway, turnedAwayAs, wordsFor } from './turn-away.js';

/** The answer to an interaction turned away under overload: in the ack itself, no further work. */
async function shed(args: AnyMiddlewareArgs, kind: string): Promise<void> {
  // A workflow step is never left running: it fails, saying why.
  if ('fail' in args && typeof args.fail === 'function' && 'ack' in args && typeof args.ack === 'function') {
    await args.ack();
    await args.fail({ error: stepError(busy()) }).catch(() => undefined);
    return;
  }
  if (!('ack' in args) || typeof args.ack !== 'function') return;
  if (kind === 'command' && 'command' in args) {
    await args.ack({ response_type: 'ephemeral', text: busy() });
    return;
  }
  if (kind === 'view_submission' && 'view' in args) {
    // Keep the form and what was typed; say it on the first field.
    const first = Object.keys(args.view.state.values)[0];
    await args.ack(first ? { response_action: 'errors', errors: { [first]: busy() } } : undefined);
    return;
  }
  await args.ack();
}

function ackOf(args: AnyMiddlewareArgs): (() => Promise<void>) | undefined {
  if (!('ack' in args) || typeof args.ack !== 'function') return undefined;
  const { ack } = args;
  return async () => {
    await ack();
  };
}

/**
 * Runs before every listener. Learns a channel's sharing from what Slack shows in passing
 * (connect-learning.ts). Refuses any request from a workspace Warden does not serve (or is not
 * installed in) and any person of another organisation, telling them why in words (turn-away.ts)
 * and logging it, and drops a second delivery of an interaction already handled (same
 * trigger_id) so nothing is done twice.
 */
export function registerMiddleware(app: App, listeners: ListenerContext): void {
  const { core, work, delivered, workspaces } = listeners;
  const { logger, metrics } = core;
  app.use(async (args) => {
    noticeSharing(args.body, args.context, listeners);
    const origin = teamOf(args.body);
    const { triggerId, type } = origin;
    const kind = slackKindOf(args.body);
    // The request's workspace and the person's own must be served and installed.
    const foreign = await workspaces.refuses(origin);
    if (foreign) {
      const ref = refOf(args.context);
      logger.warn(
        { ref, team: origin.teamId ?? null, userTeam: origin.userTeamId ?? null, type, why: foreign },
        'request from another workspace refused',
      );
      metrics.interactions.inc({ kind, outcome: 'rejected' });
      // No silent door: told why, in words, wherever the surface allows (else logged). A modal or
      // a shortcut's trigger is answered with its own workspace's token only, when Warden serves it.
      // The workspace whose installation Bolt served the request with (a partner's click in a shared
      // channel of ours, a modal Warden opened there), else the payload's own when Warden serves it.
      // A modal of Warden's is its own workspace's (the view's installing team; with one served, it).
      const own =
        workspaces.portsOf(args.context.teamId) ??
        workspaces.portsOf(origin.teamId) ??
        workspaces.portsOf(viewTeamOf(args.body)) ??
        workspaces.only?.();
      const gridOfOurs =
        origin.enterpriseId !== undefined && origin.enterpriseId === own?.settings.enterpriseId;
      const words = wordsFor(turnedAwayAs(foreign, gridOfOurs), args.body, own?.settings.workspaceName);
      if (!(await turnAway(args, words, { logger, views: own?.views }, ref)))
        logger.info({ ref, kind }, 'turned away: nobody to tell in Slack');
      return;
    }
    if (triggerId && delivered.checkAndAdd(`${type ?? 'request'}:${triggerId}`)) {
      logger.info({ type, triggerId }, 'repeated delivery ignored');
      metrics.interactions.inc({ kind, outcome: 'duplicate' });
      await ackOf(args)?.();
      return;
    }
    if (work.full) {
      logger.warn({ kind, queued: work.size }, 'overloaded: interaction turned away');
      metrics.interactions.inc({ kind, outcome: 'shed' });
      await shed(args, kind);
      return;
    }
    try {
      // Listeners ack, then queue their work on work (bounded; shutdown drains it).
      await args.next();
      metrics.interactions.inc({ kind, outcome: 'handled' });
    } catch (error) {
      metrics.interactions.inc({ kind, outcome: 'error' });
      throw error;
    }
  });
}

/** The workspace a modal was opened in, as Slack names it on the view (`app_installed_team_id`). */
function viewTeamOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('view' in body)) return undefined;
  const view: unknown = body.view;
  if (typeof view !== 'object' || view === null) return undefined;
  const team = 'app_installed_team_id' in view ? view.app_installed_team_id : undefined;
  return typeof team === 'string' ? team : undefined;
}
