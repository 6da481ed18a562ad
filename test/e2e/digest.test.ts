import { createLocalSlack, type LocalSlack, type SandboxTenant, signedPostHeaders } from '@warden/simulators';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import type { Store } from '../../src/ports/store.js';
import { ALICE, type Harness, settle, startHarness, waitFor } from '../helpers/harness.js';
import { OPERATOR } from '../helpers/operator.js';
import { backends } from '../helpers/stores.js';
import { startSandbox } from '../helpers/tenant.js';

/**
 * The daily digest (issue 16): at its time Warden posts one message per channel per day — open
 * findings by severity, what arrived since the last digest, what ends within 7 days, approvals
 * waiting — once however many replicas and restarts; a channel it cannot post in is recorded,
 * not retried; a day missed by a long downtime is skipped, not posted late twice.
 */
const MINUTE = 60_000;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The digest channel is ALERTS_CHANNEL (C0ALERTS), so alerts arriving there count in it. */
const CHANNEL = 'C0ALERTS';

interface World {
  tenant: SandboxTenant;
  slack: LocalSlack;
  /** The digest's time today (UTC), a few minutes from the clock's now. */
  dueAt: number;
  yaml: string;
}

async function world(): Promise<World> {
  const tenant = await startSandbox();
  const slack = await createLocalSlack();
  cleanups.push(
    () => tenant.close(),
    () => slack.close(),
  );
  // a digest due 10 minutes from now, on the minute, in UTC (the test clock starts at real time)
  const dueAt = Math.ceil((tenant.clock.now() + 10 * MINUTE) / MINUTE) * MINUTE;
  // not across midnight: the test moves to just after it
  if (new Date(dueAt).getUTCDate() !== new Date(tenant.clock.now()).getUTCDate())
    tenant.clock.advance(20 * MINUTE);
  const at = new Date(Math.ceil((tenant.clock.now() + 10 * MINUTE) / MINUTE) * MINUTE);
  const hhmm = at.toISOString().slice(11, 16);
  const yaml = `digest:\n  - { channel: ${CHANNEL}, at: "${hhmm}", timezone: UTC }\n`;
  return { tenant, slack, dueAt: at.getTime(), yaml };
}

async function warden(w: World, more: { store?: Store } = {}): Promise<Harness> {
  const h = await startHarness({
    lane: 'inprocess',
    tenant: w.tenant,
    slack: w.slack,
    clock: () => w.tenant.clock.now(),
    lifecycleTickMs: 50,
    file: parseConfigFile(w.yaml, 'digest.yaml'),
    ...more,
  });
  cleanups.push(() => h.close());
  return h;
}

const digests = (slack: LocalSlack) =>
  slack.messages.filter((m) => m.channel === CHANNEL && m.text.startsWith('Daily digest'));
const moveTo = async (w: World, at: number) => {
  w.tenant.clock.advance(at - w.tenant.clock.now());
  await settle(300);
};

async function alert(h: Harness, w: World, id: string) {
  const finding = w.tenant.findings.get(id);
  const body = JSON.stringify({ finding });
  const res = await request(`${h.base}/hooks/findings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signedPostHeaders('test-alerts-webhook-secret', body, w.tenant.clock.now()),
    },
    body,
  });
  expect(res.statusCode).toBe(202);
}

describe.each(backends())('the daily digest on $name', (backend) => {
  // Over 3 s at times: two Wardens start on one store, then both reach the digest's time.
  it('is posted once at its time on two replicas, saying what is open, new, ending and waiting', async () => {
    const w = await world();
    const db = await backend.fresh();
    const stores: Store[] = [await db.open(), await db.open()];
    cleanups.push(() => db.cleanup(), ...stores.map((s) => () => s.close()));
    const [one, two] = stores;
    if (!one || !two) throw new Error('no stores');
    const a = await warden(w, { store: one });
    await warden(w, { store: two });
    await alert(a, w, 'FND_CRED_EXPOSED');
    await alert(a, w, 'FND_UNUSED_SECRET');
    await waitFor(
      () => w.slack.messages.filter((m) => m.channel === CHANNEL).length === 2,
      10_000,
      'two cards',
    );
    // snoozed from this channel: it ends within 7 days (one snoozed elsewhere is not this channel's)
    await a.command('snooze FND_UNUSED_SECRET 3d waiting on the vendor', { ...ALICE, channelId: CHANNEL });
    await a.command('snooze FND_SA_UNOWNED 3d waiting on the vendor');
    await waitFor(
      () => w.tenant.findings.get('FND_SA_UNOWNED')?.state === 'FINDING_STATE_SNOOZED',
      5_000,
      'snooze',
    );
    await settle(300);
    await moveTo(w, w.dueAt - MINUTE);
    expect(digests(w.slack)).toHaveLength(0);
    await moveTo(w, w.dueAt + 1_000);
    const digest = await waitFor(() => digests(w.slack)[0], 5_000, 'the digest');
    const text = JSON.stringify(digest.blocks);
    const open = w.tenant.findings
      .all()
      .filter((f) => f.state === 'FINDING_STATE_OPEN' || f.state === 'FINDING_STATE_IN_PROGRESS').length;
    expect(text).toContain(`*Open findings: ${open}*`);
    expect(text).toMatch(/🔴 \d+ critical/);
    expect(text).toContain('*Arrived in the last day: 2*');
    expect(text).toContain('|FND_CRED_EXPOSED>');
    expect(text).toContain('*Ending within 7 days: 1*');
    // linked to its card in this channel
    expect(text).toMatch(
      /the snooze of <https:\/\/acme\.slack\.example\/archives\/C0ALERTS\/p\d+\|FND_UNUSED_SECRET> ends/,
    );
    expect(text).not.toContain('FND_SA_UNOWNED');
    expect(text).toContain('*Approvals waiting: 0*');
    expect(digest.metadata).toMatchObject({ event_type: 'warden_digest' });
    // later the same day, on either replica: no second one
    await moveTo(w, w.dueAt + 3 * 3_600_000);
    expect(digests(w.slack)).toHaveLength(1);
    // the next day's says what arrived since this one
    await alert(a, w, 'FND_DECOY_USED');
    await moveTo(w, w.dueAt + 24 * 3_600_000 + 1_000);
    const next = await waitFor(() => digests(w.slack)[1], 5_000, 'the next day’s digest');
    expect(JSON.stringify(next.blocks)).toMatch(/\*Arrived since <!date\^\d+\^[^>]+>: 1\*/);
  });
});

describe('what goes wrong', () => {
  it('a crash after Slack took the post does not post it twice', async () => {
    const w = await world();
    const h = await warden(w);
    // Slack posts it, then the connection drops: Warden cannot tell whether it went
    w.slack.fail({ method: 'chat.postMessage', dropAfter: true, times: 1 });
    await moveTo(w, w.dueAt + 1_000);
    await waitFor(() => digests(w.slack).length === 1, 5_000, 'the digest');
    await moveTo(w, w.dueAt + 2 * MINUTE);
    await settle(300);
    expect(digests(w.slack)).toHaveLength(1);
    expect(h.logs.join('')).toMatch(/posted by an earlier attempt/);
  });

  it('a channel it cannot post in is recorded and shown, never retried in a loop', async () => {
    const w = await world();
    const h = await warden(w);
    w.slack.archiveChannel(CHANNEL);
    await moveTo(w, w.dueAt + 1_000);
    await waitFor(() => h.logs.join('').includes('digest could not be posted'), 5_000, 'the failure');
    await moveTo(w, w.dueAt + 30 * MINUTE);
    const tries = w.slack.callsOf('chat.postMessage').filter((c) => c.args.channel === CHANNEL);
    expect(tries).toHaveLength(1);
    const ready = (await (await request(`${h.base}/readyz`, OPERATOR)).body.json()) as {
      checks: { lifecycle: Record<string, unknown> };
    };
    expect(ready.checks.lifecycle).toMatchObject({ failedLastDay: 1, undeliveredLastDay: 1 });
    expect(await h.warden.metrics.registry.getSingleMetricAsString('warden_lifecycle_jobs_total')).toMatch(
      /kind="digest",outcome="failed"} 1/,
    );
  });

  it('a day missed by a long downtime is skipped, not posted hours late', async () => {
    const w = await world();
    // Warden starts 7 hours after the digest's time: too late for that day's
    w.tenant.clock.advance(w.dueAt + 7 * 3_600_000 - w.tenant.clock.now());
    const h = await warden(w);
    await settle(500);
    expect(digests(w.slack)).toHaveLength(0);
    expect(h.logs.join('')).not.toMatch(/digest could not be posted/);
  });
});
