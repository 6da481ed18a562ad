import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { streamChanges } from '../src/slack/event-stream.js';
import { createLocalSlack, type LocalSlack } from '../src/slack/server.js';

/**
 * The local Slack tells a client what changed (the demo page's event stream), knows whose modal
 * a trigger opened and whom a response_url answers, keeps Home tabs, and shows a shared file as
 * a message in its channel.
 */

let slack: LocalSlack;
beforeEach(async () => {
  slack = await createLocalSlack();
});
afterEach(() => slack.close());

async function api(method: string, args: Record<string, unknown>) {
  const res = await request(`${slack.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${slack.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  return (await res.body.json()) as Record<string, unknown>;
}

/** Opens the stream and collects its events until `until` holds. */
async function events(
  until: (seen: { event: string; data: unknown }[]) => boolean,
  act: () => Promise<void>,
) {
  const res = await request(`${slack.url}/events`);
  const seen: { event: string; data: unknown }[] = [];
  let buffer = '';
  let acted = false;
  for await (const chunk of res.body) {
    buffer += String(chunk);
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(frame)?.[1];
      const data = /^data: (.+)$/m.exec(frame)?.[1];
      if (event && data) seen.push({ event, data: JSON.parse(data) });
    }
    if (!acted && seen.length > 0) {
      acted = true;
      await act();
    }
    if (until(seen)) break;
  }
  res.body.destroy();
  return seen;
}

describe('the local Slack pushes its changes', () => {
  beforeEach(() => {
    slack.route((req, res, path) => {
      if (path !== '/events') return false;
      streamChanges(slack.workspace, req, res, {
        snapshot: () => ({ messages: slack.messages.length }),
        select: (change) =>
          change.kind === 'ephemeral' && change.ephemeral.user !== 'U0ALICE' ? undefined : change,
      });
      return true;
    });
  });

  it('sends a snapshot, then each change it may see, as server-sent events', async () => {
    const seen = await events(
      (s) => s.length >= 4,
      async () => {
        const posted = await api('chat.postMessage', { channel: 'C0SECOPS', text: 'first' });
        await api('chat.update', { channel: 'C0SECOPS', ts: posted.ts, text: 'changed' });
        await api('chat.postEphemeral', { channel: 'C0SECOPS', user: 'U0BOB', text: 'for bob' });
        await api('chat.postEphemeral', { channel: 'C0SECOPS', user: 'U0ALICE', text: 'for alice' });
      },
    );
    expect(seen.map((e) => e.event)).toEqual(['snapshot', 'change', 'change', 'change']);
    expect(seen[0]?.data).toEqual({ messages: 0 });
    expect(seen.slice(1).map((e) => e.data)).toMatchObject([
      { kind: 'message', message: { text: 'first' } },
      { kind: 'message', message: { text: 'changed', edited: true } },
      { kind: 'ephemeral', ephemeral: { user: 'U0ALICE', text: 'for alice', ts: expect.any(String) } },
    ]);
  });
});

describe('the local Slack knows who is who', () => {
  it('gives a modal to the person whose click carried the trigger', async () => {
    const opened = await api('views.open', {
      trigger_id: slack.issueTriggerId('U0CAROL'),
      view: { type: 'modal', title: { type: 'plain_text', text: 'Hi' }, blocks: [] },
    });
    const id = String((opened.view as { id: string }).id);
    expect(slack.views.get(id)?.user).toBe('U0CAROL');
  });

  it('shows what a response_url posts to the person it answers, in their channel', async () => {
    const url = slack.responseUrl(undefined, { user: 'U0GUEST', channel: 'C0SECOPS' });
    await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'only you' }),
    }).then((r) => r.body.dump());
    expect(slack.ephemerals.at(-1)).toMatchObject({ user: 'U0GUEST', channel: 'C0SECOPS', text: 'only you' });
  });

  it('keeps a Home tab per person (views.publish), refusing what is not a home view', async () => {
    const home = { type: 'home', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Hello' } }] };
    expect((await api('views.publish', { user_id: 'U0ALICE', view: home })).ok).toBe(true);
    expect(slack.workspace.homes.get('U0ALICE')).toEqual(home);
    expect(await api('views.publish', { user_id: 'U0NOBODY', view: home })).toMatchObject({
      error: 'user_not_found',
    });
    expect(await api('views.publish', { user_id: 'U0ALICE', view: { type: 'modal' } })).toMatchObject({
      error: 'invalid_arguments',
    });
  });

  it('shows a file shared to a DM as a message there, with its comment', async () => {
    const upload = await api('files.getUploadURLExternal', { filename: 'list.csv', length: 4 });
    await request(String(upload.upload_url), { method: 'POST', body: 'a,b\n' }).then((r) => r.body.dump());
    const done = await api('files.completeUploadExternal', {
      files: [{ id: upload.file_id, title: 'The list' }],
      channel_id: 'D0ALICE',
      initial_comment: 'Here it is',
    });
    expect(done.ok).toBe(true);
    expect(slack.messages.at(-1)).toMatchObject({
      channel: 'D0ALICE',
      text: 'Here it is',
      files: [{ id: upload.file_id, name: 'list.csv', title: 'The list', size: 4 }],
    });
  });
});
