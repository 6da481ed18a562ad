import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { blockActionBody, postSigned, signedPostHeaders, slashCommandBody } from '@warden/simulators';
import { request } from 'undici';
import { describe, expect, it, onTestFailed } from 'vitest';
import { createStore } from '../../src/store/create-store.js';
import { ALICE } from '../helpers/actors.js';
import { OPERATOR } from '../helpers/operator.js';
import { pgOutages } from '../helpers/pg-outage.js';
import { backends, type ProcessWorld, processWorlds, type WardenProcess } from '../helpers/processes.js';
import { sqliteBackend } from '../helpers/stores.js';
import { settle, waitFor } from '../helpers/wait.js';

/**
 * Warden as operators run it (its own processes) through a store outage: nothing exits, each
 * replica says it is not ready and why, and when the store is back they go on by themselves.
 */
const world = processWorlds();
const pgWorld = pgOutages();
const postgres = backends().find((b) => b.name === 'postgres');
const sqlite = backends().find((b) => b.name === 'sqlite');
const SECRET = 'test-alerts-webhook-secret-proc';

const get = async (url: string) => {
  const res = await request(url, OPERATOR);
  const text = await res.body.text();
  return { status: res.statusCode, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
};

async function signedAlert(p: WardenProcess, finding: unknown) {
  const body = JSON.stringify({ finding, channel: 'C0ALERTS' });
  const res = await request(`${p.url}/hooks/findings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signedPostHeaders(SECRET, body) },
    body,
  });
  await res.body.dump();
  return { status: res.statusCode, retryAfter: res.headers['retry-after'] };
}

function command(w: ProcessWorld, p: WardenProcess, text: string, requestId?: string) {
  const body = slashCommandBody(ALICE, {
    text,
    triggerId: w.slack.issueTriggerId(),
    responseUrl: w.slack.responseUrl(undefined, { user: ALICE.userId, channel: ALICE.channelId }),
  });
  const headers = requestId ? { 'x-request-id': requestId } : undefined;
  return postSigned(`${p.url}/slack/events`, body, w.slack.signingSecret, headers ? { headers } : {});
}

const alive = (p: WardenProcess) => p.child.exitCode === null && p.child.signalCode === null;
const seed = (w: ProcessWorld, id: string) => structuredClone(w.tenant.findings.get(id, Date.now()));

describe.skipIf(!postgres)('two replicas on PostgreSQL through one outage', () => {
  // Over 3 s of real time by nature: two processes, an outage they live through, a lease to lapse.
  it('both unready with the reason and alive; intake 503 + Retry-After; afterwards the queue, clicks and the interrupted change go on, once', async () => {
    const pg = await pgWorld(postgres ?? sqliteBackend);
    const w = await world(postgres ?? sqliteBackend);
    const env = {
      DATABASE_URL: pg.url,
      ALERTS_WEBHOOK_SECRET: SECRET,
      // a change's deadline of 3 s: one the outage interrupted is an orphan soon after
      TENANT_REQUEST_TIMEOUT: '1s',
      TENANT_MAX_RETRIES: '0',
    };
    const [a, b] = await w.startTwo(env);
    await command(w, a, 'show FND_SNOOZED');
    const card = await waitFor(() => w.slack.messages.find((m) => !m.thread_ts), 10_000, 'the card');

    // a change is at the tenant (2 s) when the database goes away
    w.tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs: 2_000 });
    await command(w, a, 'reopen FND_SNOOZED');
    await waitFor(() => w.tenant.requests.some((r) => r.path.endsWith('/state')), 10_000, 'the change sent');
    await pg.proxy.cut();
    for (const p of [a, b]) {
      expect((await get(`${p.url}/healthz`)).status).toBe(200);
      const ready = await get(`${p.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.json.checks).toMatchObject({ store: { ok: false, error: expect.any(String) } });
      expect(await signedAlert(p, seed(w, 'FND_DECOY_USED'))).toEqual({ status: 503, retryAfter: '10' });
    }
    const click = blockActionBody(ALICE, {
      actionId: 'finding.snooze',
      value: 'FND_SNOOZED',
      messageTs: card.ts,
      triggerId: w.slack.issueTriggerId(),
      responseUrl: w.slack.responseUrl(undefined, { user: ALICE.userId, channel: ALICE.channelId }),
    });
    const clicked = await postSigned(`${b.url}/slack/events`, click, w.slack.signingSecret, {
      headers: { 'x-request-id': 'replica-b-click' },
    });
    expect(clicked.status).toBe(200);
    const told = await waitFor(() => w.slack.ephemerals.find((e) => e.text.includes('replica-b-click')));
    expect(told.text).toMatch(/database is unavailable/);
    await waitFor(
      () => w.tenant.findings.get('FND_SNOOZED', Date.now())?.state === 'FINDING_STATE_OPEN',
      10_000,
      'the tenant to apply the change',
    );
    await settle(1_500);
    expect([a, b].every(alive)).toBe(true);

    await pg.proxy.restore();
    for (const p of [a, b])
      await waitFor(async () => (await get(`${p.url}/readyz`)).status === 200, 15_000, 'ready again');
    // the sender retries, on either replica: one alert, one card
    expect(await signedAlert(b, seed(w, 'FND_DECOY_USED'))).toMatchObject({ status: 202 });
    expect(await signedAlert(a, seed(w, 'FND_DECOY_USED'))).toMatchObject({ status: 202 });
    await waitFor(() => w.slack.messages.some((m) => m.channel === 'C0ALERTS'), 15_000, 'the alert posted');
    // the change the outage interrupted: reconciled, the card shows it, the thread is told
    await waitFor(() => JSON.stringify(card.blocks).includes('Open'), 15_000, 'the card updated');
    await waitFor(() => w.slack.thread(card.channel, card.ts).length === 1, 10_000, 'the thread reply');
    const outcome = await waitFor(() => w.slack.ephemerals.find((e) => /had applied it/.test(e.text)));
    expect(outcome.text).toMatch(/reopen finding `FND_SNOOZED`/);
    // and people's requests are taken again
    await command(w, b, 'show FND_SA_UNOWNED');
    await waitFor(
      () => w.slack.messages.some((m) => JSON.stringify(m.blocks).includes('FND_SA_UNOWNED')),
      10_000,
      'the card shown',
    );
    await settle(1_000);
    expect(w.slack.messages.filter((m) => m.channel === 'C0ALERTS')).toHaveLength(1);
    expect(w.slack.thread(card.channel, card.ts)).toHaveLength(1);
    expect(w.tenant.requests.filter((r) => r.path.endsWith('/state'))).toHaveLength(1);
    expect([a, b].every(alive)).toBe(true);
    const output = [...a.output, ...b.output].join('');
    expect(output).not.toMatch(/Unhandled|uncaught/i);
    expect(output).toMatch(/store unavailable/);
    expect(output).toMatch(/store answers again/);
  }, 60_000);
});

/** `nobody`, for a process that must not be able to write the file (root writes any file). */
function nobody(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}
const unprivileged = nobody();

describe.skipIf(!sqlite || !unprivileged)('SQLite file Warden may not write', () => {
  it('starts and stays up: people told, intake 503 + Retry-After, readiness names the cause', async () => {
    const w = await world(sqlite ?? sqliteBackend);
    const dir = w.storeEnv.WARDEN_DATA_DIR ?? '';
    const made = await createStore({ dataDir: dir });
    await made.close();
    chmodSync(dir, 0o777);
    for (const suffix of ['', '-wal', '-shm']) {
      const file = join(dir, `warden.sqlite${suffix}`);
      if (existsSync(file)) chmodSync(file, 0o444);
    }
    const p = await w.start({ ALERTS_WEBHOOK_SECRET: SECRET }, unprivileged);
    // Failed in loaded CI runs and never alone: Warden's own words then say where it stood.
    onTestFailed(() => {
      process.stderr.write(`Warden (as nobody) said:\n${p.output.join('')}\n`);
    });
    expect((await command(w, p, 'show FND_SNOOZED', 'read-only-cmd')).status).toBe(200);
    const told = await waitFor(() => w.slack.ephemerals.find((e) => e.text.includes('read-only-cmd')));
    expect(told.text).toMatch(/database is unavailable/);
    expect(await signedAlert(p, seed(w, 'FND_DECOY_USED'))).toEqual({ status: 503, retryAfter: '10' });
    const ready = await waitFor(async () => {
      const r = await get(`${p.url}/readyz`);
      return r.status === 503 ? r : undefined;
    });
    expect(ready.json.checks).toMatchObject({
      store: { ok: false, error: expect.stringMatching(/readonly/) },
    });
    expect((await get(`${p.url}/healthz`)).status).toBe(200);
    await settle(500);
    expect(alive(p)).toBe(true);
    expect(p.output.join('')).not.toMatch(/Unhandled|uncaught/i);
  }, 30_000);
});
