import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxTenant, type SandboxTenant, SEED_IDS } from '../src/index.js';
import { call, listOf } from './tenant-http.js';

/**
 * The tenant's identity users over HTTP: GET /api/v1/users/{id} and POST /api/v1/search/users
 * (api-facts.md "More operations"), and the owners seeded findings name.
 */

let sandbox: SandboxTenant;
beforeEach(async () => {
  sandbox = await createSandboxTenant({ deliberate: false });
});
afterEach(() => sandbox.close());

const search = async (body: Record<string, unknown>) => {
  const res = await call(sandbox, 'POST', '/api/v1/search/users', body);
  expect(res.status).toBe(200);
  return listOf(res.json).map((v) => (v.user as { id: string }).id);
};

describe('GET /api/v1/users/{id}', () => {
  it('answers the user in a UserView, with an empty expanded list', async () => {
    const res = await call(sandbox, 'GET', `/api/v1/users/${SEED_IDS.users.alice}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      userView: {
        userId: SEED_IDS.users.alice,
        user: expect.objectContaining({
          id: SEED_IDS.users.alice,
          email: 'alice@acme.example',
          emails: ['alice@acme.example', 'alice.adams@acme.example'],
          displayName: 'Alice Adams',
          status: 'ENABLED',
          type: 'USER_TYPE_HUMAN',
        }),
      },
      expanded: [],
    });
  });

  it('leaves out the email fields of a service identity that has none (proto3 zero values)', async () => {
    const user = (await call(sandbox, 'GET', `/api/v1/users/${SEED_IDS.users.noEmail}`)).json.userView as {
      user: Record<string, unknown>;
    };
    expect(user.user).toMatchObject({ displayName: 'Build Service', type: 'USER_TYPE_SERVICE' });
    expect(user.user).not.toHaveProperty('email');
    expect(user.user).not.toHaveProperty('emails');
  });

  it('answers an unknown user with the gRPC-style 404, and follows changes a test makes', async () => {
    expect(await call(sandbox, 'GET', '/api/v1/users/IU_NOBODY')).toMatchObject({
      status: 404,
      json: { code: 5, message: expect.stringContaining('IU_NOBODY') },
    });
    sandbox.users.put({
      id: 'IU_NEW',
      email: 'new@acme.example',
      displayName: 'New Person',
      status: 'ENABLED',
    });
    expect((await call(sandbox, 'GET', '/api/v1/users/IU_NEW')).status).toBe(200);
    const bob = sandbox.users.get(SEED_IDS.users.bob);
    if (bob) bob.status = 'DISABLED';
    expect((await call(sandbox, 'GET', `/api/v1/users/${SEED_IDS.users.bob}`)).json).toMatchObject({
      userView: { user: { status: 'DISABLED' } },
    });
    expect(sandbox.users.remove('IU_NEW')).toBe(true);
    expect((await call(sandbox, 'GET', '/api/v1/users/IU_NEW')).status).toBe(404);
  });
});

describe('POST /api/v1/search/users', () => {
  it('finds by email exactly, ignoring case, on the primary address or any other', async () => {
    expect(await search({ email: 'BOB@acme.example' })).toEqual([SEED_IDS.users.bob]);
    expect(await search({ email: 'alice.adams@acme.example' })).toEqual([SEED_IDS.users.alice]);
    expect(await search({ email: 'bob@acme' })).toEqual([]);
    expect(await search({ email: 'nobody@acme.example' })).toEqual([]);
  });

  it('finds by ids and refs, by a query on name, username or email, and by status', async () => {
    expect(await search({ ids: [SEED_IDS.users.carol, SEED_IDS.users.dave, 'IU_NOBODY'] })).toEqual([
      SEED_IDS.users.carol,
      SEED_IDS.users.dave,
    ]);
    expect(await search({ refs: [{ id: SEED_IDS.users.gus }] })).toEqual([SEED_IDS.users.gus]);
    expect(await search({ query: 'hidden' })).toEqual([SEED_IDS.users.hanna]);
    expect(await search({ query: 'build-serv' })).toEqual([SEED_IDS.users.noEmail]);
    expect(await search({ query: 'partner.example' })).toEqual([SEED_IDS.users.gus]);
    expect(await search({ query: 'e', excludeTypes: ['USER_TYPE_HUMAN'] })).toEqual([SEED_IDS.users.noEmail]);
    sandbox.users.put({
      ...(sandbox.users.get(SEED_IDS.users.frank) ?? { id: SEED_IDS.users.frank }),
      status: 'DISABLED',
    });
    expect(await search({ user_statuses: ['DISABLED'] })).toEqual([SEED_IDS.users.frank]);
  });

  it('pages like the finding search, with either spelling of the paging fields', async () => {
    for (let i = 0; i < 15; i++) sandbox.users.put({ id: `IU_BULK_${i}`, displayName: `Bulk ${i}` });
    const first = await call(sandbox, 'POST', '/api/v1/search/users', { query: 'bulk', pageSize: 10 });
    expect(listOf(first.json)).toHaveLength(10);
    expect(first.json.expanded).toEqual([]);
    const token = String(first.json.nextPageToken);
    expect(token).not.toBe('');
    const second = await call(sandbox, 'POST', '/api/v1/search/users', {
      query: 'bulk',
      page_size: 10,
      page_token: token,
    });
    expect(listOf(second.json)).toHaveLength(5);
    expect(second.json.nextPageToken).toBe('');
    const other = await call(sandbox, 'POST', '/api/v1/search/users', { query: 'x', pageToken: token });
    expect(other.status).toBe(400);
  });

  it('refuses malformed filters with a 400 like the other routes', async () => {
    for (const body of [
      { ids: SEED_IDS.users.bob },
      { email: 42 },
      { refs: [SEED_IDS.users.bob] },
      { userStatuses: [1] },
    ]) {
      expect(await call(sandbox, 'POST', '/api/v1/search/users', body)).toMatchObject({
        status: 400,
        json: { code: 3 },
      });
    }
  });
});

describe('finding owners', () => {
  it('name seeded identity users, one member of the owner oneof each', () => {
    const owners = Object.fromEntries(
      sandbox.findings
        .all()
        .filter((f) => f.assignedOwner || f.computedOwner)
        .map((f) => [f.id, { assigned: f.assignedOwner, computed: f.computedOwner }]),
    );
    expect(owners).toMatchObject({
      FND_CUSTOM: { assigned: { identityUserId: SEED_IDS.users.stranger } },
      FND_CRED_EXPIRING: { assigned: { identityUserId: SEED_IDS.users.noEmail } },
      FND_SYNC_FAILING: { computed: { identityUserId: SEED_IDS.users.hanna } },
      FND_RISK_ACCEPTED: { computed: { identityUserId: SEED_IDS.users.frank } },
      FND_CONNECTOR_ANOMALY_OFF: { computed: { identityUserId: SEED_IDS.users.bob } },
    });
    for (const f of sandbox.findings.all()) {
      for (const ref of [f.assignedOwner, f.computedOwner]) {
        if (!ref || typeof ref !== 'object') continue;
        const members = Object.entries(ref).filter(([, v]) => v !== undefined && v !== null);
        expect(members).toHaveLength(1);
        const [member, id] = members[0] ?? [];
        if (member === 'identityUserId')
          expect(sandbox.users.get(String(id)), `${f.id}: ${id}`).toBeDefined();
      }
    }
  });
});
