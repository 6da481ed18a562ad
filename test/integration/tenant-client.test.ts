import { createServer } from 'node:net';
import type { SandboxTenant } from '@warden/simulators';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Secret } from '../../src/secret.js';
import { TenantClient } from '../../src/tenant/client.js';
import { getFinding } from '../../src/tenant/findings.js';
import {
  changeState,
  clientFor,
  closeBoth,
  FAST_RETRY,
  rejection,
  sandboxWithClient,
  seen,
  snooze,
} from '../helpers/tenant.js';

let sandbox: SandboxTenant;
let client: TenantClient;

beforeEach(async () => {
  ({ sandbox, client } = await sandboxWithClient());
});
afterEach(() => closeBoth(sandbox, client));

const statePosts = () => seen(sandbox, 'POST', /\/state$/);
const findingGets = () => seen(sandbox, 'GET', /^\/api\/v1\/findings\//);

describe('reads: retries', () => {
  it('honours Retry-After on 429', async () => {
    sandbox.faults.add({ method: 'GET', status: 429, retryAfter: '1' });
    const started = Date.now();
    expect((await getFinding(client, 'FND_SA_UNOWNED')).id).toBe('FND_SA_UNOWNED');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(findingGets()).toHaveLength(2);
  });

  it.each([502, 503, 504])('retries %i', async (status) => {
    sandbox.faults.add({ method: 'GET', status, times: 2 });
    expect((await getFinding(client, 'FND_SA_UNOWNED')).id).toBe('FND_SA_UNOWNED');
    expect(findingGets()).toHaveLength(3);
  });

  it('retries a dropped connection', async () => {
    sandbox.faults.add({ method: 'GET', drop: true });
    expect((await getFinding(client, 'FND_SA_UNOWNED')).id).toBe('FND_SA_UNOWNED');
    expect(findingGets()).toHaveLength(2);
  });

  it('stops after maxRetries and reports the last failure', async () => {
    sandbox.faults.add({ method: 'GET', status: 503, times: 100 });
    const error = await rejection(getFinding(client, 'FND_SA_UNOWNED'));
    expect(error.kind).toBe('unavailable');
    expect(error.status).toBe(503);
    expect(findingGets()).toHaveLength(4); // 1 + 3 retries
  });

  it('does not wait out a Retry-After beyond the limit', async () => {
    sandbox.faults.add({ method: 'GET', status: 429, retryAfter: '3600' });
    const started = Date.now();
    const error = await rejection(getFinding(client, 'FND_SA_UNOWNED'));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(3600);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('does not retry a 500 on a read', async () => {
    sandbox.faults.add({ method: 'GET', status: 500, body: { code: 13, message: 'internal' } });
    const error = await rejection(getFinding(client, 'FND_SA_UNOWNED'));
    expect(error.kind).toBe('unavailable');
    expect(error.serverMessage).toBe('internal');
    expect(findingGets()).toHaveLength(1);
  });

  it('times out a slow answer and retries it', async () => {
    await client.close();
    // A budget a busy machine's answer fits in (150 ms once timed out the retry too, under load).
    client = clientFor(sandbox, 'static', { requestTimeoutMs: 1_500 });
    sandbox.faults.add({ method: 'GET', latencyMs: 4_000 });
    expect((await getFinding(client, 'FND_SA_UNOWNED')).id).toBe('FND_SA_UNOWNED');
    expect(findingGets()).toHaveLength(2);
  });

  it('reports a timeout as such when every attempt is slow', async () => {
    await client.close();
    client = clientFor(sandbox, 'static', { requestTimeoutMs: 100, retry: { ...FAST_RETRY, maxRetries: 1 } });
    sandbox.faults.add({ method: 'GET', latencyMs: 400, times: 5 });
    const error = await rejection(getFinding(client, 'FND_SA_UNOWNED'));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer getFinding within 100 ms/);
  });

  it('reports connection refused as unavailable and not processed', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const address = s.address();
        s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const closed = new TenantClient({
      baseUrl: `http://127.0.0.1:${port}`,
      auth: { kind: 'static', accessToken: new Secret('t') },
      retry: FAST_RETRY,
    });
    const error = await rejection(changeState(closed, 'FND_SA_UNOWNED', snooze()));
    expect(error.kind).toBe('unavailable');
    expect(error.processed).toBe('no');
    await closed.close();
  });
});

describe('state changes: never repeated blindly', () => {
  it('returns the finding the tenant answered with', async () => {
    const action = snooze();
    const finding = await changeState(client, 'FND_SA_UNOWNED', action);
    expect(finding.state).toBe('FINDING_STATE_SNOOZED');
    expect(finding.snoozeReason).toBe('waiting on vendor');
    expect(JSON.parse(statePosts()[0]?.body ?? '{}')).toEqual({
      snooze: {
        reason: 'waiting on vendor',
        snoozeUntil: (action.kind === 'snooze' && action.until.toISOString()) || '',
      },
    });
  });

  it('reads the finding back when the tenant confirms a change with finding null', async () => {
    sandbox.answers.stateChangeWithoutFinding = true;
    const finding = await changeState(client, 'FND_SA_UNOWNED', snooze());
    expect(finding).toMatchObject({ id: 'FND_SA_UNOWNED', state: 'FINDING_STATE_SNOOZED' });
    expect(statePosts()).toHaveLength(1);
    expect(findingGets()).toHaveLength(1);
  });

  it('says the change was made when the finding cannot be read back after finding null', async () => {
    sandbox.answers.stateChangeWithoutFinding = true;
    sandbox.faults.add({ method: 'GET', path: '/api/v1/findings/FND_SA_UNOWNED', status: 404 });
    const error = await rejection(changeState(client, 'FND_SA_UNOWNED', snooze()));
    expect(error).toMatchObject({ operation: 'readBackAfterChange', processed: 'yes' });
    expect(statePosts()).toHaveLength(1);
    expect(sandbox.findings.get('FND_SA_UNOWNED', Date.now())?.state).toBe('FINDING_STATE_SNOOZED');
  });

  it.each([429, 503])('repeats after %i: the tenant did not act', async (status) => {
    sandbox.faults.add({ method: 'POST', path: /\/state$/, status, retryAfter: '0' });
    const finding = await changeState(client, 'FND_SA_UNOWNED', snooze());
    expect(finding.state).toBe('FINDING_STATE_SNOOZED');
    expect(statePosts()).toHaveLength(2);
    expect(findingGets()).toHaveLength(0);
  });

  it.each([500, 502, 504])('after %i once applied, reads back and does not repeat', async (status) => {
    sandbox.faults.add({ method: 'POST', path: /\/state$/, status, after: true });
    const finding = await changeState(client, 'FND_SA_UNOWNED', snooze());
    expect(finding.state).toBe('FINDING_STATE_SNOOZED');
    expect(statePosts()).toHaveLength(1);
    expect(findingGets()).toHaveLength(1);
  });

  it('after a 500 that was not applied, reads back and repeats once', async () => {
    sandbox.faults.add({ method: 'POST', path: /\/state$/, status: 500 });
    const finding = await changeState(client, 'FND_SA_UNOWNED', snooze());
    expect(finding.state).toBe('FINDING_STATE_SNOOZED');
    expect(statePosts()).toHaveLength(2);
    expect(findingGets()).toHaveLength(1);
  });

  it('after a connection reset once applied, reads back and does not repeat', async () => {
    sandbox.faults.add({ method: 'POST', path: /\/state$/, drop: true, after: true });
    const finding = await changeState(client, 'FND_SA_UNOWNED', snooze());
    expect(finding.state).toBe('FINDING_STATE_SNOOZED');
    expect(statePosts()).toHaveLength(1);
  });

  it('after a timeout, reads back before repeating', async () => {
    await client.close();
    client = clientFor(sandbox, 'static', { requestTimeoutMs: 150 });
    sandbox.faults.add({ method: 'POST', path: /\/state$/, latencyMs: 500 });
    const finding = await changeState(client, 'FND_SA_UNOWNED', snooze());
    expect(finding.state).toBe('FINDING_STATE_SNOOZED');
    expect(findingGets().length).toBeGreaterThanOrEqual(1);
  });

  it('a snooze to another date is not mistaken for this one', async () => {
    // FND_SNOOZED is snoozed until 2027-01-15; reopening it then failing ambiguously must repeat.
    sandbox.faults.add({ method: 'POST', path: /\/state$/, status: 502 });
    const reopened = await changeState(client, 'FND_SNOOZED', { kind: 'reopen' });
    expect(reopened.state).toBe('FINDING_STATE_OPEN');
    expect(statePosts()).toHaveLength(2);
  });

  it('says the outcome is unknown when the read-back fails too', async () => {
    sandbox.faults.add({ method: 'POST', path: /\/state$/, status: 500 });
    sandbox.faults.add({ method: 'GET', status: 500 });
    const error = await rejection(changeState(client, 'FND_SA_UNOWNED', snooze()));
    expect(error.processed).toBe('maybe');
    expect(error.message).toMatch(/may or may not have been applied/);
    expect(statePosts()).toHaveLength(1);
  });

  it('shows the refusal of a move the tenant does not allow, without retrying', async () => {
    const error = await rejection(changeState(client, 'FND_RESOLVED', snooze()));
    expect(error.kind).toBe('invalid');
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe('cannot snooze a finding in state FINDING_STATE_RESOLVED');
    expect(error.message).toContain('cannot snooze');
    expect(statePosts()).toHaveLength(1);
  });

  it('maps an unknown finding to not_found', async () => {
    const error = await rejection(changeState(client, 'FND_NOPE', { kind: 'reopen' }));
    expect(error.kind).toBe('not_found');
  });

  it('maps 403 and 409 with the server message', async () => {
    sandbox.faults.add({ method: 'POST', status: 403, body: { code: 7, message: 'needs finding admin' } });
    sandbox.faults.add({ method: 'POST', status: 409, body: 'plain text conflict' });
    const denied = await rejection(changeState(client, 'FND_SA_UNOWNED', snooze()));
    expect(denied.kind).toBe('permission_denied');
    expect(denied.serverMessage).toBe('needs finding admin');
    expect(denied.serverCode).toBe('7');
    const conflict = await rejection(changeState(client, 'FND_SA_UNOWNED', snooze()));
    expect(conflict.kind).toBe('conflict');
    expect(conflict.serverMessage).toBe('"plain text conflict"');
  });
});
