import { slashCommandBody } from '@warden/simulators';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  freePort,
  type Harness,
  type HarnessOptions,
  harnessPerTest,
  waitFor,
} from '../helpers/harness.js';
import { OPERATOR } from '../helpers/operator.js';

let h: Harness;
const startOne = harnessPerTest();
async function start(opts: HarnessOptions = {}) {
  h = await startOne(opts);
}
/** A GET on the public port, as the operator (ADMIN_TOKEN) unless `as` says otherwise. */
async function get(path: string, as: { headers?: Record<string, string> } = OPERATOR, base = h.base) {
  const res = await request(`${base}${path}`, as);
  return { status: res.statusCode, text: await res.body.text(), headers: res.headers };
}

describe('operators only: /readyz’s reasons and /metrics are not open on the public port', () => {
  it('without ADMIN_TOKEN’s bearer: /readyz gives its status only, /metrics 401; /healthz stays open', async () => {
    await start();
    h.tenant.faults.add({
      path: '/auth/v1/token',
      status: 401,
      body: { error: 'invalid_client' },
      times: 50,
    });
    const stranger = await get('/readyz', {});
    expect(stranger.status).toBe(503);
    expect(JSON.parse(stranger.text)).toEqual({ ready: false });
    const forged = await get('/readyz', { headers: { authorization: 'Bearer not-the-admin-token-at-all' } });
    expect(JSON.parse(forged.text)).toEqual({ ready: false });
    const metrics = await get('/metrics', {});
    expect(metrics.status).toBe(401);
    expect(metrics.headers['www-authenticate']).toBe('Bearer');
    expect(metrics.text).not.toMatch(/warden_/);
    expect((await get('/healthz', {})).status).toBe(200);
    // The operator's bearer token opens both.
    expect(JSON.parse((await get('/readyz')).text).checks.tenant).toMatchObject({ ok: false });
    expect((await get('/metrics')).text).toMatch(/warden_interactions_total/);
  });

  it('with ADMIN_PORT they are served on that port; the public one gives the status only and no metrics', async () => {
    const adminPort = await freePort();
    await start({ env: { ADMIN_PORT: String(adminPort), ADMIN_TOKEN: '' } });
    const admin = `http://127.0.0.1:${adminPort}`;
    const ready = await get('/readyz', {}, admin);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toMatchObject({ ready: true, checks: { store: { ok: true } } });
    expect((await get('/metrics', {}, admin)).text).toMatch(/warden_interactions_total/);
    expect((await get('/healthz', {}, admin)).status).toBe(200);
    expect(JSON.parse((await get('/readyz', {})).text)).toEqual({ ready: true });
    expect((await get('/metrics', {})).status).toBe(404);
    // Nothing else of Warden's is on the admin port.
    expect((await get('/slack/events', {}, admin)).status).toBe(404);
    expect((await get('/healthz', {})).status).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('exposes interactions, ack latency, tenant latency, tokens, Slack errors, outbox and process metrics', async () => {
    // The first poll posts every open finding, paced at about one a second: time runs 20x here.
    await start({ env: { ALERTS_POLL_INTERVAL: '60s' }, speed: 20 });
    await h.command('snooze FND_SA_UNOWNED 7d vendor');
    await waitFor(() => h.slack.messages.some((m) => m.thread_ts));
    h.slack.fail({ method: 'chat.postEphemeral', error: 'channel_not_found' });
    await h.command('show FND_NOPE');
    await waitFor(() => h.slack.callsOf('chat.postEphemeral').length > 0);
    // counters tick when an interaction's work is done, just after its last Slack call
    const { status, text, headers } = await waitFor(async () => {
      const m = await get('/metrics');
      return /warden_interactions_total\{kind="command",outcome="handled"\} 2/.test(m.text) && m;
    });
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/text\/plain/);
    expect(text).toMatch(/warden_interactions_total\{kind="command",outcome="handled"\} 2/);
    expect(text).toMatch(/warden_ack_seconds_bucket\{le="1",kind="command"\} 2/);
    expect(text).toMatch(
      /warden_tenant_request_seconds_count\{operation="updateFindingState",status="200"\} 1/,
    );
    expect(text).toMatch(/warden_tenant_request_seconds_count\{operation="getFinding",status="404"\} 1/);
    expect(text).toMatch(/warden_state_changes_total\{action="snooze",outcome="ok"\} 1/);
    expect(text).toMatch(
      /warden_slack_api_errors_total\{method="chat.postEphemeral",error="channel_not_found"\} 1/,
    );
    expect(text).toMatch(/warden_outbox_depth\{status="failed"\} 0/);
    expect(text).toMatch(/warden_outbox_oldest_unsent_seconds \d/);
    expect(text).toMatch(/warden_poller_lag_seconds /);
    expect(text).toMatch(/warden_process_resident_memory_bytes \d+/);
    expect(text).not.toContain(h.slack.botToken);
  });
});

describe('GET /readyz', () => {
  it('is ready when the store answers, a token can be had and the outbox moves', async () => {
    await start();
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toMatchObject({
      ready: true,
      checks: { store: { ok: true, kind: 'sqlite' }, tenant: { ok: true }, outbox: { ok: true } },
    });
    expect((await get('/healthz')).status).toBe(200);
  });

  it('is not ready (503, with the reason) when no tenant token can be had', async () => {
    await start();
    h.tenant.faults.add({
      path: '/auth/v1/token',
      status: 401,
      body: { error: 'invalid_client', error_description: 'revoked' },
      times: 50,
    });
    const res = await get('/readyz');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text).checks.tenant).toMatchObject({
      ok: false,
      error: expect.stringContaining('invalid_client'),
    });
  });

  it('is not ready when alerts have waited too long', async () => {
    await start();
    await h.warden.worker.stop();
    await h.warden.store.enqueueAlert(
      {
        idempotencyKey: 'old',
        source: 'signed',
        findingId: 'F1',
        finding: { id: 'F1' },
        channel: 'C0ALERTS',
        status: 'pending',
      },
      Date.now() - 20 * 60_000,
    );
    const res = await get('/readyz');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text).checks.outbox).toMatchObject({ ok: false, pending: 1 });
  });
});

describe('logs', () => {
  it('carry the request id and the team, user, channel and finding of an interaction, as JSON', async () => {
    await start();
    const { postSigned } = await import('@warden/simulators');
    const body = slashCommandBody(ALICE, {
      text: 'snooze FND_SA_UNOWNED 7d vendor',
      triggerId: h.slack.issueTriggerId(),
      responseUrl: h.slack.responseUrl(),
    });
    const res = await postSigned(h.url, body, h.signingSecret, {
      headers: { 'x-request-id': 'req-test-0001' },
    });
    expect(res.status).toBe(200);
    await waitFor(() => h.logs.some((l) => l.includes('"msg":"state changed"')));
    const line = JSON.parse(h.logs.find((l) => l.includes('"msg":"state changed"')) ?? '{}');
    expect(line).toMatchObject({
      level: 'info',
      ref: 'req-test-0001',
      findingId: 'FND_SA_UNOWNED',
      user: 'U0ALICE',
      channel: 'C0SECOPS',
      service: 'warden',
    });
    expect(
      h.logs.some((l) => l.includes('"component":"bolt"') || l.includes('"requestId":"req-test-0001"')),
    ).toBe(true);
  });
});

describe('Socket Mode', () => {
  it('takes commands and clicks over the WebSocket; /healthz and /metrics stay on PORT', async () => {
    await start({ socketMode: true });
    await waitFor(() => h.slack.socket.connected, 5_000, 'socket connection');
    const base = {
      team_id: 'T0WARDEN',
      user_id: 'U0ALICE',
      channel_id: 'C0SECOPS',
      command: '/warden',
      response_url: h.slack.responseUrl(),
    };
    const help = await h.slack.socket.send('slash_commands', {
      ...base,
      text: 'help',
      trigger_id: h.slack.issueTriggerId(),
    });
    expect(JSON.stringify(help.payload)).toContain('/warden snooze');
    expect(help.ms).toBeLessThan(1_000);

    const snooze = await h.slack.socket.send('slash_commands', {
      ...base,
      text: 'snooze FND_SA_UNOWNED 7d vendor',
      trigger_id: h.slack.issueTriggerId(),
    });
    expect(snooze.ms).toBeLessThan(1_000);
    await waitFor(
      () => h.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.state === 'FINDING_STATE_SNOOZED',
    );
    const card = await waitFor(() => h.slack.messages.find((m) => !m.thread_ts));

    await h.slack.socket.send('interactive', {
      type: 'block_actions',
      user: { id: 'U0ALICE', team_id: 'T0WARDEN' },
      team: { id: 'T0WARDEN' },
      channel: { id: 'C0SECOPS' },
      container: { message_ts: card.ts, channel_id: 'C0SECOPS' },
      trigger_id: h.slack.issueTriggerId(),
      actions: [{ action_id: 'finding.reopen', value: 'FND_SA_UNOWNED' }],
    });
    await waitFor(() => h.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.state === 'FINDING_STATE_OPEN');
    expect((await get('/healthz')).status).toBe(200);
    expect((await get('/metrics')).text).toMatch(
      /warden_interactions_total\{kind="command",outcome="handled"\} 2/,
    );
    expect((await request(`${h.base}/slack/events`, { method: 'POST', body: 'x' })).statusCode).toBe(404);
  });
});

describe('overload', () => {
  // Over 3 s at times: the tenant takes 800 ms a change, so the queue is full when the third comes.
  it('turns interactions away at once, in the ack, when its work queue is full', async () => {
    await start({ workQueue: { concurrency: 1, maxWaiting: 1 } });
    h.tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs: 800, times: 5 });
    const first = await h.command('snooze FND_SA_UNOWNED 7d vendor');
    const second = await h.command('suppress FND_SIMILAR_USER test');
    const third = await h.command('resolve FND_NHI_UNOWNED done');
    expect([first.body, second.body]).toEqual(['', '']);
    expect(JSON.parse(third.body).text).toMatch(/very busy.*nothing was changed/);
    expect(third.ms).toBeLessThan(1_000);
    await waitFor(() => h.tenant.requests.filter((r) => r.path.endsWith('/state')).length === 2, 5_000);
    expect(h.tenant.findings.get('FND_NHI_UNOWNED', Date.now())?.state).toBe('FINDING_STATE_OPEN');
    expect((await get('/metrics')).text).toMatch(
      /warden_interactions_total\{kind="command",outcome="shed"\} 1/,
    );
  });
});
