import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxTenant, type SandboxTenant } from '../src/index.js';

let sandbox: SandboxTenant;
let clock: number;

beforeEach(async () => {
  clock = Date.parse('2026-11-22T12:00:00Z');
  sandbox = await createSandboxTenant({ now: () => clock });
});
afterEach(() => sandbox.close());

async function call(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token = sandbox.credentials.staticToken,
) {
  const res = await request(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

const inDays = (d: number) => new Date(clock + d * 86_400_000).toISOString();

describe('sandbox tenant', () => {
  it('requires a live bearer token', async () => {
    expect((await call('GET', '/api/v1/findings/FND_SA_UNOWNED', undefined, 'nope')).status).toBe(401);
  });

  it('refuses none or several actions with a {code, message} body', async () => {
    const none = await call('POST', '/api/v1/findings/FND_SA_UNOWNED/state', {});
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({ code: 3, message: expect.stringMatching(/exactly one action/) });
    const two = await call('POST', '/api/v1/findings/FND_SA_UNOWNED/state', {
      reopen: {},
      suppress: { reason: 'x' },
    });
    expect(two.status).toBe(400);
  });

  it('checks action parameters', async () => {
    const path = '/api/v1/findings/FND_SA_UNOWNED/state';
    expect((await call('POST', path, { snooze: { snoozeUntil: inDays(1) } })).status).toBe(400);
    expect((await call('POST', path, { snooze: { reason: 'r', snoozeUntil: inDays(-1) } })).status).toBe(400);
    expect(
      (await call('POST', path, { acceptRisk: { justification: '', expiresAt: inDays(5) } })).status,
    ).toBe(400);
    expect((await call('POST', path, { suppress: {} })).status).toBe(400);
  });

  it('follows the transition table and refuses manual resolve where the type does not allow it', async () => {
    const snoozed = await call('POST', '/api/v1/findings/FND_SA_UNOWNED/state', {
      snooze: { reason: 'r', snoozeUntil: inDays(2) },
    });
    expect(snoozed.json.finding).toMatchObject({ state: 'FINDING_STATE_SNOOZED', snoozeReason: 'r' });
    const again = await call('POST', '/api/v1/findings/FND_SA_UNOWNED/state', { suppress: { reason: 'x' } });
    expect(again.status).toBe(400);
    const decoy = await call('POST', '/api/v1/findings/FND_DECOY_USED/state', { resolve: { reason: 'x' } });
    expect(decoy.status).toBe(400);
    const unsuppress = await call('POST', '/api/v1/findings/FND_SUPPRESSED/state', { unsuppress: {} });
    expect(unsuppress.json.finding).toMatchObject({ state: 'FINDING_STATE_OPEN', suppressReason: '' });
  });

  it('lets a snooze lapse back to open at snoozeUntil', async () => {
    await call('POST', '/api/v1/findings/FND_SA_UNOWNED/state', {
      snooze: { reason: 'r', snoozeUntil: inDays(1) },
    });
    clock += 2 * 86_400_000;
    const read = await call('GET', '/api/v1/findings/FND_SA_UNOWNED');
    expect(read.json.finding).toMatchObject({ state: 'FINDING_STATE_OPEN' });
  });

  it('pages search results by the spec limits and takes both spellings', async () => {
    const small = await call('POST', '/api/v1/findings/search', { page_size: 2 });
    expect((small.json.list as unknown[]).length).toBe(10);
    const camel = await call('POST', '/api/v1/findings/search', { pageSize: 500 });
    expect((camel.json.list as unknown[]).length).toBe(sandbox.findings.all(clock).length);
    expect(camel.json.nextPageToken).toBe('');
    const bad = await call('POST', '/api/v1/findings/search', { page_token: 'garbage' });
    expect(bad.status).toBe(400);
  });

  it('filters search by type, severity and ref', async () => {
    const res = await call('POST', '/api/v1/findings/search', {
      findingTypes: ['FINDING_TYPE_DECOY_CREDENTIAL_USED', 'FINDING_TYPE_DECOY_PUBLICLY_EXPOSED'],
    });
    expect((res.json.list as { id: string }[]).map((f) => f.id).sort()).toEqual([
      'FND_DECOY_EXPOSED',
      'FND_DECOY_USED',
    ]);
    const refs = await call('POST', '/api/v1/findings/search', {
      refs: [{ id: 'FND_CUSTOM' }, { id: 'FND_SA_UNOWNED' }],
      severities: ['FINDING_SEVERITY_MEDIUM'],
    });
    expect((refs.json.list as { id: string }[]).map((f) => f.id)).toEqual(['FND_CUSTOM']);
  });

  it('refuses refs written as strings: the schema wants FindingRef objects', async () => {
    const res = await call('POST', '/api/v1/findings/search', { refs: ['FND_CUSTOM'] });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 3 });
  });

  it('answers a state change with finding null when asked to, and the change is made', async () => {
    sandbox.answers.stateChangeWithoutFinding = true;
    const res = await call('POST', '/api/v1/findings/FND_SA_UNOWNED/state', { suppress: { reason: 'x' } });
    expect(res).toEqual({ status: 200, json: { finding: null } });
    expect(sandbox.findings.get('FND_SA_UNOWNED', clock)?.state).toBe('FINDING_STATE_SUPPRESSED');
  });

  it('holds the deliberately unfaithful fixtures only when asked to', async () => {
    const faithful = await createSandboxTenant({ deliberate: false });
    try {
      expect(faithful.findings.get('FND_FUTURE', clock)).toBeUndefined();
      expect(faithful.findings.get('FND_HOSTILE', clock)).toBeUndefined();
      expect(faithful.campaigns.has('CAMP_NEWER')).toBe(false);
      expect(sandbox.findings.get('FND_FUTURE', clock)).toBeDefined();
    } finally {
      await faithful.close();
    }
  });

  it('refuses token requests that are not form-encoded client credentials', async () => {
    const basic = await request(`${sandbox.url}/auth/v1/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${sandbox.credentials.clientId}:${sandbox.credentials.clientSecret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(basic.statusCode).toBe(401);
    expect(await basic.body.json()).toMatchObject({ error: 'invalid_client' });
    const json = await request(`${sandbox.url}/auth/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.statusCode).toBe(400);
    await json.body.dump();
  });

  it('sends finding-dispatch webhooks signed with a key from its JWKS', async () => {
    clock = Date.now();
    let received: { headers: IncomingMessage['headers']; body: string } | undefined;
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString('utf8');
      });
      req.on('end', () => {
        received = { headers: req.headers, body };
        res.writeHead(202).end('{}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/findings`;
    const finding = sandbox.findings.get('FND_SA_UNOWNED', clock);
    if (!finding) throw new Error('seed missing');
    const sent = await sandbox.sendFindingWebhook(target, finding);
    receiver.close();
    expect(sent.status).toBe(202);
    const jwt = String(received?.headers.authorization).replace(/^Bearer /, '');
    const { payload } = await jwtVerify(jwt, createRemoteJWKSet(new URL(`${sandbox.url}/auth/v1/jwks`)), {
      audience: new URL(target).host,
    });
    expect(payload).toMatchObject({ c1typ: 'wh', htm: 'POST', htu: target });
    expect(payload.htb_s256).toBe(
      createHash('sha256')
        .update(received?.body ?? '')
        .digest('base64'),
    );
    const envelope = JSON.parse(received?.body ?? '{}');
    expect(received?.headers['webhook-id']).toBe(envelope.webhookId);
    expect(received?.headers['webhook-callback-url']).toBe(envelope.callbackUrl);
    expect(envelope.payload.dispatchId).toBe(sent.dispatchId);
    expect(envelope.payload.finding.id).toBe('FND_SA_UNOWNED');
    expect(envelope.payload['@type']).toBe('type.googleapis.com/c1.webhooks.v1.PayloadFindingDispatch');
    // 202 obliges the receiver to post its response to callbackUrl; until then it is pending.
    expect(sandbox.deliveries.at(-1)).toEqual({
      dispatchId: sent.dispatchId,
      status: 202,
      outcome: 'pending',
    });
    const callback = await request(envelope.callbackUrl, { method: 'POST', body: '{}' });
    expect(callback.statusCode).toBe(200);
    await callback.body.dump();
    expect(sandbox.deliveries.at(-1)?.outcome).toBe('delivered');
  });
});
