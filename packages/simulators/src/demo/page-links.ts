import { z } from 'zod';
import { postSigned, unfurlActionBody } from '../slack/requests.js';
import { type Answer, eventsUrlFor, type PageContext } from './page-actions.js';
import { DEMO_CHANNEL, isSwitchable } from './page-view.js';
import { workspaceActor } from './page-workspaces.js';

/**
 * "Paste a link" on the demo page: the person posts a message with a link to the tenant
 * console's page of a finding, as in Slack's composer; the local Slack sends link_shared to Warden
 * (the console's host is in the app's unfurl_domains) and shows the preview Warden answers with
 * chat.unfurl under the message. A button on the preview reaches Warden as Slack sends one.
 */

/** The tenant console the demo's WARDEN_CONFIG `unfurl` patterns point at (never fetched). */
export const DEMO_CONSOLE_HOST = 'console.example.com';
export const DEMO_CONSOLE = `https://${DEMO_CONSOLE_HOST}`;
export const demoConsoleLink = (findingId: string) => `${DEMO_CONSOLE}/findings/${findingId}`;

/** The WARDEN_CONFIG section that turns previews on for the demo's console. */
export const DEMO_UNFURL_CONFIG = `unfurl:
  finding: ${DEMO_CONSOLE}/findings/{id}
  campaign: ${DEMO_CONSOLE}/campaigns/{id}
`;

const userId = z.string().refine(isSwitchable, 'not a person of the demo');
export const PasteLinkSchema = z.object({
  user: userId,
  findingId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,80}$/)
    .default('FND_SA_UNOWNED'),
});
export const UnfurlClickSchema = z.object({
  user: userId,
  messageTs: z.string().max(40),
  url: z.string().max(3_000),
  actionId: z.string().max(255),
  value: z.string().max(2_000).optional(),
});

const actor = (ctx: PageContext, user: string) =>
  workspaceActor(user, ctx.slack.users.get(user)?.name ?? user, DEMO_CHANNEL.id);

export async function pasteLink(ctx: PageContext, o: z.output<typeof PasteLinkSchema>): Promise<Answer> {
  const url = demoConsoleLink(o.findingId);
  const { message, delivery } = await ctx.slack.shareLinks(actor(ctx, o.user), `Have a look: <${url}>`, {
    url: eventsUrlFor(ctx, o.user),
  });
  if (!delivery)
    return { status: 200, body: { error: `${DEMO_CONSOLE_HOST} is not one of the app's unfurl domains` } };
  return delivery.delivered
    ? { status: 200, body: { ok: true, ts: message.ts, url } }
    : { status: 200, body: { error: 'Warden did not take link_shared; Slack retries it' } };
}

export async function unfurlClick(ctx: PageContext, c: z.output<typeof UnfurlClickSchema>): Promise<Answer> {
  const message = ctx.slack.workspace.message(DEMO_CHANNEL.id, c.messageTs);
  if (!message?.unfurls?.[c.url]) return { status: 404, body: { error: 'no such preview' } };
  const who = actor(ctx, c.user);
  const body = unfurlActionBody(who, {
    actionId: c.actionId,
    value: c.value ?? '',
    messageTs: c.messageTs,
    url: c.url,
    triggerId: ctx.slack.issueTriggerId(c.user),
    responseUrl: ctx.slack.responseUrl(undefined, { user: c.user, channel: DEMO_CHANNEL.id }),
  });
  const answer = await postSigned(eventsUrlFor(ctx, c.user), body, ctx.slack.signingSecret);
  return answer.status === 200
    ? { status: 200, body: { ok: true } }
    : { status: 200, body: { error: `Warden answered HTTP ${answer.status}` } };
}
