import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalSlack, createTestClock } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { postCard, trackCard } from '../../src/usecases/shared/alert-life.js';
import { type Harness, settle, startHarness, waitFor } from '../helpers/harness.js';
import { OPERATOR } from '../helpers/operator.js';
import { backends } from '../helpers/stores.js';
import { startSandbox } from '../helpers/tenant.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const pollerFile = parseConfigFile('poller:\n  states: [open]\n  minSeverity: high\n', 'test.yaml');

describe('poller', () => {
  it('posts what is new, nothing twice, a changed finding in its thread, and nothing again after a restart', async () => {
    // Warden's pacing (about a post a second in a channel) runs 20 times as fast, on the test clock.
    const clock = createTestClock({ speed: 20 });
    const tenant = await startSandbox({ now: clock.now });
    const slack = await createLocalSlack({ now: clock.now });
    const dataDir = mkdtempSync(join(tmpdir(), 'warden-restart-'));
    cleanups.push(
      () => tenant.close(),
      () => slack.close(),
      () => rmSync(dataDir, { recursive: true, force: true }),
    );
    const expected = tenant.findings
      .all(clock.now())
      .filter(
        (f) =>
          f.state === 'FINDING_STATE_OPEN' &&
          ['FINDING_SEVERITY_HIGH', 'FINDING_SEVERITY_CRITICAL'].includes(String(f.severity)),
      )
      .map((f) => f.id)
      .sort();
    expect(expected.length).toBeGreaterThan(4);

    const first: Harness = await startHarness({
      tenant,
      slack,
      dataDir,
      file: pollerFile,
      env: { ALERTS_POLL_INTERVAL: '60s' },
      testClock: clock,
    });
    const poller = first.warden.poller;
    if (!poller) throw new Error('poller not started');
    await poller.runOnce();
    await waitFor(() => slack.messages.length === expected.length, 5_000, 'first poll posted');
    const posted = slack.messages
      .map((m) => (m.metadata as { event_payload: { finding_id: string } }).event_payload.finding_id)
      .sort();
    expect(posted).toEqual(expected);
    expect(await poller.runOnce()).toEqual({ scanned: expect.any(Number), enqueued: 0, unreadable: 0 });

    // seen again in the tenant: recurrence rises
    const f = tenant.findings.get('FND_SA_UNOWNED', clock.now());
    if (!f) throw new Error('seed');
    tenant.findings.put({ ...f, recurrenceCount: 7 });
    expect((await poller.runOnce()).enqueued).toBe(1);
    const alert = slack.messages.find(
      (m) => m.text.includes('· deploy-bot') && !m.thread_ts && m.text.startsWith('High'),
    );
    if (!alert) throw new Error('alert not found');
    const reply = await waitFor(() => slack.thread(alert.channel, alert.ts)[0]);
    expect(reply.text).toContain('Seen again: 7 times');
    await first.close();

    const restarted = await startHarness({
      tenant,
      slack,
      dataDir,
      file: pollerFile,
      env: { ALERTS_POLL_INTERVAL: '60s' },
      testClock: clock,
    });
    cleanups.push(() => restarted.close());
    expect((await restarted.warden.poller?.runOnce())?.enqueued).toBe(0);
    await settle(200);
    expect(slack.messages.filter((m) => !m.thread_ts)).toHaveLength(expected.length);
  });

  it('survives a tenant failure and tries again next run', async () => {
    const h = await startHarness({ file: pollerFile, env: { ALERTS_POLL_INTERVAL: '60s' } });
    cleanups.push(() => h.close());
    await h.warden.poller?.runOnce(); // the run started by start() and this one are the same
    h.tenant.faults.add({ path: /search$/, status: 500, times: 10 });
    expect(await h.warden.poller?.runOnce()).toEqual({ scanned: 0, enqueued: 0, unreadable: 0 });
    expect(h.logs.join('')).toContain('poll failed; the next run tries again');
  });
});

describe('poller: a finding Warden cannot read', () => {
  it('is skipped and recorded for operators; the valid ones around it are posted', {
    timeout: 60_000,
  }, async () => {
    // Warden's pacing (about a post a second in a channel) runs 20 times as fast, on the test clock.
    const clock = createTestClock({ speed: 20 });
    const tenant = await startSandbox({ now: clock.now });
    const all = tenant.findings.all(clock.now()).filter((f) => f.state === 'FINDING_STATE_OPEN');
    const middle = all[Math.floor(all.length / 2)];
    if (!middle) throw new Error('no seed');
    // the vendor's schema says description is a string: a number there is unreadable
    tenant.findings.put({ ...middle, description: 12345 } as unknown as typeof middle);
    const h = await startHarness({
      tenant,
      file: parseConfigFile('poller:\n  states: [open]\n', 'test.yaml'),
      env: { ALERTS_POLL_INTERVAL: '60s' },
      testClock: clock,
    });
    cleanups.push(
      () => h.close(),
      () => tenant.close(),
    );
    const result = await h.warden.poller?.runOnce();
    expect(result).toMatchObject({ scanned: all.length - 1, unreadable: 1 });
    await waitFor(
      () => h.slack.messages.filter((m) => !m.thread_ts).length === all.length - 1,
      // paced: about one post a second in the channel
      40_000,
      'posts',
    );
    const failed = await h.warden.store.listOutbox({ status: 'failed', limit: 10 });
    expect(failed.map((r) => [r.findingId, r.lastError])).toEqual([
      [
        middle.id,
        'the tenant sent a finding Warden cannot read (description: Invalid input: expected string, received number)',
      ],
    ]);
    expect(h.logs.join('')).not.toContain('poll failed');
    // a second run records it once, and readiness shows it for an operator without going unready
    await h.warden.poller?.runOnce();
    expect(await h.warden.store.listOutbox({ status: 'failed', limit: 10 })).toHaveLength(1);
    const ready = await fetch(`${h.base}/readyz`, OPERATOR);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: { outbox: { failed: number } } }).checks.outbox.failed).toBe(1);
  });

  it('a poller that cannot complete a run makes the instance unready once it lags three intervals', async () => {
    let offset = 0;
    const h = await startHarness({
      file: pollerFile,
      env: { ALERTS_POLL_INTERVAL: '60s' },
      clock: () => Date.now() + offset,
    });
    cleanups.push(() => h.close());
    h.tenant.faults.add({ path: /search$/, status: 500, times: 1_000 });
    await h.warden.poller?.runOnce();
    expect((await fetch(`${h.base}/readyz`, OPERATOR)).status).toBe(200);
    offset = 4 * 60_000;
    await h.warden.poller?.runOnce();
    const answer = await fetch(`${h.base}/readyz`, OPERATOR);
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { checks: { poller: unknown } }).checks.poller).toMatchObject({
      ok: false,
    });
    h.tenant.faults.clear();
    await h.warden.poller?.runOnce();
    expect((await fetch(`${h.base}/readyz`, OPERATOR)).status).toBe(200);
  });
});

describe('message index', () => {
  it('a slash-command change replaces the finding’s alerts elsewhere and replies in their threads', async () => {
    const h = await startHarness();
    cleanups.push(() => h.close());
    const ts = await h.postAlert('FND_SA_UNOWNED', 'C0ALERTS');
    await h.command('snooze FND_SA_UNOWNED 7d vendor');
    const reply = await waitFor(() => h.slack.thread('C0ALERTS', ts)[0], 5_000, 'reply under the alert');
    expect(reply.text).toMatch(/<@U0ALICE> snoozed this until .*: vendor/);
    expect(h.slack.messages.find((m) => m.ts === ts)?.edited).toBe(true);
    // and the result is posted where the command was typed
    const card = await waitFor(() => h.slack.messages.find((m) => m.channel === 'C0SECOPS' && !m.thread_ts));
    expect(JSON.stringify(card.blocks)).toContain('Snoozed until');
    // each alert's index row is written just before its thread reply: wait for both
    await waitFor(
      async () =>
        (await h.warden.store.messagesFor('FND_SA_UNOWNED')).filter(
          (m) => m.lastState === 'FINDING_STATE_SNOOZED',
        ).length === 2,
    );
    // Both cards, one a channel (their order across channels, by last update, says nothing).
    const indexed = (await h.warden.store.messagesFor('FND_SA_UNOWNED')).map((m) => [m.channel, m.lastState]);
    expect(indexed.sort()).toEqual([
      ['C0ALERTS', 'FINDING_STATE_SNOOZED'],
      ['C0SECOPS', 'FINDING_STATE_SNOOZED'],
    ]);
  });

  it('a button click replaces the alert in every channel it is in', async () => {
    const h = await startHarness();
    cleanups.push(() => h.close());
    const a = await h.postAlert('FND_SNOOZED', 'C0ALERTS');
    const b = await h.postAlert('FND_SNOOZED', 'C0SECOPS');
    await h.click('finding.reopen', 'FND_SNOOZED', b);
    await waitFor(
      () => h.slack.thread('C0ALERTS', a).length === 1 && h.slack.thread('C0SECOPS', b).length === 1,
    );
    expect(h.slack.messages.filter((m) => !m.thread_ts)).toHaveLength(2);
  });
});

describe.each(backends())('several cards of one finding in one channel, on $name', (backend) => {
  // Over 3 s at times: every change updates both cards, paced as Slack's Tier 3 asks, in real time.
  it('two cards in one channel (`show` posted another before it kept one): both tracked, replaced on every change, both keep working', async () => {
    const db = await backend.fresh();
    const store = await db.open();
    const h = await startHarness({ store });
    cleanups.push(
      () => db.cleanup(),
      () => store.close(),
      () => h.close(),
    );
    const first = await h.postAlert('FND_SA_UNOWNED');
    // a second card posted and tracked in the same channel, as `show` did before it kept one
    const finding = await h.ports.findings.get('FND_SA_UNOWNED');
    const { ts: second } = await postCard(h.ports, finding, 'C0SECOPS');
    await trackCard(h.ports, finding, { channel: 'C0SECOPS', ts: second });
    await waitFor(async () => (await store.messagesFor('FND_SA_UNOWNED')).length === 2, 5_000, 'two tracked');
    const stateOf = (ts: string) => JSON.stringify(h.slack.messages.find((m) => m.ts === ts)?.blocks);
    await h.command('snooze FND_SA_UNOWNED 7d vendor');
    await waitFor(
      () => stateOf(first).includes('Snoozed until') && stateOf(second).includes('Snoozed until'),
    );
    // the original card's buttons are still Warden's: its Reopen works, and both cards follow
    await h.click('finding.reopen', 'FND_SA_UNOWNED', first);
    await waitFor(() => h.stateChanges().length === 2, 5_000, 'the reopen');
    await waitFor(() => stateOf(first).includes('Open') && stateOf(second).includes('Open'));
    expect(stateOf(first)).not.toContain('Snoozed');
    expect(stateOf(second)).not.toContain('Snoozed');
    expect(h.slack.ephemerals.filter((e) => e.text.includes('current Warden alert'))).toHaveLength(0);
  });
});

describe('audit log', () => {
  it('records every attempt with who, where, what and the outcome', async () => {
    const h = await startHarness();
    cleanups.push(() => h.close());
    await h.command('snooze FND_SA_UNOWNED 7d vendor');
    await h.command('resolve FND_DECOY_USED done');
    // each attempt is written before the tenant call and settled after it
    await waitFor(async () => {
      const entries = await h.warden.store.auditLog({ limit: 10 });
      return entries.length === 2 && entries.every((e) => e.outcome !== 'attempt');
    });
    const [refused, ok] = await h.warden.store.auditLog({ limit: 10 });
    expect(ok).toMatchObject({
      team_id: 'T0WARDEN',
      user_id: 'U0ALICE',
      channel: 'C0SECOPS',
      finding_id: 'FND_SA_UNOWNED',
      action: 'snooze',
      outcome: 'ok',
      params: { reason: 'vendor', until: expect.stringMatching(/^\d{4}-/) },
    });
    expect(refused).toMatchObject({ finding_id: 'FND_DECOY_USED', action: 'resolve', outcome: 'refused' });
    expect(refused?.error).toMatch(/invalid: .*cannot be resolved manually/);
  });
});
