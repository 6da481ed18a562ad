import { createSandboxTenant, type RecordedRequest, SEED_IDS } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { createReviewTenant } from '../../src/adapters/review-tenant.js';
import { taskAudits } from '../../src/tenant/review-tasks.js';
import { type ContractIssue, createContract } from '../helpers/contract.js';
import { jsonNames, type Mode } from '../helpers/contract-proto.js';
import { clientFor } from '../helpers/tenant.js';

/**
 * The contract of access reviews' operations (test/helpers/contract-reviews-schemas.ts, written
 * from the vendor's OpenAPI description, beside the shared subset): every request Warden's review
 * adapters send, as Warden and as a person's personal client, and every answer of the faithful
 * simulated tenant, checked against the vendor's schemas with the proto3 JSON rules on top.
 */

const contract = createContract();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function exchangeIssues(requests: RecordedRequest[], mode: Mode): (ContractIssue & { request: string })[] {
  const issues: (ContractIssue & { request: string })[] = [];
  for (const r of requests.filter((x) => x.path.startsWith('/api/'))) {
    const name = `${r.method} ${r.path}`;
    const op = contract.operationFor(r.method, r.path);
    if (!op) {
      issues.push({ request: name, where: '(path)', message: 'not an operation of the vendor API' });
      continue;
    }
    if (op.request)
      for (const i of contract.check(op.request, jsonNames(r.body ? JSON.parse(r.body) : {}), 'faithful'))
        issues.push({ request: `${name} (request)`, ...i });
    if (r.status === 200 && op.response && r.answer !== undefined)
      for (const i of contract.check(op.response, JSON.parse(r.answer), mode))
        issues.push({ request: `${name} (answer)`, ...i });
  }
  return issues;
}

describe('contract: access reviews’ operations', () => {
  it('every request of the review adapters and every answer of the faithful tenant conform', async () => {
    const tenant = await createSandboxTenant({ deliberate: false });
    const service = clientFor(tenant, 'assertion');
    cleanups.push(
      () => tenant.close(),
      () => service.close(),
    );
    const reviews = createReviewTenant(service, tenant.credentials.deviceClientId, tenant.clock.now);
    // The device flow, the person, their personal client
    const flow = await reviews.startDeviceFlow();
    expect(await reviews.pollDeviceFlow(flow.device_code)).toEqual({ kind: 'pending' });
    tenant.deviceFlow.approve(flow.user_code, SEED_IDS.users.alice);
    tenant.clock.advance(6_000);
    const polled = await reviews.pollDeviceFlow(flow.device_code);
    if (polled.kind !== 'token') throw new Error(`no token: ${polled.kind}`);
    expect(await reviews.whoIs(polled.token)).toBe(SEED_IDS.users.alice);
    const made = await reviews.createClient(polled.token, 'Created by Warden for @alice');
    const alice = reviews.as(made);
    // As the person: their tasks, one task, each action
    const mine = await alice.openTasks(SEED_IDS.users.alice);
    expect(mine.map((t) => t.id).sort()).toEqual([
      'TK_Q4_01',
      'TK_Q4_02',
      'TK_Q4_03',
      'TK_Q4_04',
      'TK_Q4_05',
      'TK_SOX_01',
    ]);
    expect(
      await alice.openTasks(SEED_IDS.users.alice, { campaignId: 'AR_Q4', appId: SEED_IDS.apps.github }),
    ).toHaveLength(3);
    const dave = await alice.task('TK_Q4_01');
    expect(dave).toMatchObject({
      subjectName: 'Dave Doe',
      appName: 'GitHub',
      campaignName: 'Q4 privileged access review',
    });
    await alice.decide('TK_Q4_01', { kind: 'approve', stepId: dave?.stepId ?? '', comment: 'still needed' });
    const bob = await alice.task('TK_Q4_02');
    await alice.decide('TK_Q4_02', { kind: 'deny', stepId: bob?.stepId ?? '', comment: 'left the team' });
    await alice.decide('TK_Q4_03', { kind: 'comment', comment: 'asking her manager' });
    const hanna = await alice.task('TK_Q4_03');
    await alice.decide('TK_Q4_03', {
      kind: 'reassign',
      stepId: hanna?.stepId ?? '',
      to: [SEED_IDS.users.bob],
    });
    const frank = await alice.task('TK_Q4_05');
    const asked = await alice.approveWithStepUp('TK_Q4_05', frank?.stepId ?? '');
    expect('verifyAt' in asked).toBe(true);
    tenant.stepUps.verify(tenant.stepUps.all[0]?.id ?? '', tenant.clock.now());
    const txn = await alice.verifiedStepUp('TK_Q4_05', SEED_IDS.users.alice);
    await alice.approveWithStepUp('TK_Q4_05', frank?.stepId ?? '', txn);
    // As Warden: the campaign, all its tasks, a user, the audit trail, the report
    expect(await reviews.campaign('AR_Q4')).toMatchObject({
      name: 'Q4 privileged access review',
      state: 'open',
    });
    expect((await reviews.tasks({ campaignIds: ['AR_Q4'], all: true })).length).toBe(7);
    expect(await reviews.userActive(SEED_IDS.users.alice)).toBe(true);
    // Every kind of entry the tenant audits: approved, denied, commented and reassigned, step-up approved
    for (const id of ['TK_Q4_01', 'TK_Q4_02', 'TK_Q4_03', 'TK_Q4_05'])
      expect((await taskAudits(service, id)).length, id).toBeGreaterThan(0);
    tenant.reviews.close('AR_Q4', tenant.clock.now());
    expect(await reviews.csvReport('AR_Q4')).toEqual({ none: true });
    await reviews.requestReport('AR_Q4');
    const report = await reviews.csvReport('AR_Q4');
    expect('csv' in report && report.csv).toContain('CERTIFY_OUTCOME_DECERTIFIED');
    await alice.deleteClient(made.personalClientId);

    expect(exchangeIssues(tenant.requests, 'faithful')).toEqual([]);
    const seen = new Set(tenant.requests.flatMap((r) => contract.operationFor(r.method, r.path)?.id ?? []));
    for (const op of [
      'c1.api.task.v1.TaskSearchService.Search',
      'c1.api.task.v1.TaskService.Get',
      'c1.api.task.v1.TaskActionsService.Approve',
      'c1.api.task.v1.TaskActionsService.Deny',
      'c1.api.task.v1.TaskActionsService.Comment',
      'c1.api.task.v1.TaskActionsService.Reassign',
      'c1.api.task.v1.TaskActionsService.ApproveWithStepUp',
      'c1.api.task.v1.TaskAudit.List',
      'c1.api.stepup.v1.StepUpTransactionService.Search',
      'c1.api.accessreview.v1.AccessReviewService.Get',
      'c1.api.accessreview.v1.AccessReviewActionsService.GenerateReport',
      'c1.api.accessreview.v1.AccessReviewReportService.List',
      'c1.api.iam.v1.PersonalClientService.Create',
      'c1.api.iam.v1.PersonalClientService.Delete',
      'c1.api.auth.v1.Auth.Introspect',
      'c1.api.user.v1.UserService.Get',
    ])
      expect(seen.has(op), op).toBe(true);
  });
});
