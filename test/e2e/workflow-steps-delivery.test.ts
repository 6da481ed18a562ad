import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalSlack, postSignedJson } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { type Harness, harnessPerTest, settle, startHarness, waitFor } from '../helpers/harness.js';
import { startSandbox } from '../helpers/tenant.js';
import { defineSteps } from '../helpers/workflow.js';

/**
 * Issue 29, items 1 and 6: how a run reaches Warden. Slack delivers a function_executed again
 * when it saw no answer in time (a retry, same body), and behind a load balancer that retry may
 * land on another replica: the run is taken once, by whichever replica saw it first, as the store
 * remembers it. A run from a workspace Warden does not serve is failed with a sentence, not only
 * acknowledged, so the person who ran the workflow learns why.
 */

const SNOOZE = { finding_id: 'FND_SA_UNOWNED', days: 7, reason: 'Change freeze' };
const ended = (h: Harness) =>
  h.slack.callsOf('functions.completeSuccess').length + h.slack.callsOf('functions.completeError').length;

describe('Workflow Builder runs as Slack delivers them', () => {
  it('the same run delivered again to another Warden on the same store is run once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'warden-wf-retry-'));
    const slack = await createLocalSlack();
    const tenant = await startSandbox();
    const both: Harness[] = [];
    try {
      const a = await startHarness({ slack, tenant, dataDir });
      both.push(a);
      const b = await startHarness({ slack, tenant, dataDir });
      both.push(b);
      defineSteps(a);
      const { run, delivery } = slack.runStep(
        'snooze_finding',
        SNOOZE,
        { url: a.url },
        { by: 'U0ALICE', retry: { retryDelaysMs: [] } },
      );
      const first = await delivery;
      expect(first.delivered).toBe(true);
      // Slack's retry of the same event (same body, signed afresh: a later timestamp, so not the
      // signed request's replay memory), taken by the other replica
      const later = (s: number) => Math.floor(Date.now() / 1_000) + s;
      const retry = await postSignedJson(b.url, first.payload, slack.signingSecret, {
        timestamp: later(1),
        headers: { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' },
      });
      expect(retry.status).toBe(200);
      await waitFor(() => run.status !== 'running', 8_000, 'the step to end');
      await settle(600);
      expect(run).toMatchObject({ status: 'completed', outputs: { state: 'FINDING_STATE_SNOOZED' } });
      expect(a.stateChanges()).toHaveLength(1);
      expect(ended(a)).toBe(1);
      expect(b.logs.join('')).toMatch(/repeated workflow step delivery ignored/);
      // and the same Warden given it again (its memory, or the store's) runs it once too
      await postSignedJson(a.url, first.payload, slack.signingSecret, {
        timestamp: later(2),
        headers: { 'x-slack-retry-num': '2', 'x-slack-retry-reason': 'http_timeout' },
      });
      await settle(300);
      expect(a.stateChanges()).toHaveLength(1);
      expect(ended(a)).toBe(1);
    } finally {
      for (const h of both) await h.close();
      await slack.close();
      await tenant.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a run from a workspace Warden does not serve', () => {
  const start = harnessPerTest();

  it('is failed with a sentence and a ref (with the run’s own token); nothing read or changed', async () => {
    const h = await start();
    defineSteps(h);
    const before = h.tenant.requests.length;
    const { run, event } = h.slack.functions.start('snooze_finding', SNOOZE, { by: 'U0ALICE' });
    const delivery = await h.slack.sendEvent(event, { url: h.url }, { teamId: 'T0OTHERCO' });
    expect(delivery.delivered).toBe(true);
    await waitFor(() => run.status !== 'running', 5_000, 'the step to end');
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^Warden is not installed in your workspace/);
    const ref = /\(ref ([A-Za-z0-9._-]+)\)$/.exec(run.error ?? '')?.[1];
    expect(ref).toBeDefined();
    expect(h.logs.join('')).toMatch(new RegExp(`"ref":"${ref}".*request from another workspace refused`));
    expect(h.slack.callsOf('functions.completeError').at(-1)?.token).toBe(run.token);
    await settle(200);
    expect(h.tenant.requests.length).toBe(before);
    expect(h.stateChanges()).toHaveLength(0);
  });
});
