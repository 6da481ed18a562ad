import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalSlack, type LocalSlack, METHOD_TIER } from '../src/index.js';
import { type Received, startReceiver } from './event-receiver.js';
import { api } from './slack-api.js';

/**
 * Shortcuts as Slack sends them (docs.slack.dev "Shortcuts": `message_action` and `shortcut`
 * payloads, form-encoded, signed) and chat.getPermalink as its method page documents it.
 */

let slack: LocalSlack;
let app: Awaited<ReturnType<typeof startReceiver>>;
const ALICE = { userId: 'U0ALICE', userName: 'alice', teamId: 'T0WARDEN', channelId: 'C0SECOPS' };
const MODAL = { type: 'modal', title: { type: 'plain_text', text: 'Hi' }, blocks: [] };

beforeEach(async () => {
  slack = await createLocalSlack();
  app = await startReceiver(() => slack.signingSecret);
});
afterEach(async () => {
  await slack.close();
  await app.close();
});

/** The trigger id opens a modal for the person who used the shortcut (3 s, theirs). */
async function opensModalFor(got: Received, user: string) {
  const opened = await api(slack, 'views.open', { trigger_id: got.json.trigger_id, view: MODAL });
  expect(opened.ok).toBe(true);
  expect(slack.views.get(String((opened.view as { id: string }).id))?.user).toBe(user);
}

describe('the local Slack’s shortcuts', () => {
  it('a message shortcut: a signed message_action with the message, channel, user, team, trigger_id and response_url', async () => {
    const ts = slack.postAsPerson('C0SECOPS', 'U0CAROL', 'look at <https://x.example|this>');
    const answer = await slack.messageShortcut(app.url, ALICE, 'shortcut.attach_note', ts);
    expect(answer.status).toBe(200);
    const got = app.received[0] as Received;
    expect(got.signed).toBe(true);
    expect(got.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(got.json).toMatchObject({
      type: 'message_action',
      callback_id: 'shortcut.attach_note',
      trigger_id: expect.any(String),
      message_ts: ts,
      message: { type: 'message', ts, text: 'look at <https://x.example|this>', user: 'U0CAROL' },
      channel: { id: 'C0SECOPS' },
      user: { id: 'U0ALICE', team_id: 'T0WARDEN' },
      team: { id: 'T0WARDEN' },
      response_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//),
    });
    expect(got.json).not.toHaveProperty('message.thread_ts');
    await opensModalFor(got, 'U0ALICE');
    // The response_url speaks to the channel the shortcut was used in, as Slack's does.
    const res = await request(String(got.json.response_url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'noted' }),
    });
    expect(res.statusCode).toBe(200);
    await res.body.text();
  });

  it('on a reply in a thread the message carries thread_ts; on a message the workspace lacks, no payload', async () => {
    const parent = slack.seedMessage('C0SECOPS', 'a card');
    const reply = await api(slack, 'chat.postMessage', {
      channel: 'C0SECOPS',
      thread_ts: parent,
      text: 'in thread',
    });
    await slack.messageShortcut(app.url, ALICE, 'shortcut.report_activity', String(reply.ts));
    expect(app.received[0]?.json).toMatchObject({ message: { ts: reply.ts, thread_ts: parent } });
    await expect(slack.messageShortcut(app.url, ALICE, 'shortcut.attach_note', '1.000009')).rejects.toThrow();
    expect(app.received).toHaveLength(1);
  });

  it('a global shortcut: a signed shortcut payload with user, team and trigger_id; no channel, message or response_url', async () => {
    const { channelId: _c, ...actor } = ALICE;
    await slack.globalShortcut(app.url, actor, 'shortcut.find_finding');
    const got = app.received[0] as Received;
    expect(got.signed).toBe(true);
    expect(got.json).toMatchObject({
      type: 'shortcut',
      callback_id: 'shortcut.find_finding',
      trigger_id: expect.any(String),
      user: { id: 'U0ALICE', team_id: 'T0WARDEN' },
      team: { id: 'T0WARDEN' },
    });
    for (const absent of ['channel', 'message', 'message_ts', 'response_url'])
      expect(got.json).not.toHaveProperty(absent);
    await opensModalFor(got, 'U0ALICE');
  });
});

describe('chat.getPermalink', () => {
  it('a message’s permalink; a reply’s carries its thread; channel_not_found and message_not_found', async () => {
    const ts = slack.seedMessage('C0SECOPS', 'hello');
    expect(await api(slack, 'chat.getPermalink', { channel: 'C0SECOPS', message_ts: ts })).toEqual({
      ok: true,
      channel: 'C0SECOPS',
      permalink: `https://acme.slack.example/archives/C0SECOPS/p${ts.replace('.', '')}`,
    });
    const reply = await api(slack, 'chat.postMessage', { channel: 'C0SECOPS', thread_ts: ts, text: 'r' });
    const linked = await api(slack, 'chat.getPermalink', { channel: 'C0SECOPS', message_ts: reply.ts });
    expect(linked.permalink).toBe(
      `https://acme.slack.example/archives/C0SECOPS/p${String(reply.ts).replace('.', '')}?thread_ts=${ts}&cid=C0SECOPS`,
    );
    expect(await api(slack, 'chat.getPermalink', { channel: 'not-a-channel', message_ts: ts })).toMatchObject(
      {
        ok: false,
        error: 'channel_not_found',
      },
    );
    expect(
      await api(slack, 'chat.getPermalink', { channel: 'C0SECOPS', message_ts: '1.000001' }),
    ).toMatchObject({
      ok: false,
      error: 'message_not_found',
    });
  });

  it('is rate limited as Slack documents it (special: hundreds a minute, modelled as Tier 4)', async () => {
    expect(METHOD_TIER['chat.getPermalink']).toBe(4);
    const limited = await createLocalSlack({ rateLimits: true });
    try {
      const ts = limited.seedMessage('C0SECOPS', 'hello');
      for (let i = 0; i < 100; i++)
        expect((await api(limited, 'chat.getPermalink', { channel: 'C0SECOPS', message_ts: ts })).ok).toBe(
          true,
        );
      expect(await api(limited, 'chat.getPermalink', { channel: 'C0SECOPS', message_ts: ts })).toEqual({
        ok: false,
        error: 'ratelimited',
      });
    } finally {
      await limited.close();
    }
  });
});
