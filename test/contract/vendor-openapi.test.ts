import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  attestFindings,
  createSandboxTenant,
  type RecordedRequest,
  type SandboxTenant,
  SEED_IDS,
} from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { type ContractIssue, createContract } from '../helpers/contract.js';
import { jsonNames, type Mode } from '../helpers/contract-proto.js';
import { loadSpec, VENDORED_SPEC } from '../helpers/contract-spec.js';
import { type Harness, startHarness, waitFor } from '../helpers/harness.js';

/**
 * The contract test: for every tenant operation Warden uses, what Warden sends and what the
 * simulated tenant answers are checked against the vendor's published OpenAPI description and the
 * proto3 JSON rules (test/helpers/contract.ts). The simulated tenant is what every other test runs
 * against, so it must answer only what the real one could.
 */

const contract = createContract();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const FINDING = 'c1.api.finding.v1.Finding';
const CAMPAIGN = 'c1.api.accessreview.v1.AccessReviewSetupEntitlementAndScopeServiceSetResponse';

/** Every problem with the API requests the tenant received and its answers to them. */
function exchangeIssues(requests: RecordedRequest[], mode: Mode): (ContractIssue & { request: string })[] {
  const issues: (ContractIssue & { request: string })[] = [];
  for (const r of requests.filter((x) => x.path.startsWith('/api/'))) {
    const name = `${r.method} ${r.path}`;
    const op = contract.operationFor(r.method, r.path);
    if (!op) {
      issues.push({ request: name, where: '(path)', message: 'not an operation of the vendor API' });
      continue;
    }
    if (op.request) {
      const body = jsonNames(r.body ? JSON.parse(r.body) : {});
      for (const i of contract.check(op.request, body, 'faithful'))
        issues.push({ request: `${name} (request)`, ...i });
    }
    if (r.status === 200 && op.response && r.answer !== undefined) {
      for (const i of contract.check(op.response, JSON.parse(r.answer), mode))
        issues.push({ request: `${name} (answer)`, ...i });
    }
  }
  return issues;
}

const operationsSeen = (requests: RecordedRequest[]) =>
  new Set(requests.flatMap((r) => contract.operationFor(r.method, r.path)?.id ?? []));

async function faithfulHarness(): Promise<{ h: Harness; tenant: SandboxTenant }> {
  const tenant = await createSandboxTenant({ deliberate: false });
  const file = parseConfigFile(
    'poller:\n  states: [open, in_progress]\n  findingTypes: [serviceAccountUnowned, FINDING_TYPE_UNUSED_SECRET]\n',
    'contract.yaml',
  );
  const h = await startHarness({ tenant, file, env: { ALERTS_POLL_INTERVAL: '1h' } });
  cleanups.push(
    () => tenant.close(),
    () => h.close(),
  );
  return { h, tenant };
}

describe('the vendor OpenAPI description', () => {
  it('is vendored as the vendor published it (the shared copy is the same when present)', () => {
    const shared = fileURLToPath(new URL('../../../shared/spec/vendor-openapi-subset.json', import.meta.url));
    const vendored = readFileSync(VENDORED_SPEC, 'utf8');
    if (existsSync(shared)) expect(JSON.parse(vendored)).toEqual(JSON.parse(readFileSync(shared, 'utf8')));
    expect(loadSpec().spec.paths['/api/v1/findings/search']).toBeDefined();
  });

  it('is checked with the proto3 JSON rules on top', () => {
    const ok = { id: 'F', recurrenceCount: 2, similarUsernameMatchEvidence: { similarityScore: 'NaN' } };
    expect(contract.check(FINDING, ok, 'faithful')).toEqual([]);
    // 32-bit integers are numbers, in range; zero-valued maps are {} not null
    expect(contract.check(FINDING, { id: 'F', recurrenceCount: '2' }, 'faithful')).not.toEqual([]);
    expect(contract.check(FINDING, { id: 'F', recurrenceCount: -1 }, 'faithful')).not.toEqual([]);
    expect(contract.check(FINDING, { id: 'F', customTags: null }, 'faithful')).not.toEqual([]);
    expect(
      contract.check(FINDING, { id: 'F', riskScore: { riskFactors: [{ weight: 0.4 }] } }, 'faithful'),
    ).not.toEqual([]);
    // at most one member of a oneof, even an empty one
    const owners = { id: 'F', computedOwner: { appOwnerAppId: 'A', identityUserId: '' } };
    expect(contract.check(FINDING, owners, 'faithful')).toEqual([
      { where: 'computedOwner', message: 'oneof owner has 2 members set: appOwnerAppId, identityUserId' },
    ]);
    // ...on the wire as well: proto3 cannot write two, however new the server (a campaign's scope)
    const answer = { scopeV2: { allUsers: {}, selectedUsers: { userIds: ['IU_A'] }, specificResources: {} } };
    for (const mode of ['faithful', 'wire'] as const)
      expect(contract.check(CAMPAIGN, answer, mode)).toEqual([
        { where: 'scopeV2', message: 'oneof users_scope has 2 members set: allUsers, selectedUsers' },
      ]);
    // enums: open on the wire, the listed values from a faithful tenant
    const future = { id: 'F', state: 'FINDING_STATE_ESCALATED' };
    expect(contract.check(FINDING, future, 'wire')).toEqual([]);
    expect(contract.check(FINDING, future, 'faithful')).not.toEqual([]);
    // a request may use proto names
    expect(
      contract.check('c1.api.finding.v1.FindingSearchRequest', jsonNames({ page_size: 10 }), 'faithful'),
    ).toEqual([]);
  });
});

describe('contract: Warden and the simulated tenant', () => {
  // Over 3 s by nature: one flow through every tenant operation Warden uses, each answer checked.
  it('every request Warden sends and every answer of the faithful tenant conform, for every operation Warden uses', async () => {
    const { h, tenant } = await faithfulHarness();
    // the poller's search (it runs at start), with its filters
    await waitFor(() => h.warden.poller?.lastSuccessAt, 10_000, 'the first poll');
    // get finding: an alert delivered through Warden, then every finding the tenant holds and the
    // attestation fixtures read through the same port (posting each as an alert would wait on
    // Slack's one post a second in the channel, for the same request)
    await h.postAlert('FND_SA_UNOWNED');
    for (const f of tenant.findings.all(Date.now())) await h.ports.findings.get(f.id);
    for (const f of attestFindings()) {
      tenant.findings.put(f);
      await h.ports.findings.get(f.id);
    }
    // the names a card shows (an app, an account, a resource), read here rather than left to a
    // card updated after a change, which may come after the last check
    for (const id of ['FND_SA_UNOWNED', 'FND_NHI_UNOWNED'])
      await h.ports.names.targetNames(await h.ports.findings.get(id));
    // search: every filter Warden can send, over several pages
    const search = h.ports.findings.search(
      {
        query: 'account',
        states: ['FINDING_STATE_OPEN'],
        severities: ['FINDING_SEVERITY_HIGH', 'FINDING_SEVERITY_MEDIUM'],
        findingTypes: ['FINDING_TYPE_SERVICE_ACCOUNT_UNOWNED'],
        sourceKinds: ['FINDING_SOURCE_KIND_DETECTOR'],
        appIds: [SEED_IDS.apps.github],
        ownerIdentityUserIds: [SEED_IDS.users.alice],
        includeUnassigned: true,
        refs: [{ id: 'FND_SA_UNOWNED' }, { id: 'FND_CUSTOM' }],
      },
      { pageSize: 10 },
    );
    for await (const _ of search);
    for await (const _ of h.ports.findings.search({}, { pageSize: 10 }));
    // update finding state: every action, through the real receiver
    const changes: [string, string][] = [
      ['snooze FND_SA_UNOWNED 7d waiting on vendor', 'FINDING_STATE_SNOOZED'],
      [
        'accept-risk FND_NHI_UNOWNED 30d kept on purpose, monitored by the SIEM',
        'FINDING_STATE_RISK_ACCEPTED',
      ],
      ['suppress FND_SIMILAR_USER test accounts', 'FINDING_STATE_SUPPRESSED'],
      ['resolve FND_SA_MISCLASSIFIED reclassified', 'FINDING_STATE_RESOLVED'],
      ['reopen FND_SNOOZED', 'FINDING_STATE_OPEN'],
      ['unsuppress FND_SUPPRESSED', 'FINDING_STATE_OPEN'],
    ];
    for (const [text, state] of changes) {
      await h.command(text);
      const id = text.split(' ')[1] ?? '';
      await waitFor(() => tenant.findings.get(id, Date.now())?.state === state, 5_000, text);
    }
    // bulk state: a workflow action and an owner assignment (applied asynchronously)
    const week = new Date(Math.floor(Date.now() / 1000) * 1000 + 7 * 86_400_000);
    for (const change of [
      { kind: 'snooze', reason: 'scanner noise', until: week },
      { kind: 'assignOwner', identityUserId: SEED_IDS.users.alice },
    ] as const) {
      const { bulkActionId } = await h.ports.findings.bulk(['FND_CUSTOM', 'FND_CRED_EXPIRING'], change);
      await waitFor(() => tenant.bulk.all.get(bulkActionId)?.done, 5_000, change.kind);
    }
    for await (const _ of h.ports.findings.search({ refs: [{ id: 'FND_CUSTOM' }] }));
    // each finding's type alone (the SLA report): the same search, pages of 100
    let typed = 0;
    for await (const f of h.ports.findings.searchTypes({})) if (f.unusedSecret || f.custom) typed++;
    expect(typed).toBeGreaterThan(0);
    // a remediation task
    await h.ports.findings.createTask('FND_SHADOW_MCP');
    // an attestation's answer on a finding's remediation task
    await h.ports.findings.comment('TSK_ATT_1', 'Warden attestation: Asked @U0BOB: Yes, this was me.');
    // people, both ways (a finding's owner; Assign owner's pick), and a finding's history
    expect((await h.ports.owners.personOf(SEED_IDS.users.bob)).slackUserId).toBe('U0BOB');
    expect(await h.ports.owners.tenantUserOf('U0CAROL')).toMatchObject({
      ok: true,
      identityUserId: SEED_IDS.users.carol,
    });
    const history = await h.ports.findings.history('FND_SA_UNOWNED', 50);
    expect(history.events.length).toBeGreaterThan(1);
    // every finding's audit events in a time range (SLA clocks and their report): since/until as Timestamps
    let trail = 0;
    for await (const _ of h.ports.findings.auditEvents({ since: 0, until: h.clock.now() + 1_000 })) trail++;
    expect(trail).toBeGreaterThan(1);
    // campaign scope and entitlements: every campaign
    for (const id of tenant.campaigns.keys()) await h.ports.campaigns.get(id);

    await waitFor(
      () => tenant.requests.filter((r) => r.path.endsWith('/state')).every((r) => r.status !== undefined),
      5_000,
      'the last answers',
    );
    expect(exchangeIssues(tenant.requests, 'faithful')).toEqual([]);
    expect([...operationsSeen(tenant.requests)].sort()).toEqual([
      'c1.api.accessreview.v1.AccessReviewSetupEntitlementService.GetCampaignScopeAndEntitlements',
      // the names a card shows: its app, its account or resource (contract-extra.ts)
      'c1.api.app.v1.AppResourceService.Get',
      'c1.api.app.v1.AppUserService.Search',
      'c1.api.app.v1.Apps.Get',
      'c1.api.finding.v1.FindingAuditService.Search',
      'c1.api.finding.v1.FindingSearchService.Search',
      'c1.api.finding.v1.FindingService.BulkUpdateFindingState',
      'c1.api.finding.v1.FindingService.CreateFindingTask',
      'c1.api.finding.v1.FindingService.GetFinding',
      'c1.api.finding.v1.FindingService.UpdateFindingState',
      'c1.api.task.v1.TaskActionsService.Comment',
      'c1.api.user.v1.UserSearch.Search',
      'c1.api.user.v1.UserService.Get',
    ]);
  });

  it('the deliberately unfaithful fixtures are still legal on the wire (one member per oneof included), and only they fail the faithful check', async () => {
    const tenant = await createSandboxTenant();
    cleanups.push(() => tenant.close());
    const { clientFor } = await import('../helpers/tenant.js');
    const { createFindingsPort } = await import('../../src/adapters/findings-port.js');
    const { getCampaignScopeAndEntitlements } = await import('../../src/tenant/campaigns.js');
    const client = clientFor(tenant);
    cleanups.push(() => client.close());
    const port = createFindingsPort(client);
    for (const f of tenant.findings.all(Date.now())) await port.get(f.id);
    for (const id of tenant.campaigns.keys()) await getCampaignScopeAndEntitlements(client, id);
    expect(exchangeIssues(tenant.requests, 'wire')).toEqual([]);
    const unfaithful = new Set(
      exchangeIssues(tenant.requests, 'faithful').map((i) => i.request.split(' ')[1]),
    );
    expect([...unfaithful].sort()).toEqual([
      '/api/v1/access_review/CAMP_NEWER/scope_and_entitlements',
      '/api/v1/findings/FND_FUTURE',
    ]);
  });

  it('the finding-dispatch webhook envelope conforms, and its webhookId is the Webhook-Id header', async () => {
    const tenant = await createSandboxTenant({ deliberate: false });
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    cleanups.push(
      () => tenant.close(),
      () => new Promise<void>((r) => receiver.close(() => r())),
    );
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/findings`;
    for (const finding of tenant.findings.all(Date.now()).slice(0, 5)) {
      for (const withoutFinding of [false, true]) {
        const sent = await tenant.sendFindingWebhook(target, finding, { withoutFinding });
        const envelope = JSON.parse(sent.sent) as {
          webhookId: string;
          callbackUrl: string;
          payload: unknown;
        };
        expect(contract.check('c1.webhooks.v1.Body', envelope, 'faithful')).toEqual([]);
        expect(contract.check('c1.webhooks.v1.PayloadFindingDispatch', envelope.payload, 'faithful')).toEqual(
          [],
        );
        expect(sent.headers['webhook-id']).toBe(envelope.webhookId);
        expect(sent.headers['webhook-callback-url']).toBe(envelope.callbackUrl);
      }
    }
  });
});
