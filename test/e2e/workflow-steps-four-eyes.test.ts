import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SlackActor } from '@warden/simulators';
import { createLocalSlack } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { expireApprovals } from '../../src/usecases/approvals/expire-approvals.js';
import { ALICE, type Harness, harnessPerTest, settle, startHarness, waitFor } from '../helpers/harness.js';
import { startSandbox } from '../helpers/tenant.js';
import { expectPlainStepError, runStep, startStep } from '../helpers/workflow.js';

/**
 * Issue 29, item 1: Request risk acceptance under four-eyes. The step becomes a request in the
 * finding's thread and stays running; an approver's Approve completes it (outputs: who approved,
 * until when), a Deny or the request's expiry fails it. The run's id is kept with the request in
 * the store: another Warden (a restart, a replica) ends it.
 */

const FOUR_EYES = parseConfigFile('permissions:\n  acceptRisk: { approvers: S0SECLEADS }\n', 'test.yaml');
const CAROL: SlackActor = { ...ALICE, userId: 'U0CAROL', userName: 'carol' };
const FINDING = 'FND_UNUSED_SECRET';
const INPUTS = {
  finding_id: FINDING,
  justification: 'Break-glass secret, monitored',
  days: 30,
};

let h: Harness;
const startOne = harnessPerTest();
const approvalId = (ts: string) =>
  JSON.stringify(h.slack.thread('C0SECOPS', ts)[0]?.blocks).match(/"value":"(apr_[a-z0-9]+)"/)?.[1] ?? '';

/** The step run as Alice, up to the request in the alert's thread; the run is still running. */
async function requested() {
  const ts = await h.postAlert(FINDING);
  const run = await startStep(h, 'request_risk_acceptance', INPUTS);
  await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'the request in the thread');
  await settle(150);
  expect(run.status).toBe('running');
  expect(h.stateChanges()).toHaveLength(0);
  return { run, ts, id: approvalId(ts) };
}

async function approve(ts: string, id: string) {
  const form = await h.openForm('approval.approve', id, ts, CAROL);
  const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await form.submit({ 'Accept until': date, Confirmation: true }, CAROL);
}

describe('Request risk acceptance as a workflow step, under four-eyes', () => {
  it('stays running until an approver approves; then completes with who approved and until when', async () => {
    h = await startOne({ file: FOUR_EYES });
    const { run, ts, id } = await requested();
    expect(h.slack.thread('C0SECOPS', ts)[0]?.text).toMatch(/Risk acceptance request for FND_UNUSED_SECRET/);
    expect((await h.warden.store.getApproval(id))?.functionExecutionId).toBe(run.id);
    await approve(ts, id);
    await waitFor(() => run.status !== 'running', 8_000, 'the step to end');
    expect(run).toMatchObject({
      status: 'completed',
      outputs: {
        finding_id: FINDING,
        state: 'FINDING_STATE_RISK_ACCEPTED',
        state_text: 'Risk accepted',
        approved_by: 'U0CAROL',
      },
    });
    // the date in words, in the zone of Alice, who ran the workflow (Europe/Berlin)
    expect(run.outputs?.accepted_until_text).toMatch(/\b(CET|CEST|GMT\+[12])$/);
    const until = Number(run.outputs?.accepted_until) * 1_000;
    expect(Math.abs(until - (Date.now() + 20 * 86_400_000))).toBeLessThan(2 * 86_400_000);
    expect(h.stateChanges()).toHaveLength(1);
    const accepted = h.stateChanges()[0]?.acceptRisk as { justification: string };
    expect(accepted.justification).toBe(
      'Break-glass secret, monitored — via Slack by "Alice Adams" (U0ALICE), approved by "Carol Chen" (U0CAROL)',
    );
    // ended later, with the app's bot token (the run's own token belongs to its event)
    expect(h.slack.callsOf('functions.completeSuccess').at(-1)?.token).toBe(h.slack.botToken);
  });

  it('a denial fails the step with who denied and why; nothing changes', async () => {
    h = await startOne({ file: FOUR_EYES });
    const { run, ts, id } = await requested();
    const form = await h.openForm('approval.deny', id, ts, CAROL);
    await form.submit({ 'Why not': 'No compensating control yet' }, CAROL);
    await waitFor(() => run.status !== 'running', 8_000, 'the step to end');
    expect(run.status).toBe('failed');
    // plain text, as Slack shows it in the workflow's activity: the approver by name, not <@U…>
    expect(run.error).toMatch(/^Carol Chen denied the risk acceptance: No compensating control yet/);
    expectPlainStepError(run.error);
    expect(h.stateChanges()).toHaveLength(0);
  });

  it('the request goes in the alert’s thread in its channel, never in the owner’s DM copy of the card', async () => {
    h = await startOne({ file: FOUR_EYES });
    const finding = 'FND_CONNECTOR_ANOMALY_OFF'; // its owner, Bob, is sent the card in a DM first
    const ts = await h.postAlert(finding);
    const notified = await runStep(h, 'notify_owner', { finding_id: finding });
    expect(notified.status).toBe('completed');
    const dm = await waitFor(() => h.slack.messages.find((m) => m.channel === 'D0BOB' && !m.thread_ts));
    const run = await startStep(h, 'request_risk_acceptance', { ...INPUTS, finding_id: finding });
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'the request in the thread');
    expect(h.slack.thread('C0SECOPS', ts)[0]?.text).toMatch(
      /Risk acceptance request for FND_CONNECTOR_ANOMALY_OFF/,
    );
    expect(h.slack.thread('D0BOB', dm.ts).filter((m) => /Risk acceptance request/.test(m.text))).toEqual([]);
    expect(run.status).toBe('running');
  });

  it('a request that expires without a decision fails the step', async () => {
    let offset = 0;
    h = await startOne({ file: FOUR_EYES, clock: () => Date.now() + offset });
    const { run } = await requested();
    offset = 8 * 86_400_000; // past approvals.expireAfterHours
    expect(await expireApprovals(h.ports)).toBe(1);
    await waitFor(() => run.status !== 'running', 5_000, 'the step to end');
    expect(run).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/expired without a decision/),
    });
    expect(h.stateChanges()).toHaveLength(0);
  });

  it('another Warden on the same store (a restart, a replica) completes the step on approval', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'warden-wf-'));
    const slack = await createLocalSlack();
    const tenant = await startSandbox();
    try {
      const first = await startHarness({ file: FOUR_EYES, slack, tenant, dataDir });
      h = first;
      const { run, ts, id } = await requested();
      await first.close();
      h = await startHarness({ file: FOUR_EYES, slack, tenant, dataDir });
      await approve(ts, id);
      await waitFor(() => run.status !== 'running', 8_000, 'the step to end');
      expect(run).toMatchObject({ status: 'completed', outputs: { approved_by: 'U0CAROL' } });
      await h.close();
    } finally {
      await slack.close();
      await tenant.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
