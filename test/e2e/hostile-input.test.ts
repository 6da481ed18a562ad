import type { JsonFinding } from '@warden/simulators';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { signedPostSignature } from '../../src/intake/verify-signed-post.js';
import {
  ALICE,
  type Harness,
  type HarnessOptions,
  harnessPerTest,
  settle,
  waitFor,
} from '../helpers/harness.js';

/**
 * What a hostile tenant, sender or colleague can put in front of Warden: everything it writes
 * into Slack is escaped and cut only between tokens (the local Slack refuses malformed `<…>` and
 * over-long fields as the real one does), and intake refuses what it cannot hold with a 400.
 */

let h: Harness;
const startOne = harnessPerTest({ lane: 'inprocess' });
const start = async (opts: HarnessOptions = {}) => {
  h = await startOne(opts);
};

const SECRET = 'test-alerts-webhook-secret';
const LIVE = /<!channel>|<!here|<!everyone>|<https:\/\/evil|<@U0BOSS>/;
const posts = () => h.slack.messages.filter((m) => !m.thread_ts);
const outbox = () => h.warden.store.listOutbox({ limit: 100 });
/** Every mrkdwn string of a message (its text and its blocks'): plain_text shows `<` as typed. */
function shown(m: { text: string; blocks: unknown[] }): string {
  const out = [m.text];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) {
      if ('type' in v && v.type === 'mrkdwn' && 'text' in v) out.push(String(v.text));
      Object.values(v).forEach(walk);
    }
  };
  walk(m.blocks);
  return out.join('\n');
}

async function signedPost(body: string) {
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await request(`${h.base}/hooks/findings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-warden-timestamp': ts,
      'x-warden-signature': signedPostSignature(SECRET, ts, body),
    },
    body,
  });
  const text = await res.body.text();
  return { status: res.statusCode, json: text ? JSON.parse(text) : {} };
}

const seed = (id: string): JsonFinding => {
  const f = h.tenant.findings.get(id, Date.now());
  if (!f) throw new Error(`no seed ${id}`);
  return structuredClone(f);
};

describe('tenant-supplied values reach Slack escaped', () => {
  it('enum values (severity, state, source kind, a risk factor’s severity) ping and link nobody', async () => {
    await start();
    const finding = {
      ...seed('FND_SA_UNOWNED'),
      id: 'FND_ENUMS',
      severity: 'FINDING_SEVERITY_<!channel>',
      state: 'FINDING_STATE_<!here>',
      sourceKind: 'FINDING_SOURCE_KIND_<https://evil.example|Reset your password>',
      riskScore: { score: 80, riskFactors: [{ name: 'exposure', severity: 'FINDING_SEVERITY_<!everyone>' }] },
    };
    expect((await signedPost(JSON.stringify({ finding }))).status).toBe(202);
    const post = await waitFor(() => posts()[0], 5_000, 'the alert');
    expect(shown(post)).not.toMatch(LIVE);
    expect(shown(post)).toContain('&lt;!channel&gt;');
    expect(shown(post)).toContain('&lt;https://evil.example|reset your password&gt;');
  });

  it('details that reach 3,000 characters are cut before a date token, not inside it', async () => {
    await start();
    const iso = '2026-11-01T10:00:00Z';
    const exposure = {
      sourceUrl: `https://git.example/${'u'.repeat(280)}`,
      reportingScanners: Array.from({ length: 5 }, (_, i) => `${i}${'s'.repeat(57)}`),
      firstObservedAt: iso,
      credentialRevoked: true,
      revokedAt: iso,
    };
    for (const pad of [200, 230]) {
      const finding = {
        id: `FND_LONG_${pad}`,
        severity: 'FINDING_SEVERITY_HIGH',
        state: 'FINDING_STATE_OPEN',
        similarUsernameMatchEvidence: { appUsername: 'a'.repeat(78), identityUsername: 'b'.repeat(78) },
        serviceAccountMisclassificationEvidence: { detectionReason: 'r'.repeat(300 + pad) },
        deactivatedOwnerEvidence: {
          deactivatedOwners: Array.from({ length: 5 }, (_, i) => ({ userId: `${i}${'o'.repeat(70)}` })),
        },
        credentialPubliclyExposedEvidence: exposure,
        decoyPubliclyExposedEvidence: exposure,
        credentialExpiringEvidence: { expiresAt: iso },
        connectorSyncFailingEvidence: { consecutiveFailureCount: 3, streakStartedAt: iso, lastFailedAt: iso },
      };
      expect((await signedPost(JSON.stringify({ finding }))).status).toBe(202);
    }
    await waitFor(
      async () => (await outbox()).every((r) => r.status === 'sent' || r.status === 'failed'),
      5_000,
      'both delivered or failed',
    );
    expect((await outbox()).map((r) => [r.status, r.lastError])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
  });
});

describe('long lists are cut between tokens', () => {
  it('/warden approvals with 19 pending requests reaches the approver (no unclosed date token)', async () => {
    await start({
      file: parseConfigFile('permissions:\n  acceptRisk: { approvers: S0SECLEADS }\n', 't.yaml'),
    });
    const now = Date.now();
    for (let i = 0; i < 19; i++) {
      await h.warden.store.createApproval({
        findingId: `FND_PENDING_${String(i).padStart(2, '0')}`,
        requesterId: 'U0ALICE',
        justification: 'break-glass secret, monitored by the SIEM',
        riskExpiresAt: now + 30 * 86_400_000,
        channel: 'C0SECOPS',
        messageTs: null,
        createdAt: now + i,
        expireAt: now + 86_400_000,
      });
    }
    await h.command('approvals', { ...ALICE, userId: 'U0BOB' });
    const list = await h.nextEphemeral(undefined, 5_000);
    expect(list.text).toBe('19 risk acceptance(s) waiting for approval');
    expect(JSON.stringify(list.blocks)).toContain('FND_PENDING_00');
  });
});

describe('what people type reaches Slack escaped', () => {
  const HOSTILE = '<!channel> <!here|here> <https://evil.example/phish|click here> <@U0BOSS>';

  it('a Deny… reason becomes no ping, no link and no mention in the thread', async () => {
    await start({
      file: parseConfigFile('permissions:\n  acceptRisk: { approvers: S0SECLEADS }\n', 't.yaml'),
    });
    const ts = await h.postAlert('FND_UNUSED_SECRET');
    const form = await h.openForm('finding.acceptRisk', 'FND_UNUSED_SECRET', ts);
    await form.submit({
      Justification: 'Break-glass secret, monitored by the SIEM.',
      'Accept for': '90 days',
    });
    const request = await waitFor(() => h.slack.thread('C0SECOPS', ts)[0], 5_000, 'the request');
    const id = JSON.stringify(request.blocks).match(/"value":"(apr_[a-z0-9]+)"/)?.[1] ?? '';
    const deny = await h.openForm('approval.deny', id, ts, { ...ALICE, userId: 'U0BOB' });
    await deny.submit({ 'Why not': HOSTILE }, { ...ALICE, userId: 'U0BOB' });
    const reply = await waitFor(() =>
      h.slack.thread('C0SECOPS', ts).find((m) => m.text.startsWith('<@U0BOB> denied')),
    );
    expect(reply.text).not.toMatch(LIVE);
    expect(reply.text).toContain('&lt;!channel&gt;');
    await waitFor(() => JSON.stringify(h.slack.thread('C0SECOPS', ts)[0]?.blocks).includes('Denied by'));
    expect(shown(h.slack.thread('C0SECOPS', ts)[0] ?? { text: '', blocks: [] })).not.toMatch(LIVE);
  });

  it('a reason typed in a command is escaped in the thread and on the card', async () => {
    await start();
    const ts = await h.postAlert('FND_SA_UNOWNED');
    await h.command(`snooze FND_SA_UNOWNED 7d ${HOSTILE}`);
    const reply = await waitFor(() => h.slack.thread('C0SECOPS', ts)[0], 5_000, 'the thread reply');
    expect(reply.text).not.toMatch(LIVE);
    const card = await waitFor(() => h.slack.messages.find((m) => m.ts === ts && m.edited));
    expect(shown(card)).not.toMatch(LIVE);
  });

  it('an id echoed back is escaped, and cut before it is escaped (never mid-entity)', async () => {
    await start();
    const answer = await h.command(`show ${'a'.repeat(38)}<!channel>`);
    const text = JSON.parse(answer.body).text as string;
    expect(text).not.toContain('<!');
    expect(text).toContain(`"${'a'.repeat(38)}&lt;…" is not a valid id`);
  });
});

describe('intake refuses what it cannot hold', () => {
  it('a finding id longer than any tenant sends: 400 at intake, for signed posts and webhooks', async () => {
    await start();
    const finding = { ...seed('FND_SA_UNOWNED'), id: `FND_${'x'.repeat(2_106)}` };
    const res = await signedPost(JSON.stringify({ finding }));
    expect(res.status).toBe(400);
    expect(res.json.issues[0]).toMatchObject({ path: 'finding.id', message: 'is over 256 characters' });
    const hook = await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, finding);
    expect(hook.status).toBe(400);
    expect(JSON.parse(hook.body).issues[0]).toMatchObject({ path: 'payload.finding.id' });
    expect(await outbox()).toHaveLength(0);
  });

  it('a captured webhook token with dispatchId null, replayed with other Webhook-Id headers: stored once', async () => {
    await start();
    const target = `${h.base}/hooks/findings`;
    const body = JSON.stringify({
      version: 'v1',
      webhookId: 'WH_SANDBOX',
      event: 'c1.webhooks.v1.PayloadFindingDispatch',
      payload: { dispatchId: null, findingId: 'FND_SA_UNOWNED', finding: seed('FND_SA_UNOWNED') },
    });
    const token = await h.tenant.auth.signWebhook(target, body, Date.now());
    const answers = [];
    for (const webhookId of ['msg_1', 'msg_2', 'msg_3']) {
      const res = await request(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'webhook-id': webhookId,
        },
        body,
      });
      answers.push({ status: res.statusCode, ...(JSON.parse(await res.body.text()) as object) });
    }
    // the tenant's webhook is answered 200 once stored (its envelope: 202 would promise a callback)
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => 'duplicate' in a && a.duplicate)).toEqual([false, true, true]);
    expect(await outbox()).toHaveLength(1);
    await waitFor(() => posts().length === 1);
    await settle(200);
    expect(posts()).toHaveLength(1);
  });

  it('a signed alert nested 200,000 levels deep: 400 with the reason, not 503 forever', async () => {
    await start();
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const res = await signedPost(`{"finding":{"id":"FND_DEEP","custom":{"x":${deep}}}}`);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/nested deeper than 64 levels/);
    expect(await outbox()).toHaveLength(0);
  });

  it.each([
    ['answers 500', { status: 500, times: 5 }],
    ['drops the connection', { drop: true, times: 5 }],
  ])(
    'tenant keys unreachable (JWKS %s) on a fresh start: 503 so the tenant retries, then 200',
    async (_n, fault) => {
      await start();
      h.tenant.faults.add({ method: 'GET', path: '/auth/v1/jwks', ...fault });
      const first = await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, seed('FND_SA_UNOWNED'));
      expect(first.status).toBe(503);
      expect(JSON.parse(first.body).error).toMatch(/tenant keys unavailable/);
      h.tenant.faults.clear();
      const again = await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, seed('FND_SA_UNOWNED'));
      expect(again.status).toBe(200);
      // a token that is actually bad is still a 401
      const forged = await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, seed('FND_SA_UNOWNED'), {
        claims: { htu: 'https://elsewhere.example/hooks/findings' },
      });
      expect(forged.status).toBe(401);
      await settle(50);
    },
  );
});
