import { WebClient } from '@slack/web-api';
import { z } from 'zod';
import type { Secret } from '../secret.js';
import { toSlackApiError } from './slack-errors.js';

/**
 * Token rotation's one call: `oauth.v2.access` with `grant_type=refresh_token` (Slack's "Using
 * token rotation"), the same exchange @slack/oauth's InstallProvider makes, made here so that it
 * runs under the store's claim (one replica at a time) and on Warden's clock. A refusal is a
 * SlackApiError with Slack's code (`invalid_refresh_token`, …); the answer is checked with zod.
 */

export interface Refreshed {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
}

export type TokenRefresh = (refreshToken: string) => Promise<Refreshed>;

const Answer = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().int().positive(),
});

export function createTokenRefresh(o: {
  clientId: string;
  clientSecret: Secret;
  apiUrl: string;
}): TokenRefresh {
  // Under a claim of 30 s: one try of at most 10 s, never web-api's half hour of retries.
  const client = new WebClient(undefined, {
    slackApiUrl: o.apiUrl,
    timeout: 10_000,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
  });
  return async (refreshToken) => {
    let answer: unknown;
    try {
      answer = await client.oauth.v2.access({
        client_id: o.clientId,
        client_secret: o.clientSecret.reveal(),
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
    } catch (error) {
      throw toSlackApiError('oauth.v2.access', error);
    }
    const parsed = Answer.safeParse(answer);
    if (!parsed.success) throw new Error('oauth.v2.access answered without a new token pair');
    return {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token,
      expiresInSeconds: parsed.data.expires_in,
    };
  };
}
