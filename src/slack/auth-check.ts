import type { WebClientOptions } from '@slack/web-api';
import { z } from 'zod';
import { isSlackApiError } from '../errors.js';
import { MeteredWebClient } from './metered-web-client.js';

/**
 * Who the bot token says Warden is (auth.test), asked before Warden announces that it listens: a
 * mistyped or revoked token, or a Slack that cannot be reached, is a configuration problem to
 * report in one line, not a crash on the first request.
 */

export type SlackIdentity = {
  ok: true;
  teamId: string;
  team: string;
  botId: string;
  botUserId: string;
  /** The workspace's own address (`https://acme.slack.com/`): links to messages are built on it. */
  url: string | undefined;
};
export type SlackCheck = SlackIdentity | { ok: false; problem: string };

const AuthTestSchema = z.looseObject({
  team_id: z.string(),
  team: z.string().optional(),
  user_id: z.string(),
  bot_id: z.string().optional(),
  enterprise_id: z.string().optional(),
  url: z.string().optional(),
});

/** Slack's answers that mean the token itself is wrong. */
const REFUSED = new Set(['invalid_auth', 'not_authed', 'token_revoked', 'token_expired', 'account_inactive']);

/** The network code under a failed request (ECONNREFUSED, ENOTFOUND, …), when there is one. */
function networkCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ('code' in e && typeof e.code === 'string' && /^E[A-Z]+$/.test(e.code)) return e.code;
    e = 'original' in e ? e.original : 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

export async function checkSlackToken(opts: {
  token: string;
  apiUrl: string;
  teamId: string;
  clientOptions?: WebClientOptions;
}): Promise<SlackCheck> {
  const client = new MeteredWebClient(
    opts.token,
    {
      retryConfig: { retries: 1, minTimeout: 200, maxTimeout: 1_000 },
      timeout: 10_000,
      ...opts.clientOptions,
    },
    () => undefined,
  );
  let answer: unknown;
  try {
    answer = await client.auth.test();
  } catch (error) {
    const code = isSlackApiError(error) ? error.slackCode : 'request_error';
    if (REFUSED.has(code))
      return {
        ok: false,
        problem: `Slack refused SLACK_BOT_TOKEN (${code}): use the Bot User OAuth Token (xoxb-…) of the app installed in the workspace`,
      };
    const why = networkCode(error) ?? code;
    return {
      ok: false,
      problem: `Slack could not be reached at ${opts.apiUrl} (${why}): check SLACK_API_URL and the network`,
    };
  }
  const me = AuthTestSchema.safeParse(answer);
  if (!me.success)
    return { ok: false, problem: `Slack's auth.test answer could not be read (${opts.apiUrl})` };
  const { team_id: teamId, enterprise_id: enterpriseId } = me.data;
  if (teamId !== opts.teamId && enterpriseId !== opts.teamId)
    return {
      ok: false,
      problem: `SLACK_BOT_TOKEN belongs to workspace ${teamId}, but SLACK_TEAM_ID is ${opts.teamId}: every request would be refused`,
    };
  return {
    ok: true,
    teamId,
    team: me.data.team ?? teamId,
    botId: me.data.bot_id ?? '',
    botUserId: me.data.user_id,
    url: me.data.url && /^https?:\/\//.test(me.data.url) ? me.data.url : undefined,
  };
}
