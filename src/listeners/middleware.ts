import type { AnyMiddlewareArgs, App } from '@slack/bolt';
import { EXTERNAL_REFUSED } from '../blockkit/connect-words.js';
import { BUSY } from '../blockkit/interaction-words.js';
import { stepWords } from '../blockkit/workflow-step-words.js';
import { slackKindOf } from '../http/request-context.js';
import type { ListenerContext } from './context.js';
import { teamOf } from './payloads.js';
import { refOf } from './ref.js';

/** ServedWorkspaces.refuses' reason for a person of an organisation Warden does not serve. */
const PARTNER = 'a person of another organisation';

/** The answer to an interaction turned away under overload: in the ack itself, no further work. */
async function shed(args: AnyMiddlewareArgs, kind: string): Promise<void> {
  // A workflow step is never left running: it fails, saying why.
  if ('fail' in args && typeof args.fail === 'function' && 'ack' in args && typeof args.ack === 'function') {
    await args.ack();
    await args.fail({ error: BUSY.replace(/^:[a-z_]+: /, '') }).catch(() => undefined);
    return;
  }
  if (!('ack' in args) || typeof args.ack !== 'function') return;
  if (kind === 'command' && 'command' in args) {
    await args.ack({ response_type: 'ephemeral', text: BUSY });
    return;
  }
  if (kind === 'view_submission' && 'view' in args) {
    // Keep the form and what was typed; say it on the first field.
    const first = Object.keys(args.view.state.values)[0];
    await args.ack(first ? { response_action: 'errors', errors: { [first]: BUSY } } : undefined);
    return;
  }
  await args.ack();
}

/**
 * A Workflow Builder run turned away is failed with a sentence (Bolt's fail, with the run's own
 * function-scoped token), not only acked: the person who ran the workflow sees why.
 */
async function failStep(args: AnyMiddlewareArgs, ref: string): Promise<boolean> {
  if (!('fail' in args) || typeof args.fail !== 'function' || !('ack' in args)) return false;
  if (typeof args.ack === 'function') await args.ack();
  await args.fail({ error: stepWords.notServed(ref) }).catch(() => undefined);
  return true;
}

/** Says to a Slack Connect partner that Warden does not act for them: in the ack, or by response_url. */
async function tellPartner(args: AnyMiddlewareArgs): Promise<boolean> {
  if ('command' in args && 'ack' in args) {
    await args.ack({ response_type: 'ephemeral', text: EXTERNAL_REFUSED });
    return true;
  }
  if ('action' in args && 'respond' in args && 'ack' in args && hasResponseUrl(args.body)) {
    await args.ack();
    await args
      .respond({ response_type: 'ephemeral', replace_original: false, text: EXTERNAL_REFUSED })
      .catch(() => undefined);
    return true;
  }
  return false;
}

const hasResponseUrl = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  'response_url' in body &&
  typeof body.response_url === 'string';

function ackOf(args: AnyMiddlewareArgs): (() => Promise<void>) | undefined {
  if (!('ack' in args) || typeof args.ack !== 'function') return undefined;
  const { ack } = args;
  return async () => {
    await ack();
  };
}

/**
 * Runs before every listener. Refuses any request from a workspace Warden does not serve (acked,
 * so Slack shows no error, and logged), and drops a second delivery of an interaction already
 * handled (same trigger_id) so nothing is done twice.
 */
export function registerMiddleware(app: App, { core, work, delivered, workspaces }: ListenerContext): void {
  const { logger, metrics } = core;
  app.use(async (args) => {
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
      if (await failStep(args, ref)) return;
      // A person of another organisation in a shared channel of ours is told why (Slack Connect).
      const partner =
        origin.userTeamId !== undefined && origin.userTeamId !== origin.teamId && foreign === PARTNER;
      if (partner && (await tellPartner(args))) return;
      await ackOf(args)?.();
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
