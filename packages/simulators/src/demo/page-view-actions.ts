import { z } from 'zod';
import { postSigned, viewActionBody } from '../slack/requests.js';
import { isObject } from '../slack/workspace.js';
import { type Answer, eventsUrlFor, type PageContext } from './page-actions.js';
import { isSwitchable } from './page-view.js';
import { workspaceActor } from './page-workspaces.js';

/**
 * A button, an overflow choice, a menu choice or a ticked box inside an open modal, delivered to
 * Warden as Slack delivers it: block_actions with a `view` container, the view itself and the
 * state of everything entered in it, no channel and no response_url. As a Slack client, the page
 * sends only what the view offers: the element is looked up in the view's blocks, a button's value
 * is the view's own, and a choice must be one of the element's options.
 */

const userId = z.string().refine(isSwitchable, 'not a person of the demo');
const id = z.string().max(255);
const OptionSchema = z.object({
  text: z.object({ type: z.literal('plain_text'), text: z.string().max(2_000) }).optional(),
  value: z.string().max(2_000),
});

/** What a menu, an overflow or a group of boxes says was chosen, as block_actions carries it. */
export const CHOICES = {
  selected_option: OptionSchema.nullish(),
  selected_options: z.array(OptionSchema).max(100).optional(),
  selected_user: id.nullish(),
  selected_users: z.array(id).max(100).optional(),
  selected_conversation: id.nullish(),
  selected_conversations: z.array(id).max(100).optional(),
  selected_channel: id.nullish(),
  selected_channels: z.array(id).max(100).optional(),
};

export const ViewActionSchema = z.object({
  user: userId,
  viewId: z.string().max(40),
  action: z.object({ type: z.string().max(40), actionId: id, blockId: id.optional(), ...CHOICES }),
  values: z.record(z.string(), z.record(z.string(), z.unknown())),
});
type ViewAction = z.output<typeof ViewActionSchema>['action'];

/**
 * The elements `actionId` (in block `blockId` when given) of a view's blocks, with their blocks'
 * ids. Several blocks without a block_id may hold the same action_id (Review's rows): Slack gives
 * each such block an id of its own, so the choice sent tells which one was used.
 */
function elementsOf(blocks: unknown, actionId: string, blockId: string | undefined) {
  if (!Array.isArray(blocks)) return [];
  return blocks.flatMap((block, i) => {
    if (!isObject(block) || (blockId !== undefined && block.block_id !== blockId)) return [];
    const elements = [
      ...(Array.isArray(block.elements) ? block.elements : []),
      block.accessory,
      block.element,
    ];
    const element = elements.find((e) => isObject(e) && e.action_id === actionId);
    const id = typeof block.block_id === 'string' ? block.block_id : `b${i}`;
    return isObject(element) ? [{ element, blockId: id }] : [];
  });
}

const optionValues = (element: Record<string, unknown>): Set<string> => {
  const groups = Array.isArray(element.option_groups) ? element.option_groups : [];
  const all = [element.options, ...groups.map((g) => (isObject(g) ? g.options : []))].flatMap((o) =>
    Array.isArray(o) ? o : [],
  );
  return new Set(all.filter(isObject).map((o) => String(o.value)));
};

/** The `actions[0]` Slack sends for this use of `element`, or undefined when the view has no such choice. */
function actionPayload(
  element: Record<string, unknown>,
  blockId: string,
  a: ViewAction,
): (Record<string, unknown> & { action_id: string }) | undefined {
  const base = {
    type: String(element.type),
    action_id: a.actionId,
    block_id: blockId,
    action_ts: `${(Date.now() / 1000).toFixed(6)}`,
  };
  if (element.type === 'button') {
    const text = isObject(element.text) ? element.text : { type: 'plain_text', text: '' };
    return { ...base, text, ...(typeof element.value === 'string' ? { value: element.value } : {}) };
  }
  if (a.type !== element.type) return undefined;
  const known = optionValues(element);
  const chosen = [a.selected_option, ...(a.selected_options ?? [])].filter((o) => o != null);
  if (chosen.some((o) => !known.has(o.value)) && known.size > 0) return undefined;
  const { type: _type, actionId: _action, blockId: _block, ...state } = a;
  return { ...base, ...state };
}

export async function viewAction(ctx: PageContext, c: z.output<typeof ViewActionSchema>): Promise<Answer> {
  const open = ctx.slack.views.get(c.viewId);
  if (!open || open.closed || open.user !== c.user) return { status: 404, body: { error: 'no such view' } };
  const action = elementsOf(open.view.blocks, c.action.actionId, c.action.blockId)
    .map((found) => actionPayload(found.element, found.blockId, c.action))
    .find((a) => a !== undefined);
  if (!action) return { status: 400, body: { error: 'not an element of this view' } };
  const person = ctx.slack.users.get(c.user);
  const body = viewActionBody(workspaceActor(c.user, person?.name ?? c.user, ''), {
    view: { ...open.view, id: open.id, hash: open.hash, team_id: workspaceActor(c.user, '', '').teamId },
    action,
    values: c.values,
    triggerId: ctx.slack.issueTriggerId(c.user),
  });
  const answer = await postSigned(eventsUrlFor(ctx, c.user), body, ctx.slack.signingSecret);
  return answer.status === 200
    ? { status: 200, body: { ok: true } }
    : { status: 200, body: { error: `Warden answered HTTP ${answer.status}` } };
}
