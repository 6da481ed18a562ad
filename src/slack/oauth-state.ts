import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { InstallURLOptions, StateStore } from '@slack/bolt';
import type { Clock } from '../ports/index.js';
import type { ReplayMemory } from '../ports/store.js';
import type { Secret } from '../secret.js';

/**
 * The OAuth `state`: signed with SLACK_STATE_SECRET (HMAC-SHA256), valid for 10 minutes, and
 * taken once in the store's replay memory (shared by replicas): a forged state fails the
 * signature, a replayed one (the same redirect twice) finds itself already taken. Bolt's
 * InstallProvider also checks it against its browser cookie. It carries the `redirect_uri` the
 * authorization was asked with: the code exchange must send the same one (Slack refuses another
 * with `bad_redirect_uri`), and InstallProvider takes it from what this store gives back.
 */

const TTL_MS = 10 * 60_000;

/** What InstallProvider's failure page reads: the state was not valid. */
export class InvalidOAuthState extends Error {
  readonly code = 'slack_oauth_invalid_state';
  constructor(why: string) {
    super(`OAuth state refused: ${why}`);
  }
}

export function oauthStateStore(secret: Secret, replays: ReplayMemory, clock: Clock): StateStore {
  const sign = (body: string) => createHmac('sha256', secret.reveal()).update(body).digest('base64url');
  return {
    async generateStateParam(options: InstallURLOptions) {
      // Only what the installer needs back; no secret in the state.
      const body = Buffer.from(
        JSON.stringify({
          n: randomBytes(16).toString('base64url'),
          exp: clock() + TTL_MS,
          scopes: options.scopes,
          ...(options.redirectUri ? { redirectUri: options.redirectUri } : {}),
        }),
      ).toString('base64url');
      return `${body}.${sign(body)}`;
    },
    async verifyStateParam(_now: Date, state: string) {
      const [body, mac] = state.split('.');
      if (!body || !mac) throw new InvalidOAuthState('malformed');
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new InvalidOAuthState('forged');
      let parsed: { exp?: unknown; scopes?: unknown; redirectUri?: unknown };
      try {
        parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof parsed;
      } catch {
        throw new InvalidOAuthState('malformed');
      }
      const now = clock();
      if (typeof parsed.exp !== 'number' || parsed.exp <= now) throw new InvalidOAuthState('expired');
      if (!(await replays.rememberOnce(`oauth-state:${mac}`, parsed.exp, now)))
        throw new InvalidOAuthState('replayed');
      const scopes = Array.isArray(parsed.scopes) ? parsed.scopes.filter((s) => typeof s === 'string') : [];
      return typeof parsed.redirectUri === 'string'
        ? { scopes, redirectUri: parsed.redirectUri }
        : { scopes };
    },
  };
}
