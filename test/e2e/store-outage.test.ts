import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import {
  blockActionBody,
  type JsonFinding,
  postSigned,
  signedPostHeaders,
  slashCommandBody,
} from '@warden/simulators';
import Sqlite from 'better-sqlite3';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import type { Store } from '../../src/ports/store.js';
import { createStore, type StoreOptions } from '../../src/store/create-store.js';
import { ALICE, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';
import { OPERATOR } from '../helpers/operator.js';
import { pgOutages } from '../helpers/pg-outage.js';
import { backends, sqliteBackend } from '../helpers/stores.js';

/**
 * Warden while its store is away and after it is back, over loopback: readiness says why, intake
 * asks senders to retry, people who click, type or submit are told with a ref, nothing exits, and
 * once the store answers everything goes on with nothing lost or doubled.
 */
const postgres = backends().find((b) => b.name === 'postgres');
const pgWorld = pgOutages();
const start = harnessPerTest();
const stores: Store[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function openStore(opts: StoreOptions): Promise<{ store: Store; logs: string[] }> {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const store = await createStore({
    logger: createLogger('debug', sink),
    retry: { attempts: 2, delayMs: 20 },
    connectTimeoutMs: 500,
    ...opts,
  });
  stores.push(store);
  return { store, logs };
}

const get = async (url: string) => {
  const res = await request(url, OPERATOR);
  const text = await res.body.text();
  return { status: res.statusCode, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
};

function seed(h: Harness, id: string): JsonFinding {
  const f = h.tenant.findings.get(id, Date.now());
  if (!f) throw new Error(`no seed ${id}`);
  return structuredClone(f);
}

/** A signed alert post, as a SIEM sends it. */
async function signedAlert(h: Harness, finding: JsonFinding) {
  const body = JSON.stringify({ finding, channel: 'C0ALERTS' });
  const res = await request(`${h.base}/hooks/findings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signedPostHeaders('test-alerts-webhook-secret', body) },
    body,
  });
  await res.body.dump();
  return { status: res.statusCode, retryAfter: res.headers['retry-after'] };
}

/** A click and a command as Slack sends them, with a request id to find in what the person is told. */
const click = (h: Harness, findingId: string, ts: string, requestId: string) =>
  postSigned(
    h.url,
    blockActionBody(ALICE, {
      actionId: 'finding.reopen',
      value: findingId,
      messageTs: ts,
      triggerId: h.slack.issueTriggerId(),
      responseUrl: h.slack.responseUrl(undefined, { user: ALICE.userId, channel: ALICE.channelId }),
    }),
    h.signingSecret,
    { headers: { 'x-request-id': requestId } },
  );
const command = (h: Harness, text: string, requestId: string) =>
  postSigned(
    h.url,
    slashCommandBody(ALICE, {
      text,
      triggerId: h.slack.issueTriggerId(),
      responseUrl: h.slack.responseUrl(undefined, { user: ALICE.userId, channel: ALICE.channelId }),
    }),
    h.signingSecret,
    { headers: { 'x-request-id': requestId } },
  );

const told = (h: Harness, ref: string) =>
  waitFor(() => h.slack.ephemerals.find((e) => e.text.includes(ref)), 5_000, `the person told (${ref})`);

const cardsOf = (h: Harness, channel: string) =>
  h.slack.messages.filter((m) => !m.thread_ts && m.channel === channel);

describe.skipIf(!postgres)('PostgreSQL out of reach, then back', () => {
  it('readiness says why, intake asks to retry, people are told; once back it all goes on, once', async () => {
    const w = await pgWorld(postgres ?? sqliteBackend);
    const { store, logs } = await openStore({ databaseUrl: w.url, poolSize: 4 });
    const h = await start({ store });
    const reopenTs = await h.postAlert('FND_SNOOZED');
    const snoozeTs = await h.postAlert('FND_SA_UNOWNED');
    const form = await h.openForm('finding.snooze', 'FND_SA_UNOWNED', snoozeTs);

    await w.proxy.cut();
    expect((await get(`${h.base}/healthz`)).status).toBe(200);
    const ready = await get(`${h.base}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.json.checks).toMatchObject({ store: { ok: false, error: expect.any(String) } });
    const refused = await signedAlert(h, seed(h, 'FND_DECOY_USED'));
    expect(refused).toEqual({ status: 503, retryAfter: '10' });

    // a click and a command: acked, and the person told with the ref (the request id)
    expect((await click(h, 'FND_SNOOZED', reopenTs, 'outage-click-1')).status).toBe(200);
    const onClick = await told(h, 'outage-click-1');
    expect(onClick).toMatchObject({ via: 'response_url', user: ALICE.userId });
    expect(onClick.text).toMatch(/database is unavailable.*Nothing was changed/);
    expect((await command(h, 'reopen FND_SNOOZED', 'outage-command-1')).status).toBe(200);
    expect((await told(h, 'outage-command-1')).via).toBe('response_url');
    // a form: kept open with what was typed, the sentence on its first field
    const submitted = await form.submit({ 'Snooze for': '7 days', Reason: 'waiting on vendor' });
    expect(submitted.status).toBe(200);
    expect(Object.values(submitted.errors ?? {})).toEqual([
      expect.stringMatching(/database is unavailable.*ref/),
    ]);
    expect(h.stateChanges()).toHaveLength(0);
    expect(h.tenant.findings.get('FND_SNOOZED', Date.now())?.state).toBe('FINDING_STATE_SNOOZED');

    await w.proxy.restore();
    await waitFor(async () => (await get(`${h.base}/readyz`)).status === 200, 10_000, 'ready again');
    expect(await signedAlert(h, seed(h, 'FND_DECOY_USED'))).toMatchObject({ status: 202 });
    await waitFor(() => cardsOf(h, 'C0ALERTS').length === 1, 10_000, 'the alert posted');
    await form.submit({ 'Snooze for': '7 days', Reason: 'waiting on vendor' });
    await waitFor(() => h.slack.thread(ALICE.channelId, snoozeTs).length === 1, 10_000, 'the snooze done');
    await click(h, 'FND_SNOOZED', reopenTs, 'outage-click-2');
    await waitFor(() => h.slack.thread(ALICE.channelId, reopenTs).length === 1, 10_000, 'the reopen done');
    await settle(300);
    expect(h.stateChanges()).toHaveLength(2);
    expect(cardsOf(h, 'C0ALERTS')).toHaveLength(1);
    expect(logs.filter((l) => l.includes('store unavailable'))).toHaveLength(1);
    expect(logs.some((l) => l.includes('store answers again'))).toBe(true);
  });

  // Over 3 s at times: Slack takes the first post a second while the database is cut, then back.
  it('alerts being delivered when the database goes: each posted once after it is back, none lost', async () => {
    const w = await pgWorld(postgres ?? sqliteBackend);
    const { store } = await openStore({ databaseUrl: w.url, poolSize: 4 });
    const h = await start({ store });
    // Slack takes the first post slowly: the database goes while it is on its way
    h.slack.fail({ method: 'chat.postMessage', latencyMs: 1_000, times: 1 });
    const ids = ['FND_DECOY_USED', 'FND_CRED_EXPOSED', 'FND_UNUSED_SECRET'];
    for (const id of ids) expect(await signedAlert(h, seed(h, id))).toMatchObject({ status: 202 });
    await waitFor(
      async () => (await store.listOutbox({ status: 'sending', limit: 10 })).length > 0,
      5_000,
      'a delivery under way',
    );
    // ...and on its way: Slack has the request (a worker still taking its pacing slot in the store
    // when the database goes would not post at all, which is another test's case).
    await waitFor(() => h.slack.callsOf('chat.postMessage').length > 0, 5_000, 'the first post sent');
    await w.proxy.cut();
    await waitFor(() => cardsOf(h, 'C0ALERTS').length === 1, 5_000, 'Slack took the first post');
    await settle(500);
    await w.proxy.restore();
    await waitFor(
      async () => (await store.outboxStats(Date.now())).sent === ids.length,
      15_000,
      'every alert recorded as sent',
    );
    const posted = cardsOf(h, 'C0ALERTS').map((m) => JSON.stringify(m.blocks));
    expect(posted).toHaveLength(ids.length);
    for (const id of ids) expect(posted.filter((b) => b.includes(id))).toHaveLength(1);
    // the one Slack had taken was found in the channel, not posted again
    expect(h.logs.join('')).toContain('found this alert already posted by an earlier attempt');
  });

  it('connections ended while a change is at the tenant, and while idle: the change finishes, no one is told of a failure', async () => {
    const w = await pgWorld(postgres ?? sqliteBackend);
    const { store } = await openStore({ databaseUrl: w.url, poolSize: 4 });
    const h = await start({ store, requestTimeoutMs: 3_000 });
    const ts = await h.postAlert('FND_SNOOZED');
    h.tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs: 600 });
    await h.click('finding.reopen', 'FND_SNOOZED', ts);
    await waitFor(() => h.stateChanges().length === 1, 5_000, 'the change at the tenant');
    expect(await w.terminate()).toBeGreaterThan(0);
    await waitFor(() => h.slack.thread(ALICE.channelId, ts).length === 1, 10_000, 'the thread reply');
    expect(JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks)).toContain('Open');
    const [entry] = await store.auditLog({ findingId: 'FND_SNOOZED', limit: 5 });
    expect(entry).toMatchObject({ action: 'reopen', outcome: 'ok' });
    // idle again, ended again: the next alert goes through as if nothing happened
    await w.terminate();
    expect(await signedAlert(h, seed(h, 'FND_DECOY_USED'))).toMatchObject({ status: 202 });
    await waitFor(() => cardsOf(h, 'C0ALERTS').length === 1, 10_000, 'the alert posted');
    expect(h.slack.ephemerals).toEqual([]);
    expect(h.stateChanges()).toHaveLength(1);
  });
});

describe('SQLite locked by another process', () => {
  it('an error, not an exit: people told, intake 503 with Retry-After, unready; then it goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-locked-'));
    dirs.push(dir);
    const file = join(dir, 'warden.sqlite');
    const { store } = await openStore({ sqliteFile: file, busyTimeoutMs: 150 });
    const h = await start({ store });
    const ts = await h.postAlert('FND_SNOOZED');
    const other = new Sqlite(file);
    other.exec('begin exclusive');
    try {
      expect((await click(h, 'FND_SNOOZED', ts, 'locked-click-1')).status).toBe(200);
      expect((await told(h, 'locked-click-1')).text).toMatch(/database is unavailable/);
      expect(await signedAlert(h, seed(h, 'FND_DECOY_USED'))).toEqual({ status: 503, retryAfter: '10' });
      const ready = await get(`${h.base}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.json.checks).toMatchObject({
        store: { ok: false, error: expect.stringMatching(/locked/) },
      });
      expect((await get(`${h.base}/healthz`)).status).toBe(200);
    } finally {
      other.exec('rollback');
      other.close();
    }
    await waitFor(async () => (await get(`${h.base}/readyz`)).status === 200, 10_000, 'ready again');
    await click(h, 'FND_SNOOZED', ts, 'locked-click-2');
    await waitFor(() => h.slack.thread(ALICE.channelId, ts).length === 1, 10_000, 'the reopen done');
    expect(await signedAlert(h, seed(h, 'FND_DECOY_USED'))).toMatchObject({ status: 202 });
    await waitFor(() => cardsOf(h, 'C0ALERTS').length === 1, 10_000, 'the alert posted');
    expect(h.stateChanges()).toHaveLength(1);
  });
});
