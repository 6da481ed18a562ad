import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxTenant, type SandboxTenant, SEED_IDS } from '../src/index.js';
import { call, listOf } from './tenant-http.js';

/**
 * The tenant's task API a containment uses, over HTTP (api-facts.md "Tasks"): revoke and
 * offboarding tasks created from flat bodies, read back, searched, moved through the tenant's
 * policy; and the apps, accounts and grants that give them names.
 */

let sandbox: SandboxTenant;
beforeEach(async () => {
  sandbox = await createSandboxTenant({ deliberate: false });
});
afterEach(() => sandbox.close());

const task = (json: Record<string, unknown>) =>
  (json.taskView as { task: Record<string, unknown> }).task as Record<string, unknown> & {
    id: string;
    type: Record<string, Record<string, unknown>>;
  };

describe('POST /api/v1/task/revoke', () => {
  it('creates a task for a grant the account holds; it waits for approval, then provisions, then is done', async () => {
    const res = await call(sandbox, 'POST', '/api/v1/task/revoke', {
      appId: SEED_IDS.apps.github,
      appEntitlementId: SEED_IDS.entitlements.ghOrgAdmin,
      appUserId: SEED_IDS.appUsers.deployBot,
      description: 'Contained from Slack (ref CTN-1)',
    });
    expect(res.status).toBe(200);
    const t = task(res.json);
    expect(t).toMatchObject({
      state: 'TASK_STATE_OPEN',
      processing: 'TASK_PROCESSING_TYPE_WAITING',
      numericId: expect.stringMatching(/^\d+$/),
      type: {
        revoke: {
          appId: SEED_IDS.apps.github,
          appEntitlementId: SEED_IDS.entitlements.ghOrgAdmin,
          appUserId: SEED_IDS.appUsers.deployBot,
        },
      },
      policy: { current: { approval: { state: 'APPROVAL_INSTANCE_STATE_WAITING' } } },
    });
    expect(t.type.revoke).not.toHaveProperty('outcome');
    sandbox.accessTasks.advance(t.id);
    let read = await call(sandbox, 'GET', `/api/v1/tasks/${t.id}`);
    expect(task(read.json).policy).toMatchObject({ current: { provision: {} } });
    sandbox.accessTasks.advance(t.id);
    read = await call(sandbox, 'GET', `/api/v1/tasks/${t.id}`);
    expect(task(read.json)).toMatchObject({
      state: 'TASK_STATE_CLOSED',
      type: { revoke: { outcome: 'REVOKE_OUTCOME_REVOKED', outcomeTime: expect.any(String) } },
    });
    expect(sandbox.apps.holds(SEED_IDS.appUsers.deployBot, SEED_IDS.entitlements.ghOrgAdmin)).toBe(false);
  });

  it('refuses what the vendor says it refuses: both subjects, none, a grant not held, an unknown app', async () => {
    const base = { appId: SEED_IDS.apps.github, appEntitlementId: SEED_IDS.entitlements.ghOrgAdmin };
    const cases: [Record<string, unknown>, number][] = [
      [{ ...base, appUserId: SEED_IDS.appUsers.bob, identityUserId: SEED_IDS.users.bob }, 400],
      [base, 400],
      [{ ...base, appUserId: SEED_IDS.appUsers.bob }, 400],
      [{ ...base, appId: 'APP_NOPE', appUserId: SEED_IDS.appUsers.bob }, 404],
      [{ appEntitlementId: SEED_IDS.entitlements.ghOrgAdmin, appUserId: SEED_IDS.appUsers.deployBot }, 400],
    ];
    for (const [body, status] of cases)
      expect((await call(sandbox, 'POST', '/api/v1/task/revoke', body)).status).toBe(status);
    expect(sandbox.accessTasks.all()).toHaveLength(0);
  });

  it('takes an identity instead of an account: the account of theirs that holds it', async () => {
    const res = await call(sandbox, 'POST', '/api/v1/task/revoke', {
      appId: SEED_IDS.apps.github,
      appEntitlementId: SEED_IDS.entitlements.ghInfraWrite,
      identityUserId: SEED_IDS.users.bob,
    });
    expect(task(res.json).type.revoke).toMatchObject({
      appUserId: SEED_IDS.appUsers.bob,
      identityUserId: SEED_IDS.users.bob,
    });
  });
});

describe('POST /api/v1/task/offboarding, search and the clock', () => {
  it('offboards an identity: its accounts disabled and their grants gone when done', async () => {
    const res = await call(sandbox, 'POST', '/api/v1/task/offboarding', {
      subjectUserId: SEED_IDS.users.dave,
      description: 'x',
    });
    const t = task(res.json);
    expect(t.type.offboarding).toEqual({ subjectUserId: SEED_IDS.users.dave });
    sandbox.accessTasks.advance(t.id);
    expect(task((await call(sandbox, 'GET', `/api/v1/tasks/${t.id}`)).json).type.offboarding).toMatchObject({
      outcome: 'OFFBOARDING_OUTCOME_IN_PROGRESS',
    });
    sandbox.accessTasks.advance(t.id);
    expect(sandbox.apps.grants.some((g) => g.appUserId === SEED_IDS.appUsers.daveAws)).toBe(false);
    expect(
      (await call(sandbox, 'POST', '/api/v1/task/offboarding', { subjectUserId: 'IU_NOBODY' })).status,
    ).toBe(404);
  });

  it('finds tasks by words of their description; an unknown id is 404', async () => {
    await call(sandbox, 'POST', '/api/v1/task/offboarding', {
      subjectUserId: SEED_IDS.users.dave,
      description: 'ref CTN-XYZ',
    });
    await call(sandbox, 'POST', '/api/v1/task/offboarding', {
      subjectUserId: SEED_IDS.users.bob,
      description: 'ref CTN-ABC',
    });
    const found = await call(sandbox, 'POST', '/api/v1/search/tasks', {
      query: 'CTN-XYZ',
      taskTypes: [{ offboarding: {} }],
    });
    expect(listOf(found.json).map((v) => (v.task as { description: string }).description)).toEqual([
      'ref CTN-XYZ',
    ]);
    expect((await call(sandbox, 'GET', '/api/v1/tasks/TSK_NOPE')).status).toBe(404);
  });

  it('moves tasks along with its clock when asked to (the demo)', async () => {
    sandbox.answers.taskAutoAdvanceMs = 5_000;
    const t = task(
      (await call(sandbox, 'POST', '/api/v1/task/offboarding', { subjectUserId: SEED_IDS.users.dave })).json,
    );
    sandbox.clock.advance(10_000);
    expect(sandbox.accessTasks.get(t.id)?.stage).toBe('done');
  });
});

describe('apps, accounts and grants', () => {
  it('names an app, an account and what it holds', async () => {
    expect((await call(sandbox, 'GET', `/api/v1/apps/${SEED_IDS.apps.github}`)).json).toMatchObject({
      app: { id: SEED_IDS.apps.github, displayName: 'GitHub' },
    });
    const users = await call(sandbox, 'POST', '/api/v1/search/app_users', {
      refs: [{ appId: SEED_IDS.apps.github, id: SEED_IDS.appUsers.bob }],
    });
    expect(listOf(users.json)).toEqual([
      {
        appUser: expect.objectContaining({
          id: SEED_IDS.appUsers.bob,
          identityUserId: SEED_IDS.users.bob,
          displayName: 'bob',
        }),
      },
    ]);
    const grants = await call(sandbox, 'POST', '/api/v1/search/grants', {
      appIds: [SEED_IDS.apps.github],
      appUserIds: [SEED_IDS.appUsers.bob],
    });
    expect(
      listOf(grants.json).map(
        (g) => (g.entitlement as { appEntitlement: { displayName: string } }).appEntitlement.displayName,
      ),
    ).toEqual(['Member', 'Write: acme/infra']);
  });

  it('names a resource by its app and type, and answers one of another app with a 404', async () => {
    const { apps, resources, resourceTypes } = SEED_IDS;
    const path = (app: string) =>
      `/api/v1/apps/${app}/resource_types/${resourceTypes.iamRole}/resources/${resources.ciRole}`;
    expect((await call(sandbox, 'GET', path(apps.aws))).json).toEqual({
      appResourceView: {
        appResource: expect.objectContaining({ id: resources.ciRole, displayName: 'ci-runner' }),
      },
    });
    expect((await call(sandbox, 'GET', path(apps.github))).status).toBe(404);
  });

  it("gives every seed id the vendor's shape: a 27-character base62 KSUID", () => {
    const all = Object.values(SEED_IDS).flatMap((group) => Object.values(group));
    for (const id of all) expect(id).toMatch(/^[0-9A-Za-z]{27}$/);
    expect(new Set(all).size).toBe(all.length);
  });
});
