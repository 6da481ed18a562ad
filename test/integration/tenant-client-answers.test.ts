import type { SandboxTenant } from '@warden/simulators';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFindingsPort } from '../../src/adapters/findings-port.js';
import type { FindingAction } from '../../src/domain/actions.js';
import { InvalidInputError } from '../../src/errors.js';
import { getCampaignScopeAndEntitlements } from '../../src/tenant/campaigns.js';
import type { TenantClient } from '../../src/tenant/client.js';
import { getFinding } from '../../src/tenant/findings.js';
import { gather } from '../../src/tenant/paginate.js';
import {
  changeState,
  clientFor,
  closeBoth,
  rejection,
  sandboxWithClient,
  seen,
  snooze,
} from '../helpers/tenant.js';

/**
 * The tenant client's paths (an id stays one path segment, or is refused before any request),
 * its search by refs, and answers it refuses (a body off the spec, one too large).
 */
let sandbox: SandboxTenant;
let client: TenantClient;
beforeEach(async () => {
  ({ sandbox, client } = await sandboxWithClient());
});
afterEach(() => closeBoth(sandbox, client));

describe('paths', () => {
  it.each([
    ['../x', '/api/v1/findings/..%2Fx'],
    ['a/b?c=1', '/api/v1/findings/a%2Fb%3Fc%3D1'],
    ['%2e%2e', '/api/v1/findings/%252e%252e'],
  ])('keeps %s inside one path segment', async (id, rawPath) => {
    const error = await rejection(getFinding(client, id));
    expect(error.kind).toBe('not_found');
    expect(sandbox.requests.at(-1)?.rawPath).toBe(rawPath);
  });

  it.each(['', 'x'.repeat(500), '..'])('refuses %j before any request', async (id) => {
    await expect(changeState(client, id, { kind: 'reopen' })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(getCampaignScopeAndEntitlements(client, id)).rejects.toBeInstanceOf(InvalidInputError);
    expect(sandbox.requests).toHaveLength(0);
  });
});

describe('search', () => {
  it('searches by refs written as FindingRef objects, [{"id": …}], as the schema says', async () => {
    const found = await gather(
      createFindingsPort(client).search({ refs: [{ id: 'FND_CUSTOM' }, { id: 'FND_NHI_UNOWNED' }] }),
    );
    expect(found.map((f) => f.id).sort()).toEqual(['FND_CUSTOM', 'FND_NHI_UNOWNED']);
    const [search] = seen(sandbox, 'POST', /\/findings\/search$/);
    expect(JSON.parse(search?.body ?? '{}').refs).toEqual([{ id: 'FND_CUSTOM' }, { id: 'FND_NHI_UNOWNED' }]);
  });
});

describe('answers', () => {
  it('refuses a 200 whose body does not match the spec', async () => {
    sandbox.faults.add({ method: 'GET', status: 200, body: { finding: { state: 'FINDING_STATE_OPEN' } } });
    const error = await rejection(getFinding(client, 'FND_SA_UNOWNED'));
    expect(error.kind).toBe('bad_response');
    expect(error.message).toMatch(/finding\.id/);
  });

  it('refuses an answer over the size limit', async () => {
    await client.close();
    client = clientFor(sandbox, 'static', { maxResponseBytes: 10_000 });
    const error = await rejection(getCampaignScopeAndEntitlements(client, 'CAMP_LARGE'));
    expect(error.kind).toBe('bad_response');
    expect(error.message).toMatch(/larger than 10000 bytes/);
  });

  it('reads a campaign of 2,500 entitlements with expanded objects', async () => {
    const campaign = await getCampaignScopeAndEntitlements(client, 'CAMP_LARGE');
    expect(campaign.list).toHaveLength(2_500);
    expect(campaign.expanded?.[1]?.['@type']).toBe('type.googleapis.com/c1.api.app.v1.App');
    const empty = await getCampaignScopeAndEntitlements(client, 'CAMP_EMPTY');
    expect(empty.scopeV2).toBeNull();
  });

  it('never puts an email from a reason into an error (the request body is logged with it)', async () => {
    sandbox.faults.add({ method: 'POST', path: /\/state$/, status: 400, body: { code: 3, message: 'bad' } });
    const action: FindingAction = {
      kind: 'suppress',
      reason: 'test account — via Slack by alice (alice@acme.example)',
    };
    const error = await rejection(changeState(client, 'FND_SA_UNOWNED', action));
    expect(error.request?.body).toContain('via Slack by alice ([email])');
    expect(JSON.stringify(error)).not.toContain('alice@acme.example');
  });

  it('never puts a token or secret in an error', async () => {
    await client.close();
    client = clientFor(sandbox, 'plain');
    sandbox.faults.add({ method: 'POST', path: /\/state$/, status: 400, body: { code: 3, message: 'bad' } });
    const error = await rejection(changeState(client, 'FND_SA_UNOWNED', snooze()));
    const printed = `${error.message} ${JSON.stringify(error)} ${String(error.stack)}`;
    expect(printed).not.toContain(sandbox.credentials.clientSecret);
    expect(printed).not.toMatch(/Bearer [A-Za-z0-9_-]{10,}/);
    expect(error.request?.url).toBe(`${sandbox.url}/api/v1/findings/FND_SA_UNOWNED/state`);
  });
});
