import { z } from 'zod';
import { homeView } from '../slack/methods/views.js';
import { homeActionBody, postSigned } from '../slack/requests.js';
import { isObject } from '../slack/workspace.js';
import { type Answer, eventsUrlFor, type PageContext } from './page-actions.js';
import { isSwitchable } from './page-view.js';
import { workspaceActor } from './page-workspaces.js';

/**
 * The person in the demo page opens the Home tab, or clicks a button on it, delivered to Warden
 * as Slack delivers them: app_home_opened through the Events API (the local Slack's openHome,
 * signed, retried as Slack retries), and a block_actions payload whose container is the Home
 * view (no channel, no message, no response_url).
 */

const userId = z.string().refine(isSwitchable, 'not a person of the demo');
export const HomeOpenedSchema = z.object({ user: userId });
export const HomeClickSchema = z.object({
  user: userId,
  actionId: z.string().max(255),
  blockId: z.string().max(255).optional(),
  /** The clicked button's value: rows of one view share an action_id (each Extend…, Approve…). */
  value: z.string().max(2_000).optional(),
});

/** How long the page waits to hear how the first delivery went (Slack gives the app 3 s). */
const FIRST_ATTEMPT_WAIT_MS = 3_500;

export async function homeOpened(ctx: PageContext, o: z.output<typeof HomeOpenedSchema>): Promise<Answer> {
  const delivering = ctx.slack.openHome(o.user, { url: ctx.eventsUrl });
  // openHome records the delivery before it returns: the last one is this one.
  const delivery = ctx.slack.events.at(-1);
  let done = false;
  void delivering.finally(() => {
    done = true;
  });
  // Slack may retry for minutes (events-api.ts): the page is told how the first attempt went.
  const until = Date.now() + FIRST_ATTEMPT_WAIT_MS;
  while (!done && (delivery?.attempts.length ?? 0) === 0 && Date.now() < until)
    await new Promise((r) => setTimeout(r, 25));
  const first = delivery?.attempts[0];
  if (!first) return { status: 200, body: { ok: true, pending: true } };
  return first.outcome === 'delivered'
    ? { status: 200, body: { ok: true } }
    : {
        status: 200,
        body: { error: `Warden did not take app_home_opened (${first.outcome}); Slack retries it` },
      };
}

interface Button {
  action_id: string;
  value?: string;
  text?: string;
  block_id?: string;
}

/**
 * The button clicked on a published Home view, as its blocks define it (a client sends only what
 * is there): by action_id, block_id and value, as Slack tells the row clicked from its neighbours.
 */
function findButton(blocks: unknown, actionId: string, blockId?: string, value?: string): Button | undefined {
  if (!Array.isArray(blocks)) return undefined;
  for (const block of blocks) {
    if (!isObject(block) || (blockId !== undefined && block.block_id !== blockId)) continue;
    const elements = [...(Array.isArray(block.elements) ? block.elements : []), block.accessory];
    for (const e of elements) {
      if (!isObject(e) || e.type !== 'button' || e.action_id !== actionId) continue;
      if (value !== undefined && e.value !== value) continue;
      const text = isObject(e.text) && typeof e.text.text === 'string' ? e.text.text : undefined;
      return {
        action_id: actionId,
        ...(typeof e.value === 'string' ? { value: e.value } : {}),
        ...(text === undefined ? {} : { text }),
        ...(typeof block.block_id === 'string' ? { block_id: block.block_id } : {}),
      };
    }
  }
  return undefined;
}

export async function homeClick(ctx: PageContext, c: z.output<typeof HomeClickSchema>): Promise<Answer> {
  const view = homeView(ctx.slack.workspace, c.user);
  const button = view ? findButton(view.blocks, c.actionId, c.blockId, c.value) : undefined;
  if (!view || !button) return { status: 404, body: { error: 'no such button on your Home tab' } };
  const person = ctx.slack.users.get(c.user);
  const body = homeActionBody(workspaceActor(c.user, person?.name ?? c.user, ''), {
    view: { ...view, id: String(view.id) },
    action: button,
    triggerId: ctx.slack.issueTriggerId(c.user),
  });
  const answer = await postSigned(eventsUrlFor(ctx, c.user), body, ctx.slack.signingSecret);
  return answer.status === 200
    ? { status: 200, body: { ok: true } }
    : { status: 200, body: { error: `Warden answered HTTP ${answer.status}` } };
}
