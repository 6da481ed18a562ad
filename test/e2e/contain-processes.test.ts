import { blockActionBody, type SlackActor } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { ContainId } from '../../src/blockkit/ids.js';
import { BOB } from '../helpers/actors.js';
import { cardOn, containEnv, taskCalls, threadTexts, verbsOn } from '../helpers/contain-processes.js';
import { withStore } from '../helpers/crash.js';
import { fillByLabel } from '../helpers/form-fill.js';
import { backends, processWorlds } from '../helpers/processes.js';
import { sqliteBackend } from '../helpers/stores.js';
import { settle, waitFor } from '../helpers/wait.js';

/**
 * The one-task guarantee of Contain… (issue 39) with Warden as operators run it: two processes on
 * one PostgreSQL database, each receiving the same confirmation and the same approvals — a double
 * submit, two approvers at once, and Slack's retries of both, on both replicas. The simulated
 * tenant counts the `POST /api/v1/task/revoke` it received: exactly one.
 * (contain-replicas.test.ts: two in-process Wardens on a shared clock, and the task followed.)
 */
const world = processWorlds();
const postgres = backends().find((b) => b.name === 'postgres');
const CAROL: SlackActor = { ...BOB, userId: 'U0CAROL', userName: 'carol' };
const RETRY = { headers: { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' } };

describe.skipIf(!postgres)('Contain… on two Warden processes, on postgres', () => {
  // Over 3 s of real time by nature: two Warden processes started on one database.
  it('a double submit, two approvers at once and Slack’s retries on both replicas make one tenant task', async () => {
    const w = await world(postgres ?? sqliteBackend);
    const [a, b] = await w.startTwo(containEnv(w));
    const onA = verbsOn(w, a.url);
    const onB = verbsOn(w, b.url);
    const card = await cardOn(w, a.url, 'FND_CTN_SERVICE');
    await onA.click(ContainId.open, 'FND_CTN_SERVICE', card.ts);
    const form = await onA.form(ContainId.form);
    // The same confirmation on both replicas at once.
    const values = fillByLabel(form.view.view, {
      'What to take away': 'Revoke Organization admin from deploy-bot',
      Why: 'Token pasted in a public issue',
    });
    await Promise.all([onA.submit(form.view, values), onB.submit(form.view, values)]);
    const request = await waitFor(
      () => w.slack.thread(card.channel, card.ts).find((m) => /asks to revoke/.test(m.text)),
      15_000,
      'the request for approval',
    );
    const id = String(JSON.stringify(request.blocks).match(/ctn_[a-z0-9]+/)?.[0]);
    // The tenant takes its time, so every approval below arrives while the first is in the call.
    w.tenant.faults.add({ method: 'POST', path: '/api/v1/task/revoke', latencyMs: 1_500 });
    const approve = (by: SlackActor) =>
      blockActionBody(by, {
        actionId: ContainId.approve,
        value: id,
        messageTs: request.ts,
        triggerId: w.slack.issueTriggerId(),
        responseUrl: w.slack.responseUrl(),
      });
    const bob = approve(BOB);
    const carol = approve(CAROL);
    const acks = await Promise.all([
      onA.send(bob),
      onB.send(carol),
      onB.send(bob, RETRY),
      onA.send(carol, RETRY),
    ]);
    expect(acks.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const started = () => threadTexts(w, card).filter((t) => /started to revoke/.test(t));
    await waitFor(() => started().length === 1, 20_000, 'the task made');
    await settle(1_500);
    expect(taskCalls(w, 'revoke')).toHaveLength(1);
    expect(w.tenant.accessTasks.all()).toHaveLength(1);
    expect(started()).toHaveLength(1);
    expect(threadTexts(w, card).filter((t) => /asks to revoke/.test(t))).toHaveLength(1);
    const audit = await withStore(w, (s) => s.auditLog({ findingId: 'FND_CTN_SERVICE', limit: 50 }));
    const count = (action: string, outcome: string) =>
      audit.filter((e) => e.action === action && e.outcome === outcome).length;
    expect(count('contain.request', 'requested')).toBe(1);
    expect(count('contain.approve', 'ok')).toBe(1);
    expect(count('contain.revoke', 'ok')).toBe(1);
  }, 120_000);
});
