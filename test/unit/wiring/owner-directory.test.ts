import { describe, expect, it } from 'vitest';
import { SlackApiError } from '../../../src/errors.js';
import { createLogger } from '../../../src/logger.js';
import type { TenantUser } from '../../../src/model/user.js';
import type { SlackPerson } from '../../../src/ports/slack.js';
import { createOwnerDirectory, OWNER_TTL } from '../../../src/slack/owner-directory.js';

const member = (id: string, over: Partial<SlackPerson> = {}): SlackPerson => ({
  id,
  teamId: 'T0WARDEN',
  tz: 'UTC',
  displayName: id,
  realName: id,
  email: `${id.toLowerCase()}@acme.example`,
  isBot: false,
  isGuest: false,
  deleted: false,
  ...over,
});

/** A tenant and a Slack as plain maps, counting what is asked of them. */
function fakes() {
  let now = 1_000_000;
  const calls = { getUser: 0, findUsersByEmail: 0, lookupByEmail: 0, slackPerson: 0 };
  const tenant = new Map<string, TenantUser>([
    ['IU_BOB', { id: 'IU_BOB', email: 'u0bob@acme.example', displayName: 'Bob Brown' }],
    ['IU_NOEMAIL', { id: 'IU_NOEMAIL', displayName: 'Build Service' }],
    ['IU_GONE', { id: 'IU_GONE', email: 'gone@acme.example' }],
  ]);
  const slack = new Map<string, SlackPerson>([['U0BOB', member('U0BOB')]]);
  let slackFails: unknown;
  const directory = createOwnerDirectory({
    async getUser(id) {
      calls.getUser++;
      await new Promise((r) => setTimeout(r, 5));
      return tenant.get(id);
    },
    async findUsersByEmail(email) {
      calls.findUsersByEmail++;
      return [...tenant.values()].filter((u) => u.email === email);
    },
    async lookupByEmail(email) {
      calls.lookupByEmail++;
      if (slackFails) throw slackFails;
      return [...slack.values()].find((p) => p.email === email);
    },
    async slackPerson(id) {
      calls.slackPerson++;
      const p = slack.get(id);
      if (!p) throw new SlackApiError('users.info', 'user_not_found', 'permanent');
      return p;
    },
    organisation: { teamId: 'T0WARDEN', enterpriseId: 'E0ACME' },
    logger: createLogger('error'),
    now: () => now,
  });
  return {
    directory,
    calls,
    tenant,
    slack,
    advance: (ms: number) => {
      now += ms;
    },
    failSlack: (e: unknown) => {
      slackFails = e;
    },
  };
}

describe('the owner directory', () => {
  it('maps a tenant user to Slack by email, one lookup however many ask at once, kept an hour', async () => {
    const f = fakes();
    const answers = await Promise.all(Array.from({ length: 20 }, () => f.directory.personOf('IU_BOB')));
    expect(answers.every((a) => a.slackUserId === 'U0BOB' && a.name === 'Bob Brown')).toBe(true);
    expect(f.calls).toMatchObject({ getUser: 1, lookupByEmail: 1 });
    f.advance(OWNER_TTL.found - 1);
    await f.directory.personOf('IU_BOB');
    expect(f.calls.getUser).toBe(1);
    f.advance(2);
    await f.directory.personOf('IU_BOB');
    expect(f.calls.getUser).toBe(2);
  });

  it('says why nobody is found, and keeps the miss too', async () => {
    const f = fakes();
    expect((await f.directory.personOf('IU_NOEMAIL')).why).toBe('no-email');
    expect((await f.directory.personOf('IU_NOPE')).why).toBe('no-tenant-user');
    expect((await f.directory.personOf('IU_GONE')).why).toBe('not-in-slack');
    await f.directory.personOf('IU_NOEMAIL');
    await f.directory.personOf('IU_GONE');
    expect(f.calls.getUser).toBe(3);
    f.advance(OWNER_TTL.missing + 1);
    await f.directory.personOf('IU_GONE');
    expect(f.calls.getUser).toBe(4);
  });

  it('keeps a failure (a 429) only briefly, and a missing email scope means emails are hidden', async () => {
    const f = fakes();
    f.failSlack(
      new SlackApiError('users.lookupByEmail', 'ratelimited', 'rate_limited', { retryAfterMs: 30_000 }),
    );
    expect((await f.directory.personOf('IU_BOB')).why).toBe('unavailable');
    f.failSlack(undefined);
    expect((await f.directory.personOf('IU_BOB')).why).toBe('unavailable');
    f.advance(OWNER_TTL.failed + 1);
    expect((await f.directory.personOf('IU_BOB')).slackUserId).toBe('U0BOB');
    f.failSlack(new SlackApiError('users.lookupByEmail', 'missing_scope', 'permanent'));
    f.advance(OWNER_TTL.found + 1);
    expect((await f.directory.personOf('IU_BOB')).why).toBe('emails-hidden');
  });

  it('maps a Slack member to the tenant user with their email, refusing to guess', async () => {
    const f = fakes();
    expect(await f.directory.tenantUserOf('U0BOB')).toEqual({
      ok: true,
      identityUserId: 'IU_BOB',
      name: 'Bob Brown',
    });
    f.slack.set('U0HIDDEN', member('U0HIDDEN', { email: undefined }));
    f.slack.set('U0FRANK', member('U0FRANK', { deleted: true }));
    f.slack.set('U0BOTTY', member('U0BOTTY', { isBot: true }));
    f.slack.set('U0TWIN', member('U0TWIN', { email: 'twin@acme.example' }));
    f.tenant.set('IU_T1', { id: 'IU_T1', email: 'twin@acme.example' });
    f.tenant.set('IU_T2', { id: 'IU_T2', email: 'twin@acme.example' });
    f.slack.set('U0NEW', member('U0NEW'));
    const why = async (id: string) => {
      const r = await f.directory.tenantUserOf(id);
      return r.ok ? 'ok' : r.why;
    };
    expect(await why('U0HIDDEN')).toBe('email-hidden');
    expect(await why('U0FRANK')).toBe('deactivated');
    expect(await why('U0BOTTY')).toBe('bot');
    expect(await why('U0TWIN')).toBe('ambiguous');
    expect(await why('U0NEW')).toBe('no-tenant-user');
    expect(await why('U0NOBODY')).toBe('slack-user-unknown');
  });

  it('maps only people of the installing organisation, either way, and names nobody by an email', async () => {
    const f = fakes();
    // Slack Connect: Eve of another organisation holds an address a tenant user has
    f.slack.set('U0EVE', member('U0EVE', { teamId: 'T0PARTNER', email: 'eve@partner.example' }));
    f.tenant.set('IU_EVE', { id: 'IU_EVE', email: 'eve@partner.example', displayName: 'Eve' });
    expect(await f.directory.tenantUserOf('U0EVE')).toEqual({ ok: false, why: 'other-organisation' });
    expect(await f.directory.personOf('IU_EVE')).toMatchObject({
      slackUserId: undefined,
      name: 'Eve',
      why: 'other-organisation',
    });
    // another workspace of the same Enterprise Grid organisation is the organisation still
    f.slack.set('U0GRID', member('U0GRID', { teamId: 'T0OTHERWS', enterpriseId: 'E0ACME' }));
    f.tenant.set('IU_GRID', { id: 'IU_GRID', email: 'u0grid@acme.example', username: 'u0grid@acme.example' });
    expect(await f.directory.tenantUserOf('U0GRID')).toEqual({
      ok: true,
      identityUserId: 'IU_GRID',
      name: undefined,
    });
    // an SSO-made user: the username is the address and no display name, so no name at all
    expect(await f.directory.personOf('IU_GRID')).toMatchObject({ slackUserId: 'U0GRID', name: undefined });
  });
});
