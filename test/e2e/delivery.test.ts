import type { JsonFinding } from '@warden/simulators';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { signedPostSignature } from '../../src/intake/verify-signed-post.js';
import { type Harness, type HarnessOptions, harnessPerTest, settle, waitFor } from '../helpers/harness.js';
import { OPERATOR } from '../helpers/operator.js';

let h: Harness;
const startOne = harnessPerTest();
async function start(opts: HarnessOptions = {}) {
  h = await startOne(opts);
}

const seed = (id: string): JsonFinding => {
  const f = h.tenant.findings.get(id, h.clock.now());
  if (!f) throw new Error(`no seed ${id}`);
  return structuredClone(f);
};
async function send(finding: JsonFinding, channel?: string) {
  const body = JSON.stringify({ finding, ...(channel ? { channel } : {}) });
  const ts = String(Math.floor(h.clock.now() / 1000));
  const res = await request(`${h.base}/hooks/findings`, {
    method: 'POST',
    headers: {
      'x-warden-timestamp': ts,
      'x-warden-signature': signedPostSignature('test-alerts-webhook-secret', ts, body),
    },
    body,
  });
  const json = (await res.body.json()) as { id: string };
  expect(res.statusCode).toBe(202);
  return json.id;
}
const posts = () => h.slack.messages.filter((m) => !m.thread_ts);
const row = async (id: string) => (await h.warden.store.listOutbox({ limit: 500 })).find((r) => r.id === id);

describe('delivery', () => {
  it('replaces an alert already posted for the finding and says what changed, in its thread', async () => {
    await start();
    await send(seed('FND_SA_UNOWNED'));
    const first = await waitFor(() => posts()[0]);
    const again = {
      ...seed('FND_SA_UNOWNED'),
      recurrenceCount: 4,
      state: 'FINDING_STATE_SUPPRESSED',
      suppressReason: 'console',
    };
    await send(again);
    const reply = await waitFor(() => h.slack.thread(first.channel, first.ts)[0], 5_000, 'thread reply');
    expect(reply.text).toContain('State changed outside Slack: *open* → *suppressed*');
    expect(reply.text).toContain('Seen again: 4 times in all');
    expect(posts()).toHaveLength(1);
    expect(first.edited).toBe(true);
    expect(JSON.stringify(first.blocks)).toContain('Suppressed until reopened: console');
  });

  it('posts a new alert when the old message was deleted in Slack', async () => {
    await start();
    await send(seed('FND_SA_UNOWNED'));
    const first = await waitFor(() => posts()[0]);
    h.slack.deleteMessage(first.channel, first.ts);
    await send({ ...seed('FND_SA_UNOWNED'), recurrenceCount: 2 });
    const second = await waitFor(() => posts()[0]);
    expect(second.ts).not.toBe(first.ts);
  });

  it('honours a Slack 429 Retry-After, then posts once', async () => {
    // Slack's, the pacing's and the worker's time run 20 times as fast (all on the test clock)
    await start({ speed: 20 });
    h.slack.fail({ method: 'chat.postMessage', rateLimitSeconds: 1 });
    const id = await send(seed('FND_DECOY_USED'));
    await waitFor(() => posts()[0], 5_000, 'post after the 429');
    const [limited, retried] = h.slack.callsOf('chat.postMessage');
    // the second call waited out the Retry-After of the first
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(posts()).toHaveLength(1);
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(2);
    await waitFor(async () => (await row(id))?.status === 'sent', 5_000, 'the row sent');
  });

  it('a 429 pauses the whole channel: no queued alert of it is tried before Retry-After, none looks in the history', {
    timeout: 60_000,
  }, async () => {
    await start({ speed: 20 });
    h.slack.fail({ method: 'chat.postMessage', rateLimitSeconds: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await send({ ...seed('FND_DECOY_USED'), id: `FND_FLOOD_${i}` }));
    // paced: a burst of 2, then about one a second (Slack's limit for a channel)
    await waitFor(() => posts().length === 20, 40_000, 'all twenty posted');
    const calls = h.slack.callsOf('chat.postMessage');
    const limited = calls[0]?.at ?? 0;
    // the first call got the 429; every later one waited out its 2 s
    expect(calls.slice(1).every((c) => c.at - limited >= 1_900)).toBe(true);
    expect(calls).toHaveLength(21);
    expect(h.slack.callsOf('conversations.history')).toHaveLength(0);
    // each row is recorded just after Slack took its post
    await waitFor(async () => (await Promise.all(ids.map(row))).every((r) => r?.status === 'sent'));
    for (const id of ids) expect((await row(id))?.status).toBe('sent');
  });

  it('keeps alerts while Slack is down and posts each once when it is back', {
    timeout: 60_000,
  }, async () => {
    await start({ speed: 20 });
    h.slack.fail({ method: 'chat.postMessage', status: 503, times: 12 });
    const ids = [];
    for (const id of ['FND_DECOY_USED', 'FND_SA_UNOWNED', 'FND_NHI_UNOWNED', 'FND_CUSTOM', 'FND_SHADOW_MCP'])
      ids.push(await send(seed(id)));
    // every try, failed or not, takes a paced slot of the channel
    await waitFor(() => posts().length === 5, 30_000, 'all five posted');
    await settle(300);
    expect(posts()).toHaveLength(5);
    expect(new Set(posts().map((p) => JSON.stringify(p.metadata))).size).toBe(5);
    for (const id of ids) expect((await row(id))?.status).toBe('sent');
  });

  it('marks a permanent error failed with its reason, shows it in /readyz, and an operator requeue posts it', async () => {
    await start();
    h.slack.fail({ method: 'chat.postMessage', error: 'not_in_channel' });
    const id = await send(seed('FND_DECOY_USED'), 'C0NOTMEMBER');
    await waitFor(async () => (await row(id))?.status === 'failed', 5_000, 'failed row');
    expect((await row(id))?.lastError).toBe('not_in_channel');
    const ready = await request(`${h.base}/readyz`, OPERATOR);
    const body = (await ready.body.json()) as {
      ready: boolean;
      checks: { outbox: { failed: number; attention?: string } };
    };
    expect(ready.statusCode).toBe(200);
    expect(body.checks.outbox.failed).toBe(1);
    expect(body.checks.outbox.attention).toMatch(/npm run outbox/);
    expect(h.logs.join('')).toMatch(
      /alert delivery failed for good.*not_in_channel|not_in_channel.*alert delivery failed for good/,
    );
    expect(await h.warden.store.requeue({ id }, h.clock.now())).toBe(1);
    h.warden.worker.wake();
    await waitFor(async () => (await row(id))?.status === 'sent', 5_000, 'sent after requeue');
    expect(posts()).toHaveLength(1);
  });

  it('does not post twice when Slack took the post but the answer was lost (a crash before recording)', async () => {
    await start();
    h.slack.fail({ method: 'chat.postMessage', dropAfter: true });
    const id = await send(seed('FND_DECOY_USED'));
    await waitFor(async () => (await row(id))?.status === 'sent', 10_000, 'recorded');
    expect(posts()).toHaveLength(1);
    expect(h.slack.callsOf('conversations.history')).toHaveLength(1);
    expect((await row(id))?.sentTs).toBe(posts()[0]?.ts);
    expect(h.logs.join('')).toContain('found this alert already posted by an earlier attempt');
  });

  it('a worker that died holding rows: their lease runs out and another worker delivers each once', async () => {
    await start();
    const store = h.warden.store;
    await h.warden.worker.stop();
    for (const id of ['FND_DECOY_USED', 'FND_SA_UNOWNED', 'FND_NHI_UNOWNED']) await send(seed(id));
    // a worker claims them and dies before delivering anything
    const claimed = await store.claimDue('dead-worker', 10, h.clock.now(), 300);
    expect(claimed).toHaveLength(3);
    const { DeliveryWorker } = await import('../../src/delivery/worker.js');
    const { createDeliveryPorts } = await import('../../src/wiring/ports.js');
    const { createLogger } = await import('../../src/logger.js');
    const ports = createDeliveryPorts({
      store,
      token: h.slack.botToken,
      clientOptions: { slackApiUrl: h.slack.apiUrl },
      logger: createLogger('silent'),
      clock: h.clock.now,
      timers: h.clock,
    });
    const successor = new DeliveryWorker(ports, { idleMs: 50 });
    expect(await successor.runOnce()).toBe(0); // still leased
    await h.clock.advance('350ms');
    expect(await successor.runOnce()).toBe(3);
    expect(posts()).toHaveLength(3);
    expect(await successor.runOnce()).toBe(0);
  });
});
