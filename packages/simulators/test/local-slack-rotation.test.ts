import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalSlack, createTestClock, type LocalSlack } from '../src/index.js';

/**
 * The local Slack's OAuth as Slack documents it ("Installing with OAuth", "Using token
 * rotation"): a code is exchanged once, with the redirect_uri it was asked with; with rotation
 * on, access tokens expire after 43,200 s (`token_expired`), a refresh token is exchanged once
 * (a short grace, then `invalid_refresh_token`), and an installation keeps two active tokens.
 */

const open: LocalSlack[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

async function call(slack: LocalSlack, method: string, args: Record<string, unknown>, token?: string) {
  const res = await request(`${slack.apiUrl}${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(args),
  });
  return (await res.body.json()) as Record<string, unknown>;
}

/** The consent screen's redirect: a code for workspace T0ALPHA. */
function codeFor(slack: LocalSlack, redirect: string): string {
  const q = new URLSearchParams({
    client_id: slack.org.clientId,
    redirect_uri: redirect,
    state: 's',
    team: 'T0ALPHA',
  });
  const answer = slack.org.authorize(q);
  return new URL(String(answer.location)).searchParams.get('code') ?? '';
}

describe('local Slack OAuth', () => {
  it('a code is exchanged once, and only with the redirect_uri it was asked with; deny=1 is access_denied', async () => {
    const slack = await createLocalSlack();
    open.push(slack);
    const creds = { client_id: slack.org.clientId, client_secret: slack.org.clientSecret };
    const code = codeFor(slack, 'https://w.example/slack/oauth_redirect');
    expect(await call(slack, 'oauth.v2.access', { ...creds, code })).toMatchObject({
      ok: false,
      error: 'bad_redirect_uri',
    });
    const again = codeFor(slack, 'https://w.example/slack/oauth_redirect');
    const redirect_uri = 'https://w.example/slack/oauth_redirect';
    expect(await call(slack, 'oauth.v2.access', { ...creds, code: again, redirect_uri })).toMatchObject({
      ok: true,
    });
    expect(await call(slack, 'oauth.v2.access', { ...creds, code: again, redirect_uri })).toMatchObject({
      error: 'invalid_code',
    });
    const q = new URLSearchParams({ client_id: slack.org.clientId, redirect_uri, state: 'st', deny: '1' });
    const denied = new URL(String(slack.org.authorize(q).location));
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('st');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('token rotation: expiring tokens, one-use refresh tokens, two active tokens an installation', async () => {
    const clock = createTestClock();
    const slack = await createLocalSlack({ now: clock.now });
    open.push(slack);
    slack.org.tokenRotation = true;
    const creds = { client_id: slack.org.clientId, client_secret: slack.org.clientSecret };
    const redirect_uri = 'https://w.example/slack/oauth_redirect';
    const first = await call(slack, 'oauth.v2.access', {
      ...creds,
      code: codeFor(slack, redirect_uri),
      redirect_uri,
    });
    expect(first).toMatchObject({ ok: true, expires_in: 43_200, token_type: 'bot' });
    expect(String(first.access_token)).toMatch(/^xoxe\.xoxb-1-/);
    expect(String(first.refresh_token)).toMatch(/^xoxe-1-/);
    const post = (token: unknown) =>
      call(slack, 'chat.postMessage', { channel: 'C0ALPHA', text: 'hi' }, String(token));
    expect(await post(first.access_token)).toMatchObject({ ok: true });

    const refresh = (token: unknown) =>
      call(slack, 'oauth.v2.access', { ...creds, grant_type: 'refresh_token', refresh_token: token });
    const second = await refresh(first.refresh_token);
    expect(second).toMatchObject({ ok: true, expires_in: 43_200 });
    expect(second.access_token).not.toBe(first.access_token);
    // A refresh does not end the old access token.
    expect(await post(first.access_token)).toMatchObject({ ok: true });
    // The used refresh token, past its grace: refused.
    await clock.advance('1m');
    expect(await refresh(first.refresh_token)).toMatchObject({ ok: false, error: 'invalid_refresh_token' });
    // A third token: the oldest of the installation's is revoked (two active at most).
    const third = await refresh(second.refresh_token);
    expect(await post(first.access_token)).toMatchObject({ ok: false, error: 'token_revoked' });
    expect(await post(second.access_token)).toMatchObject({ ok: true });
    // Twelve hours on, the token is refused as expired.
    await clock.advance('12h');
    expect(await post(third.access_token)).toMatchObject({ ok: false, error: 'token_expired' });
  });
});
