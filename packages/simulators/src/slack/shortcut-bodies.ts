import type { SlackActor } from './actor.js';
import { payloadBody, userOf } from './payload-parts.js';

/** Shortcuts' payloads as Slack sends them (docs.slack.dev, "Shortcuts"); requests.ts signs them. */

/**
 * A message shortcut (`message_action`, docs.slack.dev "Shortcuts"): the person, the channel,
 * the message it was used on (as Slack has it), a trigger_id and a response_url for the channel.
 */
export function messageShortcutBody(
  actor: SlackActor,
  opts: {
    callbackId: string;
    message: { ts: string; text: string; user?: string | undefined; thread_ts?: string; blocks?: unknown[] };
    triggerId: string;
    responseUrl: string;
  },
): string {
  const { message } = opts;
  return payloadBody({
    type: 'message_action',
    token: 'legacy',
    action_ts: `${Math.floor(Date.now() / 1000)}.000200`,
    team: { id: actor.teamId, domain: 'acme' },
    user: userOf(actor),
    channel: { id: actor.channelId, name: 'secops' },
    is_enterprise_install: actor.isEnterpriseInstall === true,
    enterprise: actor.enterprise ?? null,
    callback_id: opts.callbackId,
    trigger_id: opts.triggerId,
    response_url: opts.responseUrl,
    message_ts: message.ts,
    message: {
      type: 'message',
      user: message.user ?? 'U0SOMEONE',
      ts: message.ts,
      text: message.text,
      ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
      ...(message.blocks && message.blocks.length > 0 ? { blocks: message.blocks } : {}),
    },
  });
}

/** A global shortcut (`shortcut`): no channel, no message, no response_url (Slack sends none). */
export function globalShortcutBody(
  actor: Omit<SlackActor, 'channelId'>,
  opts: { callbackId: string; triggerId: string },
): string {
  return payloadBody({
    type: 'shortcut',
    token: 'legacy',
    action_ts: `${Math.floor(Date.now() / 1000)}.000300`,
    team: { id: actor.teamId, domain: 'acme' },
    user: userOf(actor),
    is_enterprise_install: actor.isEnterpriseInstall === true,
    enterprise: actor.enterprise ?? null,
    callback_id: opts.callbackId,
    trigger_id: opts.triggerId,
  });
}
