import type { SandboxTenant } from '@warden/simulators';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Secret } from '../../src/secret.js';
import { TenantClient } from '../../src/tenant/client.js';
import { getFinding } from '../../src/tenant/findings.js';
import { clientFor, FAST_RETRY, rejection, seen, startSandbox } from '../helpers/tenant.js';

let sandbox: SandboxTenant;
let client: TenantClient | undefined;

beforeEach(async () => {
  sandbox = await startSandbox();
});
afterEach(async () => {
  await client?.close();
  client = undefined;
  await sandbox.close();
});

describe('client credentials', () => {
  it('sends the plain secret in the form body, never in a header', async () => {
    client = clientFor(sandbox, 'plain');
    expect((await getFinding(client, 'FND_SA_UNOWNED')).id).toBe('FND_SA_UNOWNED');
    const [tokenRequest] = seen(sandbox, 'POST', /^\/auth\/v1\/token$/);
    const form = new URLSearchParams(tokenRequest?.body);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('client_secret')).toBe(sandbox.credentials.clientSecret);
  });

  it('signs an Ed25519 assertion for a secret-token secret, and the secret never leaves', async () => {
    client = clientFor(sandbox, 'assertion');
    expect((await getFinding(client, 'FND_SA_UNOWNED')).id).toBe('FND_SA_UNOWNED');
    const [tokenRequest] = seen(sandbox, 'POST', /^\/auth\/v1\/token$/);
    const form = new URLSearchParams(tokenRequest?.body);
    expect(form.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    expect(form.get('client_assertion')?.split('.')).toHaveLength(3);
    expect(form.has('client_secret')).toBe(false);
    const jwk = sandbox.credentials.assertionClientSecret.split(':v1:')[1] ?? '';
    expect(tokenRequest?.body).not.toContain(jwk);
  });

  it('signs the assertion as the vendor clients do: aud one string, a random nonce in the protected header', async () => {
    client = clientFor(sandbox, 'assertion');
    await getFinding(client, 'FND_SA_UNOWNED');
    client.auth.invalidate(await client.auth.getToken());
    await getFinding(client, 'FND_NHI_UNOWNED');
    const assertions = seen(sandbox, 'POST', /^\/auth\/v1\/token$/).map(
      (r) => new URLSearchParams(r.body).get('client_assertion') ?? '',
    );
    expect(assertions).toHaveLength(2);
    const nonces = assertions.map((jwt) => {
      const header = decodeProtectedHeader(jwt);
      expect(header.alg).toBe('EdDSA');
      expect(decodeJwt(jwt).aud).toBe('127.0.0.1');
      expect(Buffer.from(String(header.nonce), 'base64url')).toHaveLength(16);
      return header.nonce;
    });
    expect(new Set(nonces).size).toBe(2);
  });

  it('uses a static bearer token without any token request', async () => {
    client = clientFor(sandbox, 'static');
    await getFinding(client, 'FND_SA_UNOWNED');
    expect(sandbox.auth.tokenRequests).toBe(0);
  });

  it('makes exactly one token request for 200 concurrent callers', async () => {
    client = clientFor(sandbox, 'plain');
    const c = client;
    const results = await Promise.all(Array.from({ length: 200 }, () => getFinding(c, 'FND_SA_UNOWNED')));
    expect(results).toHaveLength(200);
    expect(sandbox.auth.tokenRequests).toBe(1);
    await getFinding(c, 'FND_NHI_UNOWNED');
    expect(sandbox.auth.tokenRequests).toBe(1);
  });

  it('refreshes before expires_in runs out', async () => {
    sandbox.tokenOptions.ttlSeconds = 600;
    let now = Date.now();
    client = new TenantClient({
      baseUrl: sandbox.url,
      auth: {
        kind: 'clientCredentials',
        clientId: sandbox.credentials.clientId,
        clientSecret: new Secret(sandbox.credentials.clientSecret),
      },
      retry: FAST_RETRY,
      now: () => now,
    });
    await getFinding(client, 'FND_SA_UNOWNED');
    now += 500_000; // inside the lifetime, outside no margin
    await getFinding(client, 'FND_SA_UNOWNED');
    expect(sandbox.auth.tokenRequests).toBe(1);
    now += 60_000; // 560 s of 600: within the safety margin
    await getFinding(client, 'FND_SA_UNOWNED');
    expect(sandbox.auth.tokenRequests).toBe(2);
  });

  it('on a 401 refreshes once and repeats once, one refresh for many callers', async () => {
    client = clientFor(sandbox, 'plain');
    const c = client;
    await getFinding(c, 'FND_SA_UNOWNED');
    sandbox.auth.expireTokens();
    const results = await Promise.all(Array.from({ length: 50 }, () => getFinding(c, 'FND_SA_UNOWNED')));
    expect(results.every((f) => f.id === 'FND_SA_UNOWNED')).toBe(true);
    expect(sandbox.auth.tokenRequests).toBe(2);
  });

  it('gives up after one refresh when the tenant keeps answering 401', async () => {
    client = clientFor(sandbox, 'plain');
    sandbox.faults.add({
      path: /^\/api\//,
      status: 401,
      times: 10,
      body: { code: 16, message: 'unauthenticated' },
    });
    const error = await rejection(getFinding(client, 'FND_SA_UNOWNED'));
    expect(error.kind).toBe('auth');
    expect(seen(sandbox, 'GET', /^\/api\//)).toHaveLength(2);
  });

  it('does not retry a refused static token', async () => {
    client = new TenantClient({
      baseUrl: sandbox.url,
      auth: { kind: 'static', accessToken: new Secret('wrong') },
    });
    const error = await rejection(getFinding(client, 'FND_SA_UNOWNED'));
    expect(error.kind).toBe('auth');
    expect(error.status).toBe(401);
    expect(seen(sandbox, 'GET', /^\/api\//)).toHaveLength(1);
  });

  it('strips a leading "bearer " from the token', async () => {
    sandbox.tokenOptions.prefixBearer = true;
    client = clientFor(sandbox, 'plain');
    expect((await getFinding(client, 'FND_SA_UNOWNED')).id).toBe('FND_SA_UNOWNED');
  });

  it('refuses a DPoP token with a clear message', async () => {
    sandbox.tokenOptions.tokenType = 'DPoP';
    client = clientFor(sandbox, 'plain');
    const error = await rejection(getFinding(client, 'FND_SA_UNOWNED'));
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/DPoP/);
    expect(seen(sandbox, 'GET', /^\/api\//)).toHaveLength(0);
  });

  it('surfaces the OAuth error and description, without the secret', async () => {
    const secret = 'definitely-wrong-secret-value';
    client = new TenantClient({
      baseUrl: sandbox.url,
      auth: {
        kind: 'clientCredentials',
        clientId: sandbox.credentials.clientId,
        clientSecret: new Secret(secret),
      },
      retry: FAST_RETRY,
    });
    const error = await rejection(getFinding(client, 'FND_SA_UNOWNED'));
    expect(error.kind).toBe('auth');
    expect(error.serverCode).toBe('invalid_client');
    expect(error.message).toContain('invalid_client: client authentication failed');
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(secret);
    expect(sandbox.auth.tokenRequests).toBe(1);
  });

  it('refuses a secret-token secret that holds no Ed25519 key', async () => {
    client = new TenantClient({
      baseUrl: sandbox.url,
      auth: {
        kind: 'clientCredentials',
        clientId: sandbox.credentials.assertionClientId,
        clientSecret: new Secret('secret-token:conductorone.com:v1:bm90LWEta2V5'),
      },
    });
    const error = await rejection(getFinding(client, 'FND_SA_UNOWNED'));
    expect(error.message).toMatch(/Ed25519/);
    expect(error.message).not.toContain('bm90LWEta2V5');
    expect(sandbox.auth.tokenRequests).toBe(0);
  });

  it('retries the token endpoint when it is unavailable', async () => {
    sandbox.faults.add({ path: '/auth/v1/token', status: 503, times: 2 });
    client = clientFor(sandbox, 'plain');
    expect((await getFinding(client, 'FND_SA_UNOWNED')).id).toBe('FND_SA_UNOWNED');
    expect(sandbox.auth.tokenRequests).toBe(1);
    expect(seen(sandbox, 'POST', /^\/auth\/v1\/token$/)).toHaveLength(3);
  });
});
