import type { AnyMiddlewareArgs } from '@slack/bolt';
import { z } from 'zod';
import { ConnectWords } from '../blockkit/connect-words.js';
import { renderInfoModal } from '../blockkit/info-modal.js';
import type { Ports } from '../ports/index.js';

/**
 * No silent door (issue 36, item 15): a request the middleware turns away (a workspace Warden
 * does not serve or is not installed in, a person of another organisation) is answered with a
 * sentence naming why, on whatever the surface offers:
 *
 * - a slash command: in the ack (ephemeral);
 * - a form submission: the form is replaced by an info view in the ack;
 * - a click or a message shortcut: its `response_url` (an ephemeral message), else, inside a
 *   modal, the modal itself (views.update), else a global shortcut: an info modal on its trigger;
 * - a Workflow Builder step: failed with the sentence (Slack shows it to who ran the workflow);
 * - an event (a Home tab opened, a link shared): no person to answer in Slack: logged.
 *
 * Whatever cannot be said is logged with the ref; nothing is done either way.
 */

/** Why a request is turned away, as the person is told: not installed there, or not one of us. */
export type TurnedAway = 'workspace' | 'organisation';

/**
 * The refusal reasons of `foreignOrigin` (payloads.ts) and `WorkspaceSet.refuses`, as the two
 * sentences a person can act on. A person of another workspace of the same Enterprise Grid
 * organisation (the payload names it) is told about their workspace, not sent away as an outsider.
 */
export function turnedAwayAs(reason: string, gridOfOurs: boolean): TurnedAway {
  if (/another organisation/.test(reason)) return 'organisation';
  if (/another workspace \(shared channel\)/.test(reason)) return gridOfOurs ? 'workspace' : 'organisation';
  return 'workspace';
}

const Envelope = z.looseObject({
  type: z.string().nullish(),
  trigger_id: z.string().nullish(),
  view: z.looseObject({ id: z.string().min(1).max(64), type: z.string().nullish() }).nullish(),
  enterprise: z.looseObject({ name: z.string().max(200).nullish() }).nullish(),
  enterprise_name: z.string().max(200).nullish(),
});

/** The organisation's name as people know it: the Grid organisation the payload names, else the workspace's. */
function organisationName(body: unknown, workspaceName: string | undefined): string | undefined {
  const b = Envelope.safeParse(body);
  const grid = b.success ? (b.data.enterprise?.name ?? b.data.enterprise_name ?? undefined) : undefined;
  return grid ?? workspaceName;
}

/** The sentence; `workspaceName`: the served workspace's name (auth.test), when the request came through one. */
export function wordsFor(why: TurnedAway, body: unknown, workspaceName: string | undefined): string {
  return why === 'organisation'
    ? ConnectWords.outsider(organisationName(body, workspaceName))
    : ConnectWords.notInstalled;
}

/** What telling needs: the log, and the views of the request's own workspace when Warden serves it. */
export interface TurnAwayPorts {
  logger: Pick<Ports['logger'], 'warn'>;
  views: Ports['views'] | undefined;
}

/** Answers a turned-away request in words; true when the person was told (false: only logged). */
export async function turnAway(
  args: AnyMiddlewareArgs,
  text: string,
  p: TurnAwayPorts,
  ref: string,
): Promise<boolean> {
  const ack = 'ack' in args && typeof args.ack === 'function' ? () => args.ack() : undefined;
  /** A promise of telling: true once told; false, logged, when Slack refused it. */
  const told = (sent: Promise<unknown>) =>
    sent.then(
      () => true,
      (err: unknown) => {
        p.logger.warn({ err, ref }, 'a turned-away person could not be told why');
        return false;
      },
    );
  // A Workflow Builder run: failed with the sentence, with the run's own token (Bolt's fail).
  if ('fail' in args && typeof args.fail === 'function') {
    await ack?.();
    const plain = text.replace(/^:[a-z_]+: /, '');
    return told(args.fail({ error: `${plain} (ref ${ref})` }));
  }
  if ('command' in args && 'ack' in args) {
    await args.ack({ response_type: 'ephemeral', text });
    return true;
  }
  if ('view' in args && 'ack' in args && args.body.type === 'view_submission') {
    await args.ack({ response_action: 'update', view: renderInfoModal(text) });
    return true;
  }
  await ack?.();
  if ('respond' in args && typeof args.respond === 'function' && hasResponseUrl(args.body)) {
    return told(args.respond({ response_type: 'ephemeral', replace_original: false, text }));
  }
  const b = Envelope.safeParse(args.body);
  const view = b.success ? b.data.view : undefined;
  // A click inside one of Warden's modals (Slack sends no response_url there): the modal says it.
  if (view && view.type !== 'home' && p.views) return told(p.views.update(view.id, renderInfoModal(text)));
  // A global shortcut: nothing to answer but its trigger (3 s), as an info modal.
  if (b.success && b.data.type === 'shortcut' && b.data.trigger_id && p.views)
    return told(p.views.open(b.data.trigger_id, renderInfoModal(text)));
  return false;
}

const hasResponseUrl = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  'response_url' in body &&
  typeof body.response_url === 'string';
