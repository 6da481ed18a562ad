import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { afterEach, describe, expect, it } from 'vitest';
import { followStepUpLink } from '../src/idp/browser.js';
import { createLocalIdp, type LocalIdp } from '../src/idp/local-idp.js';

/** A relying party's callback: answers 200 with the URL it was sent to. */
async function callbackServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => res.end(`callback ${req.url}`));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cb` };
}

describe('the local identity provider', () => {
  const open: { idp?: LocalIdp; server?: Server } = {};
  afterEach(async () => {
    await open.idp?.close();
    open.server?.close();
  });

  async function start() {
    const cb = await callbackServer();
    const idp = await createLocalIdp({ redirectUris: [cb.url] });
    Object.assign(open, { idp, server: cb.server });
    const config = await client.discovery(new URL(idp.url), idp.clientId, idp.clientSecret, undefined, {
      execute: [client.allowInsecureRequests],
    });
    const nonce = client.randomNonce();
    const state = client.randomState();
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: cb.url,
      scope: 'openid email',
      prompt: 'login',
      max_age: '0',
      acr_values: 'mfa',
      nonce,
      state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    return { idp, config, nonce, state, verifier, url };
  }

  it('signs a person of the local Slack in afresh, saying how and when', async () => {
    const { idp, config, nonce, state, verifier, url } = await start();
    const page = await followStepUpLink(url.href, {
      email: 'alice@acme.example',
      amr: ['pwd', 'mfa'],
      acr: 'mfa',
    });
    expect(page.text).toMatch(/^callback /);
    const tokens = await client.authorizationCodeGrant(config, new URL(page.url), {
      expectedNonce: nonce,
      expectedState: state,
      pkceCodeVerifier: verifier,
      maxAge: 0,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: idp.url,
      aud: idp.clientId,
      email: 'alice@acme.example',
      acr: 'mfa',
    });
    expect(claims?.amr).toEqual(['pwd', 'mfa']);
    expect(Math.abs(Number(claims?.auth_time) - Date.now() / 1_000)).toBeLessThan(30);
  });

  it('answers a cancelled sign-in with an error to the relying party', async () => {
    const { url } = await start();
    const page = await followStepUpLink(url.href, { email: 'alice@acme.example', cancel: true });
    const answer = new URL(page.url);
    expect(answer.searchParams.get('error')).toBe('access_denied');
  });
});
