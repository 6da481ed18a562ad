import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createLocalSlack, type LocalSlack } from '../src/index.js';
import { startReceiver } from './event-receiver.js';
import { api } from './slack-api.js';

/**
 * The App Home as Slack runs it: views.publish keeps one view id per person; opening the Home
 * sends app_home_opened to the app (signed JSON to its Request URL, or Socket Mode), retried as
 * Slack retries events the app did not take within 3 s.
 */

let slack: LocalSlack;
const cleanups: (() => Promise<void>)[] = [];
beforeEach(async () => {
  slack = await createLocalSlack();
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await slack.close();
});

const HOME = { type: 'home', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Your findings' } }] };

async function receiver(answer?: Parameters<typeof startReceiver>[1]) {
  const r = await startReceiver(() => slack.signingSecret, answer);
  cleanups.push(r.close);
  return r;
}

describe('views.publish', () => {
  it('keeps the Home view id of a person from one publish to the next, with a new hash', async () => {
    const first = (await api(slack, 'views.publish', { user_id: 'U0ALICE', view: HOME })).view as Record<
      string,
      unknown
    >;
    expect(first).toMatchObject({
      type: 'home',
      team_id: 'T0WARDEN',
      blocks: HOME.blocks,
      root_view_id: first.id,
    });
    const again = await api(slack, 'views.publish', { user_id: 'U0ALICE', view: HOME, hash: first.hash });
    expect(again).toMatchObject({ ok: true, view: { id: first.id } });
    expect((again.view as { hash: string }).hash).not.toBe(first.hash);
    const bob = (await api(slack, 'views.publish', { user_id: 'U0BOB', view: HOME })).view as { id: string };
    expect(bob.id).not.toBe(first.id);
    // Publishing over a newer Home tab with an old hash is refused.
    expect(await api(slack, 'views.publish', { user_id: 'U0ALICE', view: HOME, hash: first.hash })).toEqual({
      ok: false,
      error: 'hash_conflict',
    });
  });
});

describe('app_home_opened over HTTP', () => {
  it('is a signed JSON event callback carrying the published Home view with its id', async () => {
    const r = await receiver();
    const published = (await api(slack, 'views.publish', { user_id: 'U0CAROL', view: HOME })).view as {
      id: string;
    };
    const delivery = await slack.openHome('U0CAROL', { url: r.url });
    expect(delivery).toMatchObject({ delivered: true, status: 200, retries: 0, type: 'app_home_opened' });
    const [got] = r.received;
    expect(got?.signed).toBe(true);
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers).not.toHaveProperty('x-slack-retry-num');
    expect(got?.json).toMatchObject({
      token: 'legacy',
      team_id: 'T0WARDEN',
      api_app_id: 'A0WARDEN',
      type: 'event_callback',
      event_id: delivery.eventId,
      event_time: expect.any(Number),
      authorizations: [
        { team_id: 'T0WARDEN', user_id: 'U0WARDENBOT', is_bot: true, is_enterprise_install: false },
      ],
      is_ext_shared_channel: false,
      event: {
        type: 'app_home_opened',
        user: 'U0CAROL',
        channel: 'D0CAROL',
        tab: 'home',
        event_ts: expect.stringMatching(/^\d+\.\d{6}$/),
        view: { id: published.id, type: 'home', blocks: HOME.blocks },
      },
    });
    expect(delivery.eventId).toMatch(/^Ev[A-Z0-9]+$/);
    expect(slack.events).toEqual([delivery]);
  });

  it('carries no view for a person who has no Home tab yet; bots and deactivated people cannot open it', async () => {
    const r = await receiver();
    await slack.openHome('U0DAVE', { url: r.url });
    expect(r.received[0]?.json.event).not.toHaveProperty('view');
    expect(() => slack.openHome('U0BOTTY', { url: r.url })).toThrow();
    expect(() => slack.openHome('U0FRANK', { url: r.url })).toThrow();
  });

  // Over 3 s by nature: Slack's own 3 s deadline is what is tested.
  it('is sent again when the app takes more than 3 s, without waiting for its late answer', async () => {
    const r = await receiver((n) => ({ delayMs: n === 0 ? 4_000 : 0 }));
    const started = Date.now();
    const delivery = await slack.openHome('U0ALICE', { url: r.url });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(Date.now() - started).toBeLessThan(3_900);
    expect(delivery.attempts.map((a) => a.outcome)).toEqual(['http_timeout', 'delivered']);
    expect(delivery).toMatchObject({ delivered: true, retries: 1, status: 200 });
    expect(r.received[1]?.headers).toMatchObject({
      'x-slack-retry-num': '1',
      'x-slack-retry-reason': 'http_timeout',
    });
    expect(r.received[1]?.signed).toBe(true);
    expect(r.received[1]?.json.event_id).toBe(r.received[0]?.json.event_id);
  }, 10_000);

  it('retries error answers up to 3 times, then gives up; X-Slack-No-Retry stops it', async () => {
    const fast = { retryDelaysMs: [0, 10, 10] };
    const failing = await receiver(() => ({ status: 500 }));
    const gaveUp = await slack.openHome('U0ALICE', { url: failing.url }, fast);
    expect(gaveUp).toMatchObject({ delivered: false, retries: 3, status: 500 });
    expect(failing.received.map((x) => x.headers['x-slack-retry-num'])).toEqual([undefined, '1', '2', '3']);
    expect(failing.received[3]?.headers['x-slack-retry-reason']).toBe('http_error');
    const refusing = await receiver(() => ({ status: 503, headers: { 'x-slack-no-retry': '1' } }));
    const stopped = await slack.openHome('U0ALICE', { url: refusing.url }, fast);
    expect(stopped).toMatchObject({ delivered: false, retries: 0, status: 503 });
    expect(refusing.received).toHaveLength(1);
  });

  it('retries an app it cannot reach (connection_failed), and drops waiting retries on close', async () => {
    const gone = await receiver();
    await gone.close();
    const unreachable = await slack.openHome('U0ALICE', { url: gone.url }, { retryDelaysMs: [0, 0, 0] });
    expect(unreachable.attempts.map((a) => a.outcome)).toEqual(Array(4).fill('connection_failed'));
    const pending = slack.openHome('U0ALICE', { url: gone.url });
    await expect.poll(() => slack.events.at(-1)?.attempts.length).toBe(2);
    await slack.close();
    // The last retry (after 1 minute) is never sent.
    expect((await pending).attempts).toHaveLength(2);
  });
});

describe('app_home_opened over Socket Mode', () => {
  it('goes in an events_api envelope with retry_attempt; an envelope not acked is sent again', async () => {
    const opened = await api(slack, 'apps.connections.open', {});
    expect(opened.ok).toBe(false); // the bot token does not open sockets: the app-level token does
    const res = await fetch(`${slack.apiUrl}apps.connections.open`, {
      method: 'POST',
      headers: { authorization: `Bearer ${slack.appToken}` },
    });
    const { url } = (await res.json()) as { url: string };
    const socket = new WebSocket(url);
    cleanups.push(async () => socket.close());
    const envelopes: Record<string, unknown>[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      if (message.type !== 'events_api') return;
      envelopes.push(message);
      // The first envelope is not acked: Slack sends it again.
      if (envelopes.length > 1) socket.send(JSON.stringify({ envelope_id: message.envelope_id }));
    });
    await expect.poll(() => slack.socket.connected).toBe(true);
    const delivery = await slack.openHome('U0ALICE', 'socket', { timeoutMs: 200 });
    expect(delivery).toMatchObject({ delivered: true, retries: 1, target: 'socket' });
    expect(envelopes).toMatchObject([
      { type: 'events_api', accepts_response_payload: false, retry_attempt: 0, retry_reason: '' },
      { type: 'events_api', retry_attempt: 1, retry_reason: 'timeout' },
    ]);
    expect(envelopes[0]?.payload).toMatchObject({
      type: 'event_callback',
      event_id: delivery.eventId,
      event: { type: 'app_home_opened', user: 'U0ALICE', channel: 'D0ALICE', tab: 'home' },
    });
  });
});
