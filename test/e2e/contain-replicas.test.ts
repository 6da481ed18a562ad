import { containFindings, createLocalSlack, createTestClock } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { ContainId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import type { Store } from '../../src/ports/store.js';
import { BOB, type Harness, settle, startHarness, waitFor } from '../helpers/harness.js';
import { backends } from '../helpers/stores.js';
import { startSandbox } from '../helpers/tenant.js';

/**
 * Exactly one tenant task per confirmed containment across replicas (issue 39): two Wardens on one
 * store (PostgreSQL when TEST_DATABASE_URL is set), two approvers approving at once on different
 * replicas and a delivery of the same click again: one revoke reaches the tenant, one thread line
 * says so, and the task is followed by one replica at a time (one line per change).
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const CAROL = { ...BOB, userId: 'U0CAROL', userName: 'carol' };
const YAML = `permissions:\n  contain: { approvers: S0SECLEADS }\ncontain:\n  credentialPubliclyExposed: { actions: [revoke], stepUp: false }\n`;

describe.each(backends())('containment on two replicas, on $name', (backend) => {
  // Over 3 s by nature: two Wardens on one store, and a task followed to its end.
  it('two approvers at once on two replicas, and a retried click, make one task and one thread line', async () => {
    const clock = createTestClock();
    const tenant = await startSandbox({ now: clock.now });
    const slack = await createLocalSlack({ now: clock.now });
    for (const f of containFindings()) tenant.findings.put(f);
    const db = await backend.fresh();
    const stores: Store[] = [await db.open(), await db.open()];
    cleanups.push(
      () => db.cleanup(),
      ...stores.map((s) => () => s.close()),
      () => tenant.close(),
      () => slack.close(),
    );
    const file = parseConfigFile(YAML, 'contain.yaml');
    const replicas: Harness[] = [];
    for (const store of stores) {
      const h = await startHarness({ lane: 'inprocess', tenant, slack, store, file, testClock: clock });
      cleanups.push(() => h.close());
      replicas.push(h);
    }
    const [a, b] = replicas;
    if (!a || !b) throw new Error('no replicas');
    const ts = await a.postAlert('FND_CTN_SERVICE');
    await a.click(ContainId.open, 'FND_CTN_SERVICE', ts);
    const form = await a.form(ContainId.form);
    await form.submit({
      'What to take away': 'Revoke Organization admin from deploy-bot',
      Why: 'Token pasted in a public issue',
    });
    const request = await waitFor(
      () => slack.thread('C0SECOPS', ts).find((m) => /asks to revoke/.test(m.text)),
      5_000,
      'the request',
    );
    const id = String(JSON.stringify(request.blocks).match(/ctn_[a-z0-9]+/)?.[0]);
    tenant.faults.add({ method: 'POST', path: '/api/v1/task/revoke', latencyMs: 500 });
    await Promise.all([
      a.click(ContainId.approve, id, request.ts, BOB),
      b.click(ContainId.approve, id, request.ts, CAROL),
      a.click(ContainId.approve, id, request.ts, CAROL),
    ]);
    const started = () => slack.thread('C0SECOPS', ts).filter((m) => /started to revoke/.test(m.text));
    await waitFor(() => started().length === 1, 10_000, 'the task made');
    await settle(800);
    expect(tenant.requests.filter((r) => r.path === '/api/v1/task/revoke')).toHaveLength(1);
    expect(started()).toHaveLength(1);
    const [task] = tenant.accessTasks.all();
    if (!task) throw new Error('no task');
    tenant.accessTasks.advance(task.id);
    tenant.accessTasks.advance(task.id);
    await clock.advance('10s');
    const done = () => slack.thread('C0SECOPS', ts).filter((m) => /Task `#\d+`: done/.test(m.text));
    await waitFor(() => done().length === 1, 10_000, 'done told');
    await clock.advance('40s');
    await settle(300);
    expect(done()).toHaveLength(1);
  });
});
