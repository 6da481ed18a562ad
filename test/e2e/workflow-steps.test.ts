import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { type Harness, harnessPerTest, waitFor } from '../helpers/harness.js';
import { runStep } from '../helpers/workflow.js';

/**
 * Issue 29, item 1: each Workflow Builder step, run as a workflow runs it (function_executed from
 * the local Slack, signed, through Warden's real receiver), ends with outputs of the declared
 * types, and a change shows in the finding's card, thread and audit like a click's.
 */

let h: Harness;
const startOne = harnessPerTest();
const start = async (yaml = '', socketMode = false) => {
  h = await startOne({ file: parseConfigFile(yaml, 'test.yaml'), socketMode });
};
const ALICE = 'U0ALICE';
const audit = () => h.warden.store.auditLog({ limit: 50 });
const state = (id: string) => h.tenant.findings.get(id, Date.now())?.state;

describe('Workflow Builder steps', () => {
  it('Get finding: completes with the finding’s state and severity; changes nothing', async () => {
    await start();
    const run = await runStep(h, 'get_finding', { finding_id: 'FND_SA_UNOWNED' });
    expect(run.status).toBe('completed');
    expect(run.outputs).toMatchObject({
      finding_id: 'FND_SA_UNOWNED',
      state: 'FINDING_STATE_OPEN',
      severity: expect.stringMatching(/^FINDING_SEVERITY_/),
    });
    expect(h.stateChanges()).toHaveLength(0);
    // the run's function-scoped token is a secret: never in a log line
    expect(h.logs.join('')).not.toContain(run.token);
  });

  it('Snooze finding: the tenant snoozes it as Alice; the card, its thread and the audit show it', async () => {
    await start();
    const ts = await h.postAlert('FND_SA_UNOWNED');
    // Alice clicks the workflow's link trigger: her interactivity is who the step acts as
    const run = await runStep(
      h,
      'snooze_finding',
      { finding_id: 'FND_SA_UNOWNED', days: 7, reason: 'Change freeze until the audit' },
      { by: ALICE },
    );
    expect(run.status).toBe('completed');
    expect(run.outputs).toMatchObject({
      finding_id: 'FND_SA_UNOWNED',
      state: 'FINDING_STATE_SNOOZED',
      state_text: 'Snoozed',
    });
    const until = Number(run.outputs?.snoozed_until);
    expect(Math.abs(until * 1_000 - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    // beside the timestamp, the date in words in Alice's own zone (Europe/Berlin)
    const berlin = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      day: 'numeric',
      month: 'short',
    });
    expect(run.outputs?.snoozed_until_text).toContain(berlin.format(new Date(until * 1_000)));
    expect(run.outputs?.snoozed_until_text).toMatch(/\b(CET|CEST|GMT\+[12])$/);
    const [body] = h.stateChanges();
    expect(body?.snooze).toMatchObject({ reason: expect.stringContaining('Change freeze until the audit') });
    expect(JSON.stringify(body)).toContain('(U0ALICE)'); // attributed to the person, as for a click
    expect(state('FND_SA_UNOWNED')).toBe('FINDING_STATE_SNOOZED');
    await waitFor(
      () => h.slack.thread('C0SECOPS', ts).some((m) => m.text.includes('<@U0ALICE>')),
      5_000,
      'thread',
    );
    await waitFor(() =>
      JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks).includes('Snoozed'),
    );
    expect((await audit()).find((e) => e.action === 'snooze')).toMatchObject({
      finding_id: 'FND_SA_UNOWNED',
      outcome: 'ok',
    });
  });

  it('Resolve finding: with a closure reason; `other` needs a note', async () => {
    await start();
    const bare = await runStep(h, 'resolve_finding', {
      finding_id: 'FND_NHI_UNOWNED',
      closure_reason: 'other',
    });
    expect(bare).toMatchObject({ status: 'failed', error: expect.stringMatching(/other needs a note/) });
    expect(h.stateChanges()).toHaveLength(0);
    const run = await runStep(h, 'resolve_finding', {
      finding_id: 'FND_NHI_UNOWNED',
      closure_reason: 'fixed',
      note: 'Owner assigned in the CMDB',
    });
    expect(run).toMatchObject({
      status: 'completed',
      outputs: { finding_id: 'FND_NHI_UNOWNED', state: 'FINDING_STATE_RESOLVED' },
    });
    expect(JSON.stringify(h.stateChanges()[0])).toContain('Fixed: Owner assigned in the CMDB');
  });

  it('Request risk acceptance without four-eyes: accepted at once, until when', async () => {
    await start();
    const run = await runStep(h, 'request_risk_acceptance', {
      finding_id: 'FND_UNUSED_SECRET',
      justification: 'Break-glass secret, monitored',
      days: 30,
    });
    expect(run).toMatchObject({
      status: 'completed',
      outputs: { finding_id: 'FND_UNUSED_SECRET', state: 'FINDING_STATE_RISK_ACCEPTED' },
    });
    expect(run.outputs?.approved_by).toBeUndefined();
    expect(Number(run.outputs?.accepted_until)).toBeGreaterThan(Date.now() / 1_000 + 29 * 86_400);
  });

  it('Find owner of finding: the owner’s Slack person, or none', async () => {
    await start();
    const bobs = await runStep(h, 'find_owner', { finding_id: 'FND_CONNECTOR_ANOMALY_OFF' });
    expect(bobs.outputs).toEqual({
      finding_id: 'FND_CONNECTOR_ANOMALY_OFF',
      owner_found: true,
      owner_user_id: 'U0BOB',
    });
    const none = await runStep(h, 'find_owner', { finding_id: 'FND_SA_UNOWNED' });
    expect(none.outputs).toEqual({ finding_id: 'FND_SA_UNOWNED', owner_found: false });
  });

  it('Notify owner: the card in the owner’s DM, audited; nobody to notify fails and says why', async () => {
    await start();
    const run = await runStep(h, 'notify_owner', { finding_id: 'FND_CONNECTOR_ANOMALY_OFF' });
    expect(run).toMatchObject({ status: 'completed', outputs: { owner_user_id: 'U0BOB' } });
    expect(h.slack.messages.some((m) => m.channel === 'D0BOB' && !m.thread_ts)).toBe(true);
    expect((await audit()).find((e) => e.action === 'notifyOwner')).toMatchObject({
      outcome: 'ok',
    });
    const none = await runStep(h, 'notify_owner', { finding_id: 'FND_SA_UNOWNED' });
    expect(none.status).toBe('failed');
    expect(none.error).not.toContain('FND_SA_UNOWNED`');
    expect(none.error).toMatch(/owner/i);
    expect(none.error?.length).toBeLessThanOrEqual(500);
  });

  it('runs over Socket Mode too, ended with the run’s own function-scoped token', async () => {
    await start('', true);
    await waitFor(() => h.slack.socket.connected, 5_000, 'socket');
    const run = await runStep(h, 'get_finding', { finding_id: 'FND_SNOOZED' }, { socket: true });
    expect(run).toMatchObject({ status: 'completed', outputs: { state: 'FINDING_STATE_SNOOZED' } });
    expect(h.slack.callsOf('functions.completeSuccess').at(-1)?.token).toBe(run.token);
    expect(h.logs.join('')).not.toContain(run.token);
  });
});
