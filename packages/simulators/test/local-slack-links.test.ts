import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalSlack, type LocalSlack, type SlackActor } from '../src/index.js';
import { type Received, startReceiver } from './event-receiver.js';
import { api } from './slack-api.js';

/**
 * App unfurls as Slack does them (docs.slack.dev "link_shared", "chat.unfurl"): link_shared for
 * the app's unfurl_domains only, from a posted message or the composer, and chat.unfurl's errors.
 */

let slack: LocalSlack;
let app: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
  slack = await createLocalSlack();
  slack.workspace.unfurlDomains.add('console.example.com');
  app = await startReceiver(() => slack.signingSecret);
});
afterEach(async () => {
  await slack.close();
  await app.close();
});

const ALICE: SlackActor = { userId: 'U0ALICE', userName: 'alice', teamId: 'T0WARDEN', channelId: 'C0SECOPS' };
const URL_A = 'https://console.example.com/findings/FND_1';
const URL_B = 'https://sub.console.example.com/campaigns/CAMP_1';
const PREVIEW = { blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Finding' } }] };
const eventOf = (r: Received | undefined) =>
  (r?.json as { event?: Record<string, unknown> } | undefined)?.event;

async function posted(text = `see <${URL_A}|this> and ${URL_B} and https://elsewhere.example.org/x`) {
  const shared = await slack.shareLinks(ALICE, text, { url: app.url });
  return { ...shared, ts: shared.message.ts };
}

describe('link_shared', () => {
  it('a posted message: the app’s links only (subdomains too), with channel, ts and unfurl id', async () => {
    const { message, delivery } = await posted();
    expect(delivery?.delivered).toBe(true);
    expect(app.received[0]?.signed).toBe(true);
    expect(eventOf(app.received[0])).toEqual({
      type: 'link_shared',
      channel: 'C0SECOPS',
      is_bot_user_member: true,
      user: 'U0ALICE',
      message_ts: message.ts,
      unfurl_id: expect.stringMatching(/^C0SECOPS\./),
      source: 'conversations_history',
      links: [
        { domain: 'console.example.com', url: URL_A },
        { domain: 'console.example.com', url: URL_B },
      ],
      event_ts: message.ts,
    });
    expect(slack.workspace.message('C0SECOPS', message.ts)?.user).toBe('U0ALICE');
  });

  it('no link of the app’s: the message is posted, no event', async () => {
    const { delivery } = await posted('nothing here https://elsewhere.example.org/findings/FND_1');
    expect(delivery).toBeUndefined();
    expect(app.received).toEqual([]);
  });

  it('the composer: channel COMPOSER, the unfurl id as message_ts, nothing posted; chat.unfurl by unfurl_id + source', async () => {
    const before = slack.messages.length;
    const { message } = await slack.shareLinks(ALICE, URL_A, { url: app.url }, { composer: true });
    const e = eventOf(app.received[0]) ?? {};
    expect(e).toMatchObject({
      type: 'link_shared',
      channel: 'COMPOSER',
      user: 'U0ALICE',
      source: 'composer',
    });
    expect(e.message_ts).toBe(e.unfurl_id);
    expect(String(e.unfurl_id)).toMatch(/^U0ALICE-/);
    expect(slack.messages.length).toBe(before);
    const id = String(e.unfurl_id);
    // The id is the composer's: as conversations_history it names nothing.
    expect(
      await api(slack, 'chat.unfurl', {
        unfurl_id: id,
        source: 'conversations_history',
        unfurls: { [URL_A]: PREVIEW },
      }),
    ).toEqual({ ok: false, error: 'cannot_find_message' });
    expect(
      await api(slack, 'chat.unfurl', { unfurl_id: id, source: 'composer', unfurls: { [URL_A]: PREVIEW } }),
    ).toEqual({
      ok: true,
    });
    expect(message.unfurls?.[URL_A]).toEqual(PREVIEW);
  });
});

describe('chat.unfurl', () => {
  it('neither channel + ts nor unfurl_id + source: invalid_arguments', async () => {
    const { ts } = await posted();
    expect(await api(slack, 'chat.unfurl', { ts, unfurls: { [URL_A]: PREVIEW } })).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
    });
    expect(await api(slack, 'chat.unfurl', { unfurl_id: 'x', unfurls: { [URL_A]: PREVIEW } })).toMatchObject({
      error: 'invalid_arguments',
    });
  });

  it('a message or unfurl id that is not there: cannot_find_channel / cannot_find_message', async () => {
    await posted();
    const unfurls = { [URL_A]: PREVIEW };
    expect(await api(slack, 'chat.unfurl', { channel: 'C0SECOPS', ts: '1.000001', unfurls })).toMatchObject({
      error: 'cannot_find_channel',
    });
    expect(
      await api(slack, 'chat.unfurl', {
        unfurl_id: 'C0SECOPS.1.L9',
        source: 'conversations_history',
        unfurls,
      }),
    ).toMatchObject({ error: 'cannot_find_message' });
  });

  it('no unfurls: missing_unfurls; not a map of previews: invalid_unfurls_format', async () => {
    const { ts } = await posted();
    const at = { channel: 'C0SECOPS', ts };
    expect(await api(slack, 'chat.unfurl', at)).toMatchObject({ error: 'missing_unfurls' });
    for (const unfurls of [{}, 'text', [PREVIEW], { [URL_A]: 'text' }, { [URL_A]: { text: 'no blocks' } }])
      expect(await api(slack, 'chat.unfurl', { ...at, unfurls })).toMatchObject({
        ok: false,
        error: 'invalid_unfurls_format',
      });
  });

  it('a URL that is not one of the message’s app links: cannot_unfurl_url, nothing set', async () => {
    const { ts, message } = await posted();
    const other = 'https://elsewhere.example.org/x';
    expect(
      await api(slack, 'chat.unfurl', {
        channel: 'C0SECOPS',
        ts,
        unfurls: { [URL_A]: PREVIEW, [other]: PREVIEW },
      }),
    ).toMatchObject({ ok: false, error: 'cannot_unfurl_url' });
    expect(message.unfurls).toBeUndefined();
  });

  it('blocks over Block Kit’s limits: invalid_unfurls_format with the reason; within them, set on the message', async () => {
    const { ts, message } = await posted();
    const header = (n: number) => ({
      blocks: [{ type: 'header', text: { type: 'plain_text', text: 'h'.repeat(n) } }],
    });
    const tooLong = await api(slack, 'chat.unfurl', {
      channel: 'C0SECOPS',
      ts,
      unfurls: { [URL_A]: header(151) },
    });
    expect(tooLong).toMatchObject({ ok: false, error: 'invalid_unfurls_format' });
    expect(JSON.stringify(tooLong.errors)).toMatch(/150/);
    const many = { blocks: Array.from({ length: 51 }, () => PREVIEW.blocks[0]) };
    expect(
      await api(slack, 'chat.unfurl', { channel: 'C0SECOPS', ts, unfurls: { [URL_A]: many } }),
    ).toMatchObject({
      error: 'invalid_unfurls_format',
    });
    expect(message.unfurls).toBeUndefined();
    expect(
      await api(slack, 'chat.unfurl', {
        channel: 'C0SECOPS',
        ts,
        unfurls: { [URL_A]: header(150), [URL_B]: PREVIEW },
      }),
    ).toEqual({ ok: true });
    expect(Object.keys(message.unfurls ?? {})).toEqual([URL_A, URL_B]);
  });
});
