import type { JsonFinding } from '@warden/simulators';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { signedPostSignature } from '../../src/intake/verify-signed-post.js';
import { type Harness, type HarnessOptions, harnessPerTest, settle, waitFor } from '../helpers/harness.js';

let h: Harness;
const startOne = harnessPerTest();

const SECRET = 'test-alerts-webhook-secret';
const seed = (id: string): JsonFinding => {
  const f = h.tenant.findings.get(id, Date.now());
  if (!f) throw new Error(`no seed ${id}`);
  return structuredClone(f);
};

async function signedPost(
  body: string,
  opts: { timestamp?: number; skewSeconds?: number; secret?: string; signature?: string } = {},
) {
  const ts = String(opts.timestamp ?? Math.floor(Date.now() / 1000) + (opts.skewSeconds ?? 0));
  const res = await request(`${h.base}/hooks/findings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-warden-timestamp': ts,
      'x-warden-signature': opts.signature ?? signedPostSignature(opts.secret ?? SECRET, ts, body),
    },
    body,
  });
  const text = await res.body.text();
  return { status: res.statusCode, json: text ? JSON.parse(text) : {} };
}

const posts = (channel?: string) =>
  h.slack.messages.filter((m) => !m.thread_ts && (!channel || m.channel === channel));
const outbox = () => h.warden.store.listOutbox({ limit: 100 });

async function start(opts: HarnessOptions = {}) {
  h = await startOne(opts);
}

describe('tenant finding-dispatch webhooks', () => {
  it('stores, answers 200 {id}, then posts the alert to the routed channel with its outbox id', async () => {
    await start();
    const sent = await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, seed('FND_SA_UNOWNED'));
    // not 202: that would oblige Warden to post its response to the envelope's callbackUrl later
    expect(sent.status).toBe(200);
    expect(h.tenant.deliveries).toEqual([{ dispatchId: sent.dispatchId, status: 200, outcome: 'delivered' }]);
    const { id, duplicate } = JSON.parse(sent.body);
    expect(duplicate).toBe(false);
    const post = await waitFor(() => posts('C0ALERTS')[0], 5_000, 'posted alert');
    expect(post.metadata).toEqual({
      event_type: 'warden_alert',
      event_payload: { outbox_id: id, finding_id: 'FND_SA_UNOWNED' },
    });
    expect(post.text).toMatch(/^High: Unowned service account/);
    // recorded just after Slack answered the post
    await waitFor(async () => (await h.warden.store.messagesFor('FND_SA_UNOWNED')).length === 1);
    expect(await h.warden.store.messagesFor('FND_SA_UNOWNED')).toMatchObject([
      { channel: 'C0ALERTS', ts: post.ts },
    ]);
  });

  it('reads the finding from the tenant when the dispatch carries finding null', async () => {
    await start();
    h.tenant.findings.put({ ...seed('FND_SA_UNOWNED'), description: 'as the tenant has it now' });
    const sent = await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, seed('FND_SA_UNOWNED'), {
      withoutFinding: true,
    });
    expect(sent.status).toBe(200);
    const post = await waitFor(() => posts('C0ALERTS')[0], 5_000, 'posted alert');
    expect(post.text).toContain('as the tenant has it now');
    expect(
      h.tenant.requests.some((r) => r.method === 'GET' && r.path === '/api/v1/findings/FND_SA_UNOWNED'),
    ).toBe(true);
  });

  it('keeps deliveries without a dispatchId apart: Webhook-Id names the webhook, not the delivery', async () => {
    await start();
    for (const id of ['FND_SA_UNOWNED', 'FND_NHI_UNOWNED']) {
      const sent = await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, seed(id), {
        dispatchId: '',
      });
      expect(JSON.parse(sent.body).duplicate).toBe(false);
    }
    await waitFor(() => posts().length === 2, 5_000, 'both alerts');
    expect(await outbox()).toHaveLength(2);
  });

  it('answers a repeated delivery with the same id and posts nothing more', async () => {
    await start();
    const finding = seed('FND_SA_UNOWNED');
    const first = await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, finding, {
      dispatchId: 'DSP_1',
    });
    const again = await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, finding, {
      dispatchId: 'DSP_1',
    });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual({ id: JSON.parse(first.body).id, duplicate: true });
    await waitFor(() => posts().length === 1);
    await settle(300);
    expect(posts()).toHaveLength(1);
    expect(await outbox()).toHaveLength(1);
  });

  it.each([
    [
      'an expired token',
      { claims: { iat: Math.floor(Date.now() / 1000) - 600, exp: Math.floor(Date.now() / 1000) - 480 } },
      /expired/,
    ],
    [
      'a body altered after signing',
      { tamperBody: (b: string) => b.replace('deploy-bot', 'deploy-bob') },
      /htb_s256/,
    ],
    ['a token for another URL', { claims: { htu: 'https://elsewhere.example/hooks/findings' } }, /htu/],
    ['a token for another audience', { claims: { aud: 'elsewhere.example' } }, /refused/],
    ['another token type', { claims: { c1typ: 'session' } }, /c1typ/],
    ['another issuer', { claims: { iss: 'evil.example' } }, /refused/],
  ])('refuses %s with 401 and stores nothing', async (_name, opts, reason) => {
    await start();
    const sent = await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, seed('FND_SA_UNOWNED'), opts);
    expect(sent.status).toBe(401);
    expect(JSON.parse(sent.body).error).toMatch(reason);
    await settle(100);
    expect(await outbox()).toHaveLength(0);
    expect(posts()).toHaveLength(0);
  });

  it('refuses a token signed by a key the tenant does not publish', async () => {
    await start();
    const other = await (await import('../helpers/tenant.js')).startSandbox();
    try {
      const sent = await other.sendFindingWebhook(`${h.base}/hooks/findings`, seed('FND_SA_UNOWNED'), {
        claims: { iss: new URL(h.tenant.url).host },
      });
      expect(sent.status).toBe(401);
    } finally {
      await other.close();
    }
    expect(await outbox()).toHaveLength(0);
  });

  it('refetches the tenant’s keys when it rotates to a new kid', async () => {
    await start();
    expect(
      (await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, seed('FND_SA_UNOWNED'))).status,
    ).toBe(200);
    await h.tenant.auth.rotateWebhookKey();
    await settle(50);
    const afterRotation = await h.tenant.sendFindingWebhook(
      `${h.base}/hooks/findings`,
      seed('FND_NHI_UNOWNED'),
    );
    expect(afterRotation.status).toBe(200);
    const jwksFetches = h.tenant.requests.filter((r) => r.path === '/auth/v1/jwks');
    expect(jwksFetches).toHaveLength(2);
  });

  it('answers 400 with the issues for a dispatch that is not one', async () => {
    await start();
    const bad = { ...seed('FND_SA_UNOWNED'), id: '' };
    const sent = await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, bad);
    expect(sent.status).toBe(400);
    expect(JSON.parse(sent.body).issues[0]).toMatchObject({ path: 'payload.finding.id' });
  });
});

describe('HMAC-signed posts', () => {
  it('stores and posts to the channel the sender named', async () => {
    await start();
    const res = await signedPost(JSON.stringify({ finding: seed('FND_DECOY_USED'), channel: 'C0CUSTOM' }));
    expect(res.status).toBe(202);
    expect(res.json.id).toMatch(/^alrt_/);
    await waitFor(() => posts('C0CUSTOM')[0]);
  });

  it('answers a replay of the same request as a duplicate', async () => {
    await start();
    const body = JSON.stringify({ finding: seed('FND_DECOY_USED') });
    const ts = Math.floor(Date.now() / 1000);
    const first = await signedPost(body, { timestamp: ts });
    const replay = await signedPost(body, { timestamp: ts });
    expect(replay).toEqual({ status: 202, json: { id: first.json.id, duplicate: true } });
    await waitFor(() => posts().length === 1);
    await settle(200);
    expect(posts()).toHaveLength(1);
  });

  it.each([
    ['a bad signature', { signature: `v1=${'0'.repeat(64)}` }],
    ['another secret', { secret: 'some-other-secret-value' }],
    ['a timestamp 302 s old', { skewSeconds: -302 }],
    ['a timestamp 302 s ahead', { skewSeconds: 302 }],
  ])('refuses %s with 401', async (_name, opts) => {
    await start();
    const res = await signedPost(JSON.stringify({ finding: seed('FND_DECOY_USED') }), opts);
    expect(res.status).toBe(401);
    expect(await outbox()).toHaveLength(0);
  });

  it('refuses an unsigned post, and a body over 1 MiB with 413', async () => {
    await start();
    const unsigned = await request(`${h.base}/hooks/findings`, { method: 'POST', body: '{}' });
    expect(unsigned.statusCode).toBe(401);
    await unsigned.body.dump();
    const huge = JSON.stringify({
      finding: { ...seed('FND_DECOY_USED'), description: 'x'.repeat(1_100_000) },
    });
    const res = await signedPost(huge);
    expect(res.status).toBe(413);
    expect(await outbox()).toHaveLength(0);
  });

  it.each([
    ['not JSON', 'not json', /not JSON/],
    ['no finding', '{"channel":"C0SECOPS"}', /invalid alert/],
    [
      'a channel name, not an id',
      JSON.stringify({ finding: { id: 'F1' }, channel: '#secops' }),
      /invalid alert/,
    ],
    ['an unknown field', JSON.stringify({ finding: { id: 'F1' }, priority: 1 }), /invalid alert/],
  ])('answers 400 for %s', async (_name, body, error) => {
    await start();
    const res = await signedPost(body);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(error);
  });

  it('keeps unknown enum values and a 10,000-character description, escaped and cut', async () => {
    await start();
    const res = await signedPost(JSON.stringify({ finding: seed('FND_HOSTILE') }));
    expect(res.status).toBe(202);
    const post = await waitFor(() => posts()[0]);
    expect(JSON.stringify(post.blocks)).not.toContain('<!channel>');
  });
});

describe('routing', () => {
  const rules = parseConfigFile(
    [
      'routing:',
      '  rules:',
      '    - name: decoys to the SOC',
      '      when: { findingTypes: [decoyCredentialUsed, FINDING_TYPE_DECOY_PUBLICLY_EXPOSED] }',
      '      channel: C0SOC',
      '    - when: { minSeverity: critical }',
      '      channel: C0CRIT',
      '    - name: quiet',
      '      when: { severities: [info, low] }',
      '      drop: true',
      '    - when: { annotations: { environment: production } }',
      '      channel: C0PROD',
    ].join('\n'),
    'test.yaml',
  );

  it('first match wins; a drop is stored, not posted; otherwise ALERTS_CHANNEL', async () => {
    await start({ file: rules });
    for (const id of [
      'FND_DECOY_USED',
      'FND_CRED_EXPOSED',
      'FND_SIMILAR_USER',
      'FND_SA_UNOWNED',
      'FND_NHI_UNOWNED',
    ]) {
      expect((await signedPost(JSON.stringify({ finding: seed(id) }))).status).toBe(202);
    }
    await waitFor(() => posts().length === 4, 5_000, 'four posts');
    const where = Object.fromEntries(posts().map((m) => [m.text.split(' — ')[0], m.channel]));
    expect(where).toEqual({
      'Critical: Decoy credential used · DCY_AWS_1': 'C0SOC',
      'Critical: Credential publicly exposed · deploy-bot': 'C0CRIT',
      'High: Unowned service account · deploy-bot': 'C0PROD',
      'Medium: Unowned non-human identity · ci-runner': 'C0ALERTS',
    });
    const dropped = (await outbox()).find((r) => r.findingId === 'FND_SIMILAR_USER');
    expect(dropped).toMatchObject({ status: 'dropped', lastError: 'dropped by quiet' });
  });

  it('reports a bad routing file by line', () => {
    expect(() =>
      parseConfigFile(
        'routing:\n  rules:\n    - when: { severities: [loud] }\n      channel: "#secops"\n',
        'warden.yaml',
      ),
    ).toThrow(
      /warden\.yaml:3 routing\.rules\.0\.when\.severities\.0: is not a severity[\s\S]*warden\.yaml:4 routing\.rules\.0\.channel: must be a channel id/,
    );
  });
});
