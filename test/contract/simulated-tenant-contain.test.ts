import {
  containFindings,
  createSandboxTenant,
  recordDecoyUses,
  type SandboxTenant,
  SEED_IDS,
  seedFindings,
} from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { createFindingsPort } from '../../src/adapters/findings-port.js';
import { createNamesPort } from '../../src/adapters/names-port.js';
import { createTasksPort } from '../../src/adapters/tasks-port.js';
import { containReference } from '../../src/domain/contain.js';
import { createLogger } from '../../src/logger.js';
import { FindingSchema } from '../../src/model/finding.js';
import type { TenantClient } from '../../src/tenant/client.js';
import { createContract } from '../helpers/contract.js';
import { jsonNames } from '../helpers/contract-proto.js';
import { clientFor } from '../helpers/tenant.js';

/**
 * The contract test of containment's tenant operations (contract-extra.ts: written from the
 * vendor's description where the shared subset lacks them): every request Warden's tasks port
 * sends and every answer of the faithful simulated tenant, against the vendor's schemas and the
 * proto3 JSON rules — the task API, the app/account/grant reads, and a decoy's uses on the
 * finding's audit trail (OCSF events); and the reads that name a card's target (names port).
 */

const contract = createContract();
let tenant: SandboxTenant | undefined;
let client: TenantClient | undefined;
afterEach(async () => {
  await client?.close();
  await tenant?.close();
  client = undefined;
  tenant = undefined;
});

function issues(t: SandboxTenant) {
  const out: string[] = [];
  for (const r of t.requests.filter((x) => x.path.startsWith('/api/'))) {
    const op = contract.operationFor(r.method, r.path);
    if (!op) {
      out.push(`${r.method} ${r.path}: not an operation of the vendor API`);
      continue;
    }
    if (op.request)
      for (const i of contract.check(op.request, jsonNames(r.body ? JSON.parse(r.body) : {}), 'faithful'))
        out.push(`${r.method} ${r.path} (request) ${i.where}: ${i.message}`);
    if (r.status === 200 && op.response && r.answer !== undefined)
      for (const i of contract.check(op.response, JSON.parse(r.answer), 'faithful'))
        out.push(`${r.method} ${r.path} (answer) ${i.where}: ${i.message}`);
  }
  return out;
}

describe('contract: containment and the simulated tenant', () => {
  it('the task API, the app reads and a decoy’s uses conform, both ways', async () => {
    const t = await createSandboxTenant({ deliberate: false });
    tenant = t;
    const c = clientFor(t);
    client = c;
    const tasks = createTasksPort(c);
    const [decoy] = containFindings();
    if (!decoy) throw new Error('no decoy finding');
    t.findings.put(decoy);
    recordDecoyUses(t.findings.audit, decoy, 3, Date.now() - 600_000);
    expect(await tasks.appName(SEED_IDS.apps.github)).toBe('GitHub');
    expect(await tasks.appName('APP_NOPE')).toBeUndefined();
    expect((await tasks.account(SEED_IDS.apps.github, SEED_IDS.appUsers.bob))?.identityUserId).toBe(
      SEED_IDS.users.bob,
    );
    expect(
      (await tasks.grants(SEED_IDS.apps.github, SEED_IDS.appUsers.deployBot)).map((g) => g.name),
    ).toEqual(['Organization admin', 'Write: acme/infra']);
    const revoke = await tasks.createRevoke({
      appId: SEED_IDS.apps.github,
      appEntitlementId: SEED_IDS.entitlements.ghOrgAdmin,
      appUserId: SEED_IDS.appUsers.deployBot,
      description: `leaked (${containReference('ctn_contract01')})`,
    });
    const offboard = await tasks.createOffboarding({
      subjectUserId: SEED_IDS.users.dave,
      description: 'decoy used',
    });
    t.accessTasks.advance(revoke.id);
    t.accessTasks.advance(revoke.id);
    t.accessTasks.finish(offboard.id, 'error');
    expect((await tasks.get(revoke.id))?.type?.revoke?.outcome).toBe('REVOKE_OUTCOME_REVOKED');
    expect((await tasks.get(offboard.id))?.type?.offboarding?.outcome).toBe('OFFBOARDING_OUTCOME_ERROR');
    expect(await tasks.get('TSK_NOPE')).toBeUndefined();
    const found = await tasks.findByReference(
      'revoke',
      containReference('ctn_contract01'),
      new Date(Date.now() - 60_000),
    );
    expect(found?.id).toBe(revoke.id);
    const history = await createFindingsPort(c).history('FND_CTN_DECOY', 50);
    expect(history.events.filter((e) => e.ocsf)).toHaveLength(3);
    expect(issues(t)).toEqual([]);
  });

  it('the reads that name a card’s target and app conform, both ways', async () => {
    const t = await createSandboxTenant({ deliberate: false });
    tenant = t;
    const c = clientFor(t);
    client = c;
    const names = createNamesPort(c, { now: Date.now, logger: createLogger('silent') });
    const shown = await Promise.all(
      seedFindings({ deliberate: false }).map((f) => names.targetNames(FindingSchema.parse(f))),
    );
    expect(shown).toContainEqual({ app: 'AWS', target: 'ci-runner' });
    expect(shown).toContainEqual({ app: 'GitHub', target: 'deploy-bot' });
    const paths = t.requests.map((r) => `${r.method} ${r.path.split('/').slice(0, 6).join('/')}`);
    expect(paths).toContain(`GET /api/v1/apps/${SEED_IDS.apps.aws}/resource_types`);
    expect(paths).toContain('POST /api/v1/search/app_users');
    expect(issues(t)).toEqual([]);
  });

  it('refuses what the vendor forbids: a revoke naming both an account and an identity', () => {
    const both = { appId: 'A', appEntitlementId: 'E', appUserId: 'U', identityUserId: 'I' };
    expect(contract.check('c1.api.task.v1.TaskServiceCreateRevokeRequest', both, 'faithful')).toEqual([
      { where: '(root)', message: 'oneof subject has 2 members set: appUserId, identityUserId' },
    ]);
    expect(
      contract.check('c1.api.task.v1.TaskServiceCreateRevokeRequest', { appId: 'A' }, 'faithful'),
    ).not.toEqual([]);
  });
});
