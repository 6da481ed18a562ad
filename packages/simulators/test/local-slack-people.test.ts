import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalSlack, type LocalSlack } from '../src/index.js';
import { api } from './slack-api.js';

/**
 * The people of the local Slack as the Web API shows them: users.lookupByEmail, a person whose
 * email is hidden, a deactivated one, DMs only with people who can have them, archived channels.
 */

let slack: LocalSlack;
beforeEach(async () => {
  slack = await createLocalSlack();
});
afterEach(() => slack.close());

const lookup = (email: string) => api(slack, 'users.lookupByEmail', { email });

describe('users.lookupByEmail', () => {
  it('finds a person by email, whatever the case, in the same shape as users.info', async () => {
    const found = await lookup('Alice@ACME.example');
    expect(found).toEqual({ ok: true, user: (await api(slack, 'users.info', { user: 'U0ALICE' })).user });
    expect(found.user).toMatchObject({
      id: 'U0ALICE',
      deleted: false,
      team_id: 'T0WARDEN',
      tz: 'Europe/Berlin',
    });
    // A guest is a person of the workspace: found, and shown as a guest.
    expect(await lookup('gus@partner.example')).toMatchObject({
      ok: true,
      user: { id: 'U0GUEST', is_restricted: true },
    });
  });

  it('finds a person of another organisation in a shared channel, with their own team', async () => {
    expect(await lookup('eve@partner.example')).toMatchObject({
      ok: true,
      user: { id: 'U0EXTERNAL', team_id: 'T0PARTNER' },
    });
  });

  it('does not find unknown emails, deactivated people, hidden emails or bots', async () => {
    for (const email of ['nobody@acme.example', 'frank@acme.example', 'hanna@acme.example']) {
      expect(await lookup(email), email).toEqual({ ok: false, error: 'users_not_found' });
    }
    expect(await api(slack, 'users.lookupByEmail', {})).toEqual({ ok: false, error: 'invalid_arguments' });
  });

  it('follows a person deactivated or hidden later', async () => {
    expect((await lookup('bob@acme.example')).ok).toBe(true);
    slack.deleteUser('U0BOB');
    expect(await lookup('bob@acme.example')).toEqual({ ok: false, error: 'users_not_found' });
    slack.hideEmail('U0CAROL');
    expect(await lookup('carol@acme.example')).toEqual({ ok: false, error: 'users_not_found' });
    expect((await api(slack, 'users.info', { user: 'U0CAROL' })).user).not.toHaveProperty('profile.email');
  });
});

describe('users.info', () => {
  it('shows Hanna without an email and Frank as deleted, the others as before', async () => {
    const hanna = await api(slack, 'users.info', { user: 'U0HANNA' });
    expect(hanna).toMatchObject({ ok: true, user: { name: 'hanna', tz: 'Europe/Paris', deleted: false } });
    expect(hanna.user).toMatchObject({ profile: { real_name: 'Hanna Hidden' } });
    expect(hanna.user).not.toHaveProperty('profile.email');
    expect(await api(slack, 'users.info', { user: 'U0FRANK' })).toMatchObject({
      ok: true,
      user: { id: 'U0FRANK', deleted: true, profile: { email: 'frank@acme.example' } },
    });
    expect(await api(slack, 'users.info', { user: 'U0BOB' })).toMatchObject({
      user: { deleted: false, profile: { email: 'bob@acme.example', real_name: 'Bob Brown' } },
    });
  });
});

describe('conversations.open', () => {
  it('opens a DM with a person, where a post then works', async () => {
    expect(await api(slack, 'conversations.open', { users: 'U0ALICE' })).toEqual({
      ok: true,
      channel: { id: 'D0ALICE' },
    });
    expect((await api(slack, 'chat.postMessage', { channel: 'D0ALICE', text: 'hi' })).ok).toBe(true);
  });

  it('refuses bots, deactivated people and unknown ids as Slack does', async () => {
    expect(await api(slack, 'conversations.open', { users: 'U0BOTTY' })).toEqual({
      ok: false,
      error: 'cannot_dm_bot',
    });
    expect(await api(slack, 'conversations.open', { users: 'U0FRANK' })).toEqual({
      ok: false,
      error: 'user_disabled',
    });
    expect(await api(slack, 'conversations.open', { users: 'U0NOBODY' })).toEqual({
      ok: false,
      error: 'user_not_found',
    });
  });
});

describe('archived channels', () => {
  it('take no new message, edit or ephemeral message', async () => {
    const posted = await api(slack, 'chat.postMessage', { channel: 'C0SECOPS', text: 'before' });
    slack.archiveChannel('C0SECOPS');
    expect(await api(slack, 'chat.postMessage', { channel: 'C0SECOPS', text: 'after' })).toEqual({
      ok: false,
      error: 'is_archived',
    });
    expect(await api(slack, 'chat.update', { channel: 'C0SECOPS', ts: posted.ts, text: 'edit' })).toEqual({
      ok: false,
      error: 'is_archived',
    });
    expect(
      await api(slack, 'chat.postEphemeral', { channel: 'C0SECOPS', user: 'U0ALICE', text: 'x' }),
    ).toEqual({
      ok: false,
      error: 'is_archived',
    });
    expect(slack.messages.map((m) => m.text)).toEqual(['before']);
    expect((await api(slack, 'chat.postMessage', { channel: 'C0OTHER', text: 'elsewhere' })).ok).toBe(true);
  });
});
