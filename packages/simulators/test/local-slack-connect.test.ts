import { afterEach, describe, expect, it } from 'vitest';
import { createLocalSlack, type LocalSlack } from '../src/index.js';
import { startReceiver } from './event-receiver.js';
import { api } from './slack-api.js';

/**
 * Slack Connect as the local Slack shows it to an app (conversations.ts): a channel's
 * `is_ext_shared`; the app's own DM with a person as an IM object naming that person (no
 * `is_ext_shared` on an IM: their own team says where they are from); a DM between two people the
 * app is not in: `channel_not_found`; and the Events API envelope's `is_ext_shared_channel`.
 */
let slack: LocalSlack | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
  await slack?.close();
});

describe('local Slack: conversations shared with another organisation', () => {
  it('answers conversations.info and .members for channels, the app’s DMs and DMs it is not in', async () => {
    slack = await createLocalSlack();
    const s = slack;
    s.shareExternally('C0SHARED', true);
    expect(await api(s, 'conversations.info', { channel: 'C0SHARED' })).toMatchObject({
      ok: true,
      channel: { id: 'C0SHARED', is_ext_shared: true, is_im: false },
    });
    expect(await api(s, 'conversations.info', { channel: 'C0SECOPS' })).toMatchObject({
      channel: { is_ext_shared: false },
    });
    const dm = await api(s, 'conversations.info', { channel: 'D0EXTERNAL' });
    expect(dm).toMatchObject({ ok: true, channel: { id: 'D0EXTERNAL', is_im: true, user: 'U0EXTERNAL' } });
    expect(dm.channel).not.toHaveProperty('is_ext_shared');
    expect(await api(s, 'conversations.members', { channel: 'D0EXTERNAL' })).toMatchObject({
      members: ['U0WARDENBOT', 'U0EXTERNAL'],
    });
    expect(await api(s, 'users.info', { user: 'U0EXTERNAL' })).toMatchObject({
      user: { team_id: 'T0PARTNER' },
    });
    const between = s.directMessage('U0ALICE', 'U0EXTERNAL');
    expect(await api(s, 'conversations.info', { channel: between })).toEqual({
      ok: false,
      error: 'channel_not_found',
    });
    expect(await api(s, 'conversations.members', { channel: between })).toEqual({
      ok: false,
      error: 'channel_not_found',
    });
  });

  it('marks the event envelope of a shared conversation (a channel, a DM with an outsider)', async () => {
    slack = await createLocalSlack();
    const s = slack;
    const r = await startReceiver(() => s.signingSecret);
    closers.push(() => r.close());
    s.shareExternally('C0SHARED', true);
    const withEve = s.directMessage('U0ALICE', 'U0EXTERNAL');
    const withBob = s.directMessage('U0ALICE', 'U0BOB');
    for (const channel of ['C0SHARED', 'C0SECOPS', withEve, withBob])
      await s.sendEvent({ type: 'link_shared', channel, user: 'U0ALICE', links: [] }, { url: r.url });
    expect(
      r.received.map((x) => (x.json as { is_ext_shared_channel: boolean }).is_ext_shared_channel),
    ).toEqual([true, false, true, false]);
  });
});
