import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { type Harness, harnessPerTest, settle } from '../helpers/harness.js';
import { runStep } from '../helpers/workflow.js';

/**
 * Who a Workflow Builder step acts as: the person whose click started the workflow, from the
 * step's interactivity input (only Slack gives one), never a person the workflow's builder names.
 * A run without a person's interactivity is failed before anything is read; a workflow that still
 * names someone in a `user_id` does not act as them.
 */

let h: Harness;
const startOne = harnessPerTest();
// Alice may snooze; Carol may not (the CISO-or-not case: one person's permission, not the other's).
const start = async () => {
  h = await startOne({
    file: parseConfigFile('permissions:\n  snooze: { users: [U0ALICE] }\n', 'test.yaml'),
  });
};
const SNOOZE = { finding_id: 'FND_SA_UNOWNED', days: 7, reason: 'Change freeze' };
const audit = () => h.warden.store.auditLog({ limit: 50 });
const tenantCalls = () => h.tenant.requests.filter((r) => r.path.startsWith('/api/')).length;
const PERSON =
  /^Warden could not run this step: this step must be run by a person\. Start the workflow from a link, button or shortcut trigger/;

async function expectNothingChanged() {
  await settle(150);
  expect(h.stateChanges()).toHaveLength(0);
  expect(h.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.state).toBe('FINDING_STATE_OPEN');
}

describe('Workflow Builder steps act as the person who ran the workflow', () => {
  it.each([
    ['no interactivity (a scheduled trigger)', {}],
    ['a user id typed in as the interactivity', { interactivity: 'U0ALICE' }],
    ['an interactivity with no interactor', { interactivity: { interactivity_pointer: '1.2.abc' } }],
    [
      'an interactor that is not a Slack person',
      { interactivity: { interactor: { id: 'alice@acme.example' } } },
    ],
  ])('%s: failed, saying a person must run it; nothing read or changed', async (_what, person) => {
    await start();
    const before = tenantCalls();
    for (const step of ['snooze_finding', 'get_finding'] as const) {
      const inputs =
        step === 'get_finding' ? { finding_id: SNOOZE.finding_id, ...person } : { ...SNOOZE, ...person };
      const run = await runStep(h, step, inputs, { by: null, unchecked: true });
      expect(run.status).toBe('failed');
      expect(run.error).toMatch(PERSON);
      expect(run.error).toMatch(/\(ref [A-Za-z0-9._-]+\)$/);
    }
    expect(tenantCalls()).toBe(before);
    await expectNothingChanged();
    expect(await audit()).toEqual([]);
    expect(h.logs.join('')).toMatch(/workflow step refused: no person ran it/);
  });

  it('Carol runs a workflow that names Alice in user_id: not run as Alice; nothing changed', async () => {
    await start();
    // a workflow built when the step took user_id, set to Alice; Carol clicks its trigger
    const run = await runStep(
      h,
      'snooze_finding',
      { ...SNOOZE, user_id: 'U0ALICE' },
      { by: 'U0CAROL', unchecked: true },
    );
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/does not take user_id/);
    await expectNothingChanged();
    expect((await audit()).filter((e) => e.user_id === 'U0ALICE')).toEqual([]);
  });

  it('the actor is the interactor: Carol is refused as Carol, Alice’s run snoozes as Alice', async () => {
    await start();
    const carols = await runStep(h, 'snooze_finding', SNOOZE, { by: 'U0CAROL' });
    expect(carols.status).toBe('failed');
    expect(carols.error).toMatch(/^Warden refused this step: You do not have the snooze permission/);
    await expectNothingChanged();
    expect((await audit())[0]).toMatchObject({ action: 'snooze', user_id: 'U0CAROL', outcome: 'denied' });

    const alices = await runStep(h, 'snooze_finding', SNOOZE, { by: 'U0ALICE' });
    expect(alices.status).toBe('completed');
    expect(JSON.stringify(h.stateChanges()[0])).toContain('(U0ALICE)');
    expect((await audit()).find((e) => e.outcome === 'ok')).toMatchObject({
      action: 'snooze',
      user_id: 'U0ALICE',
    });
    // Slack's interactivity secret is Slack's: never in Warden's log
    const secret = (alices.inputs.interactivity as { interactor: { secret: string } }).interactor.secret;
    expect(h.logs.join('')).not.toContain(secret);
  });
});
