import type { SlackActor } from './actor.js';
import { payloadBody, userOf } from './payload-parts.js';

/**
 * Interactivity payloads as Slack sends them to an app (docs.slack.dev, "Interactivity"): a
 * button on a message, a click in a modal or on the Home tab, a form submission. Form-encoded as
 * `payload=<JSON>`; requests.ts signs and posts them.
 */

export function blockActionBody(
  actor: SlackActor,
  opts: {
    actionId: string;
    value: string;
    blockId?: string;
    messageTs: string;
    triggerId: string;
    responseUrl: string;
    /** A button on an ephemeral message: Slack says so and sends no copy of the message. */
    ephemeral?: boolean;
    /** A menu, an overflow or boxes rather than a button: its type and what was chosen. */
    choice?: Record<string, unknown> & { type: string };
  },
): string {
  const user = userOf(actor);
  const ephemeral = opts.ephemeral === true;
  const at = { action_id: opts.actionId, block_id: opts.blockId ?? 'finding.actions' };
  const action_ts = `${Math.floor(Date.now() / 1000)}.000100`;
  return payloadBody({
    type: 'block_actions',
    user,
    api_app_id: 'A0WARDEN',
    token: 'legacy',
    container: {
      type: 'message',
      message_ts: opts.messageTs,
      channel_id: actor.channelId,
      is_ephemeral: ephemeral,
    },
    trigger_id: opts.triggerId,
    team: { id: actor.teamId, domain: 'acme' },
    enterprise: actor.enterprise ?? null,
    is_enterprise_install: actor.isEnterpriseInstall === true,
    channel: { id: actor.channelId, name: 'secops' },
    ...(ephemeral
      ? {}
      : { message: { type: 'message', ts: opts.messageTs, bot_id: 'B0WARDEN', text: '', blocks: [] } }),
    state: { values: {} },
    response_url: opts.responseUrl,
    actions: [
      opts.choice
        ? { ...opts.choice, ...at, action_ts }
        : {
            type: 'button',
            ...at,
            value: opts.value,
            text: { type: 'plain_text', text: 'button' },
            action_ts,
          },
    ],
  });
}

/**
 * A click inside an open modal (a button, an overflow choice, a checkbox): Slack sends the view
 * with the state of its inputs and no channel.
 */
export function viewActionBody(
  actor: Omit<SlackActor, 'channelId'>,
  opts: {
    /** The view as Slack has it (its blocks, title, …: what is given is sent). */
    view: Record<string, unknown> & {
      id: string;
      callback_id?: unknown;
      private_metadata?: unknown;
      hash?: string;
    };
    /** The element used: a button's value, an overflow's or select's choice, the boxes ticked. */
    action: Record<string, unknown> & {
      action_id: string;
      type?: string;
      value?: string;
      selected_option?: { value: string };
    };
    values?: Record<string, Record<string, unknown>>;
    triggerId: string;
  },
): string {
  return payloadBody({
    type: 'block_actions',
    user: userOf(actor),
    api_app_id: 'A0WARDEN',
    token: 'legacy',
    container: { type: 'view', view_id: opts.view.id },
    trigger_id: opts.triggerId,
    team: { id: actor.teamId, domain: 'acme' },
    enterprise: actor.enterprise ?? null,
    is_enterprise_install: actor.isEnterpriseInstall === true,
    view: { type: 'modal', ...opts.view, state: { values: opts.values ?? {} } },
    actions: [
      { type: 'button', block_id: 'b', action_ts: `${Math.floor(Date.now() / 1000)}.000100`, ...opts.action },
    ],
  });
}

export function viewSubmissionBody(
  actor: Omit<SlackActor, 'channelId'>,
  opts: {
    viewId: string;
    callbackId: string;
    privateMetadata: string;
    values: Record<string, Record<string, unknown>>;
    triggerId: string;
  },
): string {
  const user = userOf(actor);
  return payloadBody({
    type: 'view_submission',
    team: { id: actor.teamId, domain: 'acme' },
    user,
    api_app_id: 'A0WARDEN',
    token: 'legacy',
    trigger_id: opts.triggerId,
    view: {
      id: opts.viewId,
      team_id: actor.teamId,
      type: 'modal',
      callback_id: opts.callbackId,
      private_metadata: opts.privateMetadata,
      hash: `${Math.floor(Date.now() / 1000)}.abc`,
      title: { type: 'plain_text', text: 'Warden' },
      blocks: [],
      state: { values: opts.values },
      root_view_id: opts.viewId,
      previous_view_id: null,
      app_id: 'A0WARDEN',
      bot_id: 'B0WARDEN',
    },
    response_urls: [],
    is_enterprise_install: actor.isEnterpriseInstall === true,
    enterprise: actor.enterprise ?? null,
  });
}

/**
 * A click on a button of the Home tab: Slack sends the Home view as it is (its id, hash, blocks)
 * in `view`, a `view` container, and no channel, message or response_url (there is none to
 * answer on a Home tab; the app publishes it again).
 */
export function homeActionBody(
  actor: Omit<SlackActor, 'channelId'>,
  opts: {
    view: Record<string, unknown> & { id: string };
    action: { action_id: string; value?: string; block_id?: string; text?: string };
    triggerId: string;
  },
): string {
  const { action } = opts;
  return payloadBody({
    type: 'block_actions',
    user: userOf(actor),
    api_app_id: 'A0WARDEN',
    token: 'legacy',
    container: { type: 'view', view_id: opts.view.id },
    trigger_id: opts.triggerId,
    team: { id: actor.teamId, domain: 'acme' },
    enterprise: actor.enterprise ?? null,
    is_enterprise_install: actor.isEnterpriseInstall === true,
    view: opts.view,
    actions: [
      {
        type: 'button',
        action_id: action.action_id,
        block_id: action.block_id ?? 'home',
        ...(action.value === undefined ? {} : { value: action.value }),
        text: { type: 'plain_text', text: action.text ?? 'button' },
        action_ts: `${Math.floor(Date.now() / 1000)}.000100`,
      },
    ],
  });
}

/**
 * A button on an app's link preview (chat.unfurl): Slack's container is the attachment of the
 * person's message (`message_attachment`, `is_app_unfurl`, `app_unfurl_url`), and the message
 * it sends is the person's, not one of the app's.
 */
export function unfurlActionBody(
  actor: SlackActor,
  opts: {
    actionId: string;
    value: string;
    messageTs: string;
    url: string;
    triggerId: string;
    responseUrl: string;
  },
): string {
  const action_ts = `${Math.floor(Date.now() / 1000)}.000100`;
  return payloadBody({
    type: 'block_actions',
    user: userOf(actor),
    api_app_id: 'A0WARDEN',
    token: 'legacy',
    container: {
      type: 'message_attachment',
      message_ts: opts.messageTs,
      attachment_id: 1,
      channel_id: actor.channelId,
      is_ephemeral: false,
      is_app_unfurl: true,
      app_unfurl_url: opts.url,
    },
    trigger_id: opts.triggerId,
    team: { id: actor.teamId, domain: 'acme' },
    enterprise: actor.enterprise ?? null,
    is_enterprise_install: actor.isEnterpriseInstall === true,
    channel: { id: actor.channelId, name: 'secops' },
    message: { type: 'message', ts: opts.messageTs, user: actor.userId, text: opts.url },
    app_unfurl: { id: 1, app_unfurl_url: opts.url, is_app_unfurl: true },
    response_url: opts.responseUrl,
    actions: [
      {
        type: 'button',
        action_id: opts.actionId,
        block_id: 'finding.actions',
        value: opts.value,
        text: { type: 'plain_text', text: 'button' },
        action_ts,
      },
    ],
  });
}
