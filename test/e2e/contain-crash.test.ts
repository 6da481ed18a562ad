import { describe, expect, it } from 'vitest';
import { ContainId } from '../../src/blockkit/ids.js';
import { cardOn, containEnv, taskCalls, threadTexts, verbsOn } from '../helpers/contain-processes.js';
import { LEASE, withStore } from '../helpers/crash.js';
import { backends, processWorlds } from '../helpers/processes.js';
import { settle, waitFor } from '../helpers/wait.js';

/**
 * Contain… when Warden's process is killed (issue 39, faults): mid-call on the task's creation (the
 * tenant got the request, Warden recorded no answer), the next process reads the task back by
 * Warden's reference and follows it — never a second task; killed while reading the task, the next
 * process takes the follow-up over once the dead one's lease lapsed and the card reaches the end.
 */
const world = processWorlds();
// The longest a task call takes (3 s, never retried): a claim older than about 7 s is a dead one's.
const TENANT = { TENANT_REQUEST_TIMEOUT: '3s', TENANT_MAX_RETRIES: '0' };

describe.each(backends())('Contain… across a crash, on $name', (backend) => {
  // Over 3 s of real time by nature: two processes killed and started again, leases to lapse.
  it('SIGKILL mid-creation: read back, one task; SIGKILL mid-follow: resumed, the card reaches done', async () => {
    const w = await world(backend);
    const env = { ...containEnv(w), ...TENANT, ...LEASE };
    const first = await w.start(env);
    const card = await cardOn(w, first.url, 'FND_CTN_DECOY');
    const onFirst = verbsOn(w, first.url);
    await onFirst.click(ContainId.open, 'FND_CTN_DECOY', card.ts);
    const form = await onFirst.form(ContainId.form);
    // The tenant makes the task 2 s after the request arrives: Warden is dead by then.
    w.tenant.faults.add({ method: 'POST', path: '/api/v1/task/offboarding', latencyMs: 2_000 });
    await form.submit({
      'What to take away': 'Offboard Dave Doe',
      Why: 'Decoy used: the laptop is compromised',
    });
    await waitFor(() => taskCalls(w, 'offboarding').length === 1, 15_000, 'the task asked for');
    await first.kill();
    await waitFor(() => w.tenant.accessTasks.all().length === 1, 10_000, 'the tenant making it');

    const second = await w.start(env);
    const started = () => threadTexts(w, card).filter((t) => /started to start offboarding/.test(t));
    await waitFor(() => started().length === 1, 40_000, 'the task read back');
    const [task] = w.tenant.accessTasks.all();
    if (!task) throw new Error('no task');
    expect(started()[0]).toMatch(/tenant task `#\d+`/);
    expect(taskCalls(w, 'offboarding')).toHaveLength(1);
    const reads = () =>
      w.tenant.requests.filter((r) => r.method === 'GET' && r.path === `/api/v1/tasks/${task.id}`);

    // Killed while it reads the task: its claim on the follow-up dies with it.
    const before = reads().length;
    w.tenant.faults.add({ method: 'GET', path: `/api/v1/tasks/${task.id}`, latencyMs: 3_000 });
    await waitFor(() => reads().length > before, 30_000, 'the task being read');
    await second.kill();
    w.tenant.accessTasks.advance(task.id);
    w.tenant.accessTasks.advance(task.id);
    const killed = Date.now();
    await w.start(env);
    const cardNow = () => JSON.stringify(w.slack.messages.find((m) => m.ts === card.ts)?.blocks);
    await waitFor(() => cardNow().includes('done: the access is taken away'), 40_000, 'done on the card');
    // Within the dead one's instance lease and a few looks, not the follow-up's minute-long claim.
    expect(Date.now() - killed).toBeLessThan(45_000);
    await waitFor(() => threadTexts(w, card).some((t) => /: done/.test(t)), 10_000, 'done in the thread');
    await settle(500);
    expect(taskCalls(w, 'offboarding')).toHaveLength(1);
    expect(started()).toHaveLength(1);
    const audit = await withStore(w, (s) => s.auditLog({ findingId: 'FND_CTN_DECOY', limit: 50 }));
    expect(audit.filter((e) => e.action === 'contain.offboard' && e.outcome === 'ok')).toHaveLength(1);
  }, 180_000);
});
