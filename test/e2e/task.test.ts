import { afterEach, describe, expect, it } from 'vitest';
import { TASK_ACTION_ID } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, type Harness, settle, startHarness, waitFor } from '../helpers/harness.js';

/** Create task: a finding handed off as the tenant's remediation task, from its card or by command. */

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const taskCalls = () => h.tenant.requests.filter((r) => r.path.endsWith('/task'));
const taskOf = (id: string) => String(h.tenant.findings.get(id, Date.now())?.taskId ?? '');
const card = (ts: string) => h.slack.messages.find((m) => m.ts === ts);

describe('Create task', () => {
  it('from the card: the tenant creates it, the card shows it and offers it no more, the thread says who', async () => {
    h = await startHarness({ lane: 'inprocess' });
    const ts = await h.postAlert('FND_SA_UNOWNED');
    expect(JSON.stringify(card(ts)?.blocks)).toContain(TASK_ACTION_ID);
    await h.click(TASK_ACTION_ID, 'FND_SA_UNOWNED', ts);
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'the thread reply');
    const task = taskOf('FND_SA_UNOWNED');
    expect(task).toMatch(/^TSK_/);
    expect(h.slack.thread('C0SECOPS', ts)[0]?.text).toBe(
      `<@${ALICE.userId}> created remediation task \`${task}\` for this.`,
    );
    const blocks = JSON.stringify(card(ts)?.blocks);
    expect(blocks).toContain(`remediation task \`${task}\``);
    expect(blocks).not.toContain(TASK_ACTION_ID);
    const [entry] = await h.warden.store.auditLog({ findingId: 'FND_SA_UNOWNED', limit: 1 });
    expect(entry).toMatchObject({ action: 'createTask', outcome: 'ok' });
  });

  it('by command, on a finding that has a task: the tenant’s refusal, privately, and no second task', async () => {
    h = await startHarness({ lane: 'inprocess' });
    await h.command('task FND_NHI_UNOWNED');
    // Done when its attempt is settled in the audit log: the tenant holds the task a moment
    // before Warden has its answer, and a command in that moment is told the finding is in flight.
    const settled = async () =>
      (await h.warden.store.auditLog({ findingId: 'FND_NHI_UNOWNED', limit: 5 })).some(
        (e) => e.action === 'createTask' && e.outcome === 'ok',
      );
    await waitFor(settled, 5_000, 'the first task');
    const first = taskOf('FND_NHI_UNOWNED');
    expect(first).toMatch(/^TSK_/);
    await h.command('task FND_NHI_UNOWNED');
    const refusal = await waitFor(
      () => h.slack.ephemerals.find((e) => /already has task/.test(e.text)),
      5_000,
      'the refusal',
    );
    expect(refusal.text).toContain(first);
    expect(taskOf('FND_NHI_UNOWNED')).toBe(first);
    expect(taskCalls()).toHaveLength(2);
  });

  it('the tenant fails after creating it: read back, not sent again', async () => {
    h = await startHarness({ lane: 'inprocess' });
    const ts = await h.postAlert('FND_UNUSED_SECRET');
    h.tenant.faults.add({ method: 'POST', path: /\/task$/, status: 500, after: true });
    await h.click(TASK_ACTION_ID, 'FND_UNUSED_SECRET', ts);
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'the thread reply');
    expect(taskCalls()).toHaveLength(1);
    expect(h.slack.thread('C0SECOPS', ts)[0]?.text).toContain(taskOf('FND_UNUSED_SECRET'));
  });

  it('has its own permission key', async () => {
    h = await startHarness({
      lane: 'inprocess',
      file: parseConfigFile('permissions:\n  createTask: { users: [U0BOB] }\n', 't.yaml'),
    });
    const ts = await h.postAlert('FND_SA_UNOWNED');
    await h.click(TASK_ACTION_ID, 'FND_SA_UNOWNED', ts);
    expect((await h.nextEphemeral(ALICE.userId)).text).toMatch(/create remediation tasks/);
    await settle(200);
    expect(taskCalls()).toHaveLength(0);
  });
});
