import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { type Harness, harnessPerTest, settle } from '../helpers/harness.js';
import { runStep } from '../helpers/workflow.js';

/**
 * Issue 29, items 1 and 6: a step run by someone who may not, by a guest or a person of another
 * organisation, with inputs it does not declare or of the wrong type, a finding id that is not
 * one, or while the tenant fails: the step fails with a readable reason, and nothing changes.
 */

let h: Harness;
const startOne = harnessPerTest();
const start = async (yaml = '') => {
  h = await startOne({ file: parseConfigFile(yaml, 'test.yaml') });
};
const SNOOZE = { finding_id: 'FND_SA_UNOWNED', days: 7, reason: 'Change freeze' };
const audit = () => h.warden.store.auditLog({ limit: 50 });
const tenantCalls = () => h.tenant.requests.filter((r) => r.path.startsWith('/api/')).length;

async function expectNothingChanged() {
  await settle(150);
  expect(h.stateChanges()).toHaveLength(0);
  expect(h.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.state).toBe('FINDING_STATE_OPEN');
}

describe('Workflow Builder steps refused', () => {
  it('a person without the permission: failed with why, audited as denied, nothing sent', async () => {
    await start('permissions:\n  snooze: { usergroups: [S0SECLEADS] }\n');
    const run = await runStep(h, 'snooze_finding', SNOOZE);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^Warden refused this step: You do not have the snooze permission/);
    await expectNothingChanged();
    expect((await audit())[0]).toMatchObject({ action: 'snooze', user_id: 'U0ALICE', outcome: 'denied' });
    // Bob is in the group: the same step as him goes through
    const bobs = await runStep(h, 'snooze_finding', SNOOZE, { by: 'U0BOB' });
    expect(bobs.status).toBe('completed');
  });

  it('a guest, a bot or a person of another organisation: failed, nothing read or changed', async () => {
    await start();
    const before = tenantCalls();
    const guest = await runStep(h, 'get_finding', { finding_id: 'FND_SA_UNOWNED' }, { by: 'U0GUEST' });
    expect(guest).toMatchObject({ status: 'failed', error: expect.stringMatching(/Guests may not/) });
    const external = await runStep(h, 'snooze_finding', SNOOZE, { by: 'U0EXTERNAL' });
    expect(external).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/workspace|organisation/i),
    });
    const bot = await runStep(
      h,
      'notify_owner',
      { finding_id: 'FND_CONNECTOR_ANOMALY_OFF' },
      { by: 'U0BOTTY' },
    );
    expect(bot).toMatchObject({ status: 'failed', error: expect.stringMatching(/Bots may not/) });
    expect(tenantCalls()).toBe(before);
    await expectNothingChanged();
  });

  it.each([
    ['an input it does not declare', { ...SNOOZE, shell: 'rm -rf /' }, /does not take shell/],
    ['a number as text', { ...SNOOZE, days: '7' }, /days must be a whole number/],
    ['a person to act as (no longer taken)', { ...SNOOZE, user_id: 'U0BOB' }, /does not take user_id/],
    ['a path for a finding id', { ...SNOOZE, finding_id: '../../x' }, /finding_id is not a finding id/],
    ['days past the limit', { ...SNOOZE, days: 100_000 }, /days must be between 1 and/],
    ['no reason', { ...SNOOZE, reason: null }, /needs reason/],
  ])('bad input, %s: failed before any tenant call, with a ref', async (_what, inputs, why) => {
    await start();
    const before = tenantCalls();
    const run = await runStep(h, 'snooze_finding', inputs, { unchecked: true });
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(why);
    expect(run.error).toMatch(/\(ref [A-Za-z0-9._-]+\)$/);
    expect(tenantCalls()).toBe(before);
    await expectNothingChanged();
    expect(h.logs.join('')).toMatch(/workflow step refused: bad input/);
  });

  it('a finding the tenant does not know: failed, saying so', async () => {
    await start();
    const run = await runStep(h, 'get_finding', { finding_id: 'FND_DOES_NOT_EXIST' });
    expect(run).toMatchObject({ status: 'failed', error: expect.stringMatching(/no such item/) });
  });

  it('the tenant fails (500): failed with the reason and a ref; the finding is as it was', async () => {
    await start();
    h.tenant.faults.add({
      method: 'POST',
      path: /\/state$/,
      status: 500,
      body: { code: 13, message: 'db down' },
      times: 20,
    });
    const run = await runStep(h, 'snooze_finding', SNOOZE);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/ref /);
    expect(run.error).not.toMatch(/^:/); // no emoji code in a Slackbot message
    expect(h.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.state).toBe('FINDING_STATE_OPEN');
    expect((await audit()).find((e) => e.action === 'snooze')?.outcome).toBe('failed');
    h.tenant.faults.add({ method: 'GET', status: 500, body: { code: 13, message: 'db down' }, times: 20 });
    const read = await runStep(h, 'get_finding', { finding_id: 'FND_SA_UNOWNED' });
    expect(read).toMatchObject({ status: 'failed', error: expect.stringMatching(/ref /) });
  });
});
