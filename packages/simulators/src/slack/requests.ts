import { createHmac } from 'node:crypto';
import { request } from 'undici';

/**
 * Requests as Slack sends them to an app: slash commands and interactivity payloads,
 * form-encoded and signed with the signing secret (`v0:<timestamp>:<body>`, HMAC-SHA256). Used by
 * the tests, the benchmark and the demo page to drive Warden's real receiver.
 */

export interface SlackActor {
  userId: string;
  userName?: string;
  /** The workspace the request comes through (`team.id`, a command's `team_id`). */
  teamId: string;
  channelId: string;
  /** The person's own workspace (`user.team_id`): another one in a shared channel. Default: teamId. */
  userTeamId?: string;
  /** An Enterprise Grid organisation the request names, and whether the app is installed org-wide. */
  enterprise?: { id: string; name: string } | null;
  isEnterpriseInstall?: boolean;
}

export function slackSignature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export function slashCommandBody(
  actor: SlackActor,
  opts: { command?: string; text: string; triggerId: string; responseUrl: string },
): string {
  return new URLSearchParams({
    token: 'legacy',
    team_id: actor.teamId,
    team_domain: 'acme',
    channel_id: actor.channelId,
    channel_name: 'secops',
    user_id: actor.userId,
    user_name: actor.userName ?? actor.userId.toLowerCase(),
    command: opts.command ?? '/warden',
    text: opts.text,
    api_app_id: 'A0WARDEN',
    is_enterprise_install: String(actor.isEnterpriseInstall === true),
    ...(actor.enterprise
      ? { enterprise_id: actor.enterprise.id, enterprise_name: actor.enterprise.name }
      : {}),
    response_url: opts.responseUrl,
    trigger_id: opts.triggerId,
  }).toString();
}

/** The `user` object of an interactivity payload. */
function userOf(actor: Omit<SlackActor, 'channelId'>) {
  return {
    id: actor.userId,
    username: actor.userName ?? actor.userId.toLowerCase(),
    name: actor.userName ?? '',
    team_id: actor.userTeamId ?? actor.teamId,
  };
}

function payloadBody(payload: unknown): string {
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

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
  },
): string {
  const user = userOf(actor);
  const ephemeral = opts.ephemeral === true;
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
      {
        type: 'button',
        action_id: opts.actionId,
        block_id: opts.blockId ?? 'finding.actions',
        value: opts.value,
        text: { type: 'plain_text', text: 'button' },
        action_ts: `${Math.floor(Date.now() / 1000)}.000100`,
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
    view: { id: string; callback_id?: unknown; private_metadata?: unknown; hash?: string };
    action: { action_id: string; type?: string; value?: string; selected_option?: { value: string } };
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
    view: {
      id: opts.view.id,
      type: 'modal',
      callback_id: opts.view.callback_id,
      private_metadata: opts.view.private_metadata,
      hash: opts.view.hash,
      state: { values: opts.values ?? {} },
    },
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

export interface SignedPostResult {
  status: number;
  body: string;
  /** Milliseconds until Warden answered: the ack time as Slack sees it. */
  ms: number;
  /** When the request was sent (ms since the epoch). */
  sentAt: number;
}

/** Posts a form body to Warden, signed as Slack signs it (or deliberately not, for tests). */
export async function postSigned(
  url: string,
  body: string,
  secret: string,
  opts: { timestamp?: number; signature?: string; headers?: Record<string, string> } = {},
): Promise<SignedPostResult> {
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const sentAt = Date.now();
  const started = performance.now();
  const res = await request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': opts.signature ?? slackSignature(secret, timestamp, body),
      ...opts.headers,
    },
    body,
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text, ms: performance.now() - started, sentAt };
}
