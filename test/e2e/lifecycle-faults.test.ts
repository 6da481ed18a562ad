import { createLocalSlack, type LocalSlack, type SandboxTenant } from '@warden/simulators';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/ports/store.js';
import { type Harness, settle, startHarness, waitFor } from '../helpers/harness.js';
import { OPERATOR } from '../helpers/operator.js';
import { backends } from '../helpers/stores.js';
import { startSandbox } from '../helpers/tenant.js';

/**
 * What goes wrong around reminders and ends (issue 16, "Bad input and faults"): a reminder that
 * cannot be delivered is recorded and shown to operators, never retried in a loop; after a long
 * downtime or a clock jump, what came due is sent once; several replicas send each once.
 */
const DAY = 86_400_000;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function world(): Promise<{ tenant: SandboxTenant; slack: LocalSlack }> {
  const tenant = await startSandbox();
  const slack = await createLocalSlack();
  cleanups.push(
    () => tenant.close(),
    () => slack.close(),
  );
  return { tenant, slack };
}

async function warden(
  w: { tenant: SandboxTenant; slack: LocalSlack },
  more: { store?: Store; dataDir?: string } = {},
) {
  const h = await startHarness({
    ...w,
    lane: 'inprocess',
    clock: () => w.tenant.clock.now(),
    lifecycleTickMs: 50,
    ...more,
  });
  let closed = false;
  const close = async () => {
    if (!closed) await h.close();
    closed = true;
  };
  cleanups.push(close);
  return { h, close };
}

/** Alice snoozes FND_SA_UNOWNED for 48 hours from its card; returns the card and the end. */
async function snooze(h: Harness) {
  const ts = await h.postAlert('FND_SA_UNOWNED');
  await h.command('snooze FND_SA_UNOWNED 48h waiting on the vendor');
  await waitFor(
    () => h.tenant.findings.get('FND_SA_UNOWNED')?.state === 'FINDING_STATE_SNOOZED',
    5_000,
    'snooze',
  );
  // the reply comes after the reminder and the end are scheduled: only then may the clock move
  await waitFor(
    () => h.slack.thread('C0SECOPS', ts).some((m) => m.text.includes('snoozed this')),
    5_000,
    'reply',
  );
  return { ts, until: Date.parse(String(h.tenant.findings.get('FND_SA_UNOWNED')?.snoozeUntil)) };
}

const reminders = (slack: LocalSlack, channel = 'D0ALICE') =>
  slack.messages.filter((m) => m.channel === channel && m.text.startsWith('Reminder'));

describe('a reminder that cannot be delivered', () => {
  it('is recorded, shown in /readyz and the metrics, and not retried', async () => {
    const w = await world();
    const { h } = await warden(w);
    const { ts, until } = await snooze(h);
    w.slack.deleteUser('U0ALICE');
    w.tenant.clock.advance(until - DAY + 1_000 - w.tenant.clock.now());
    // the thread still hears of it; alice's DM cannot be opened (user_disabled)
    await waitFor(
      () => w.slack.thread('C0SECOPS', ts).some((m) => m.text.startsWith('Reminder')),
      5_000,
      'thread',
    );
    await settle(500);
    expect(reminders(w.slack)).toHaveLength(0);
    const opens = w.slack.callsOf('conversations.open').filter((c) => c.args.users === 'U0ALICE');
    expect(opens).toHaveLength(1);
    w.tenant.clock.advance(30 * 60_000);
    await settle(300);
    expect(w.slack.callsOf('conversations.open').filter((c) => c.args.users === 'U0ALICE')).toHaveLength(1);

    const [job] = (await h.warden.store.pendingJobs('end', w.tenant.clock.now() + 7 * DAY)).filter(
      (j) => j.subject === 'FND_SA_UNOWNED',
    );
    expect(job).toBeDefined();
    const ready = await request(`${h.base}/readyz`, OPERATOR);
    const checks = ((await ready.body.json()) as { checks: { lifecycle: Record<string, unknown> } }).checks;
    expect(ready.statusCode).toBe(200);
    expect(checks.lifecycle).toMatchObject({ ok: true, undeliveredLastDay: 1, failedLastDay: 0 });
    expect(String(checks.lifecycle.attention)).toMatch(
      /1 reminder\(s\) or digest\(s\) with undelivered messages/,
    );
    const metrics = await h.warden.metrics.registry.getSingleMetricAsString(
      'warden_lifecycle_undelivered_total',
    );
    expect(metrics).toMatch(/kind="remind"} 1/);
    expect(h.logs.join('')).toMatch(/"code":"user_disabled","msg":"reminder could not be delivered"/);
  });

  it('a tenant that does not answer is asked again later, and the reminder still goes once', async () => {
    const w = await world();
    const { h } = await warden(w);
    const { until } = await snooze(h);
    w.tenant.faults.add({ method: 'GET', path: /FND_SA_UNOWNED$/, status: 500, times: 20 });
    w.tenant.clock.advance(until - DAY + 1_000 - w.tenant.clock.now());
    await settle(500);
    expect(reminders(w.slack)).toHaveLength(0);
    w.tenant.faults.clear();
    w.tenant.clock.advance(61_000);
    await waitFor(() => reminders(w.slack).length === 1, 5_000, 'the reminder after the retry');
    w.tenant.clock.advance(5 * 60_000);
    await settle(300);
    expect(reminders(w.slack)).toHaveLength(1);
  });
});

describe('downtime and clock jumps', () => {
  it('a reminder that came due while Warden was down is sent once on start', async () => {
    const w = await world();
    const dataDir = (await import('node:fs')).mkdtempSync(
      `${(await import('node:os')).tmpdir()}/warden-down-`,
    );
    cleanups.push(async () => (await import('node:fs')).rmSync(dataDir, { recursive: true, force: true }));
    const first = await warden(w, { dataDir });
    const { until } = await snooze(first.h);
    await first.close();
    // the clock jumps past the reminder's time (not the end's) while Warden is down
    w.tenant.clock.advance(until - DAY + 3_600_000 - w.tenant.clock.now());
    await warden(w, { dataDir });
    await waitFor(() => reminders(w.slack).length === 1, 5_000, 'the late reminder');
    w.tenant.clock.advance(10 * 60_000);
    await settle(400);
    expect(reminders(w.slack)).toHaveLength(1);
  });

  it('a reminder whose time passed while Warden was down is sent once on start, and the end told once', async () => {
    const w = await world();
    const dataDir = (await import('node:fs')).mkdtempSync(
      `${(await import('node:os')).tmpdir()}/warden-down-`,
    );
    cleanups.push(async () => (await import('node:fs')).rmSync(dataDir, { recursive: true, force: true }));
    const first = await warden(w, { dataDir });
    const { ts, until } = await snooze(first.h);
    await first.close();
    // down for a day and more: both the reminder's time and the end have passed
    w.tenant.clock.advance(until + 3_600_000 - w.tenant.clock.now());
    await warden(w, { dataDir });
    await waitFor(
      () => w.slack.thread('C0SECOPS', ts).some((m) => m.text.includes('Snooze ended')),
      5_000,
      'end',
    );
    await settle(500);
    // the reminder for an end already past is not sent: the end says what became of it
    expect(reminders(w.slack)).toHaveLength(0);
    expect(w.slack.thread('C0SECOPS', ts).filter((m) => m.text.includes('Snooze ended'))).toHaveLength(1);
  });
});

describe.each(backends())('replicas on $name', (backend) => {
  it('two replicas send each reminder once and tell each end once', async () => {
    const w = await world();
    const db = await backend.fresh();
    const stores: Store[] = [await db.open(), await db.open()];
    cleanups.push(() => db.cleanup(), ...stores.map((s) => () => s.close()));
    const [one, two] = stores;
    if (!one || !two) throw new Error('no stores');
    const a = await warden(w, { store: one });
    await warden(w, { store: two });
    const { ts, until } = await snooze(a.h);
    w.tenant.clock.advance(until - DAY + 1_000 - w.tenant.clock.now());
    await waitFor(() => reminders(w.slack).length === 1, 5_000, 'the reminder');
    w.tenant.clock.advance(until + 10_000 - w.tenant.clock.now());
    await waitFor(
      () => w.slack.thread('C0SECOPS', ts).some((m) => m.text.includes('Snooze ended')),
      5_000,
      'end',
    );
    await settle(600);
    expect(reminders(w.slack)).toHaveLength(1);
    expect(w.slack.thread('C0SECOPS', ts).filter((m) => m.text.startsWith('Reminder'))).toHaveLength(1);
    expect(w.slack.thread('C0SECOPS', ts).filter((m) => m.text.includes('Snooze ended'))).toHaveLength(1);
  });
});
