import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  blockActionBody,
  postFlood,
  postSigned,
  type SlackMessage,
  slashCommandBody,
  viewSubmissionBody,
} from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { RollupId } from '../../src/blockkit/ids.js';
import type { Store } from '../../src/ports/store.js';
import { createStore } from '../../src/store/create-store.js';
import { fillByLabel } from '../helpers/form-fill.js';
import { ALICE, waitFor } from '../helpers/harness.js';
import { backends, type ProcessWorld, processWorlds } from '../helpers/processes.js';

/**
 * Each process holds a lease in the store and names itself on each audit attempt: SIGKILL while
 * the tenant applies a change, and the next process settles it seconds after the dead one's lease
 * is gone (not past a deadline sized for the slowest retry), finding by finding for a bulk change;
 * a live replica's attempt is never touched.
 */
const world = processWorlds();
const SECRET = 'test-alerts-webhook-secret';
/**
 * A short lease (renewed every second) so a dead process's changes are taken up within seconds of
 * real time; with the default 15 s lease the same path takes about 20 s after a restart, which
 * `npm run bench` measures (bench/restart.ts).
 */
const LEASE = { WARDEN_INSTANCE_LEASE: '3s' };

function slashCommand(w: ProcessWorld, url: string, text: string) {
  const body = slashCommandBody(ALICE, {
    text,
    triggerId: w.slack.issueTriggerId(),
    responseUrl: w.slack.responseUrl(),
  });
  return postSigned(`${url}/slack/events`, body, w.slack.signingSecret);
}

async function withStore<T>(w: ProcessWorld, f: (store: Store) => Promise<T>): Promise<T> {
  const store = await createStore({
    databaseUrl: w.storeEnv.DATABASE_URL,
    dataDir: w.storeEnv.WARDEN_DATA_DIR ?? '',
    poolSize: 1,
  });
  try {
    return await f(store);
  } finally {
    await store.close();
  }
}

/** Shows a finding's card, then suppresses it with the tenant taking `latencyMs` to apply it. */
async function suppressSlowly(w: ProcessWorld, url: string, findingId: string, latencyMs: number) {
  await slashCommand(w, url, `show ${findingId}`);
  const card = await waitFor(
    () => w.slack.messages.find((m) => !m.thread_ts && JSON.stringify(m.blocks).includes(findingId)),
    10_000,
    'the card',
  );
  expect(JSON.stringify(card.blocks)).toContain('Open');
  const changes = () => w.tenant.requests.filter((r) => r.path.endsWith(`${findingId}/state`)).length;
  const before = changes();
  w.tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs });
  await slashCommand(w, url, `suppress ${findingId} accepted by the platform team`);
  await waitFor(() => changes() > before, 10_000, 'the change sent');
  return card;
}

const stateOf = (w: ProcessWorld, id: string) => w.tenant.findings.get(id, Date.now())?.state;

describe.each(backends())('a dead process’s changes, on $name', (backend) => {
  it('SIGKILL mid-change: the card is put right and the person told seconds after the restart', async () => {
    const w = await world(backend);
    // Default tenant timeouts: the old reconciler waited out their deadline (about 120 s).
    const first = await w.start(LEASE);
    const card = await suppressSlowly(w, first.url, 'FND_SA_UNOWNED', 2_000);
    await first.kill();
    await waitFor(
      () => stateOf(w, 'FND_SA_UNOWNED') === 'FINDING_STATE_SUPPRESSED',
      10_000,
      'the tenant to apply it',
    );

    const restarting = Date.now();
    await w.start(LEASE);
    // The lease lapses at most 3 s after the kill, and the reconciler looks every second: a few
    // seconds after the restart; 20 s leaves a loaded machine room, far from the old 120 s.
    await waitFor(() => JSON.stringify(card.blocks).includes('Suppressed'), 20_000, 'the card put right');
    const told = await waitFor(
      () => w.slack.ephemerals.find((e) => /Warden restarted/.test(e.text)),
      10_000,
      'the person told',
    );
    const took = Date.now() - restarting;
    expect(told.user).toBe('U0ALICE');
    expect(told.text).toMatch(/the tenant had applied it/);
    expect(took).toBeLessThan(20_000);
    const reply = await waitFor(() => w.slack.thread(card.channel, card.ts)[0], 5_000, 'the thread reply');
    expect(reply.text).toMatch(/<@U0ALICE> suppressed this/);
    const entries = await withStore(w, (s) => s.auditLog({ findingId: 'FND_SA_UNOWNED', limit: 10 }));
    expect(entries.map((e) => [e.action, e.outcome, e.error])).toEqual([
      ['suppress', 'ok', 'interrupted by a restart; the tenant had applied it'],
    ]);

    // The dead process's in-flight claim went with its attempt: acting again works at once,
    // not only when the claim's own lease (sized for the slowest retry) runs out.
    w.tenant.faults.clear();
    const second = await w.start(LEASE);
    await slashCommand(w, second.url, 'reopen FND_SA_UNOWNED');
    await waitFor(() => stateOf(w, 'FND_SA_UNOWNED') === 'FINDING_STATE_OPEN', 15_000, 'the reopen applied');
    expect(w.slack.ephemerals.some((e) => /already in progress/.test(e.text))).toBe(false);
  }, 120_000);

  it('SIGKILL mid-bulk: each finding settled from the read-back, reminders for what the tenant applied', async () => {
    const w = await world(backend);
    const file = join(mkdtempSync(join(tmpdir(), 'warden-rollup-')), 'warden.yaml');
    writeFileSync(file, 'delivery:\n  rollup: { threshold: 5, window: 30s, updateEvery: 1s }\n');
    const env = { WARDEN_CONFIG: file, ALERTS_WEBHOOK_SECRET: SECRET, ...LEASE };
    const first = await w.start(env);
    const ids = await postFlood(
      { tenant: w.tenant, wardenUrl: first.url, alertsSecret: SECRET },
      10,
      () => 'FINDING_SEVERITY_MEDIUM',
    );
    const summary = await waitFor(
      () => w.slack.messages.find((m) => !m.thread_ts && JSON.stringify(m.blocks).includes(RollupId.review)),
      20_000,
      'the roll-up',
    );
    const listed = (id: string) =>
      w.slack.messages.some(
        (m) => m.thread_ts === summary.ts && JSON.stringify(m.blocks).includes(`\`${id}\``),
      );
    // The whole group listed (a listing still going would add members Snooze all then acts on):
    // at least six, and no new line for 3 s (lines come about one a second).
    let last = -1;
    let since = Date.now();
    await waitFor(
      () => {
        const n = ids.filter(listed).length;
        if (n !== last) [last, since] = [n, Date.now()];
        return n >= 6 && Date.now() - since > 3_000;
      },
      30_000,
      'the roll-up listing, settled',
    );
    const members = ids.filter(listed);
    // one member resolved in the tenant meanwhile: a snooze cannot move it
    const resolved = members[0] ?? '';
    const f = w.tenant.findings.get(resolved, Date.now());
    if (f) f.state = 'FINDING_STATE_RESOLVED';

    // the tenant takes 2 s to take the bulk request; Warden is killed meanwhile
    w.tenant.faults.add({ method: 'POST', path: '/api/v1/findings/bulk/state', latencyMs: 2_000 });
    await postSigned(
      `${first.url}/slack/events`,
      blockActionBody(ALICE, {
        actionId: RollupId.snoozeAll,
        value: groupOf(summary),
        messageTs: summary.ts,
        triggerId: w.slack.issueTriggerId(),
        responseUrl: w.slack.responseUrl(),
      }),
      w.slack.signingSecret,
    );
    const form = await waitFor(
      () => [...w.slack.views.values()].find((v) => v.view.callback_id === 'bulk.snooze' && !v.closed),
      10_000,
      'the Snooze all form',
    );
    await postSigned(
      `${first.url}/slack/events`,
      viewSubmissionBody(ALICE, {
        viewId: form.id,
        callbackId: 'bulk.snooze',
        privateMetadata: String(form.view.private_metadata ?? ''),
        values: fillByLabel(form.view, { Reason: 'scanner noise after the connector upgrade' }),
        triggerId: w.slack.issueTriggerId(),
      }),
      w.slack.signingSecret,
    );
    await waitFor(
      () => w.tenant.requests.some((r) => r.path === '/api/v1/findings/bulk/state'),
      10_000,
      'the bulk change sent',
    );
    await first.kill();
    const moved = members.slice(1);
    await waitFor(
      () => moved.every((id) => stateOf(w, id) === 'FINDING_STATE_SNOOZED'),
      15_000,
      'the tenant to apply it',
    );

    await w.start({ ...env, TENANT_REQUEST_TIMEOUT: '1s', TENANT_MAX_RETRIES: '0' });
    const told = await waitFor(
      () => w.slack.ephemerals.find((e) => /Warden restarted during your snooze/.test(e.text)),
      20_000,
      'the person told',
    );
    expect(told.text).toContain(`applied it to ${moved.length} of ${members.length} findings`);
    // Its events, for what the tenant applied, once, in the roll-up's thread (README "Events").
    const published = () =>
      w.slack.messages.flatMap((m) => {
        const meta = m.metadata as { event_type?: string; event_payload?: { finding_ids?: string[] } };
        return meta?.event_type === 'warden_findings_state_changed'
          ? [{ m, ids: meta.event_payload?.finding_ids }]
          : [];
      });
    await waitFor(() => published().length > 0, 5_000, 'the events');
    expect(published().map((x) => x.m.thread_ts)).toEqual([summary.ts]);
    expect([...(published()[0]?.ids ?? [])].sort()).toEqual([...moved].sort());
    await withStore(w, async (store) => {
      const settled = await store.auditLog({ findingId: groupOf(summary), limit: 5 });
      expect(settled.map((e) => [e.action, e.outcome])).toEqual([['bulk.snooze', 'ok']]);
      for (const id of members) {
        const [entry] = await store.auditLog({ findingId: id, limit: 5 });
        expect([id, entry?.action, entry?.outcome, entry?.user_id]).toEqual([
          id,
          'snooze',
          id === resolved ? 'failed' : 'ok',
          'U0ALICE',
        ]);
      }
      // whoever made the snoozes gets their reminders, as if nothing had been interrupted
      const reminders = await store.pendingJobs('remind', Number.MAX_SAFE_INTEGER, { limit: 100 });
      expect(
        reminders
          .filter((j) => j.madeBy === 'U0ALICE')
          .map((j) => j.subject)
          .sort(),
      ).toEqual([...moved].sort());
    });
  }, 120_000);
});

describe.each(backends().filter((b) => b.name === 'postgres'))('two replicas, on $name', (backend) => {
  it('a live replica’s change is never reconciled by the other; a dead one’s is, within seconds', async () => {
    const w = await world(backend);
    // Long enough a request that the tenant's 8 s answer is not a timeout.
    const slow = { TENANT_REQUEST_TIMEOUT: '20s', TENANT_MAX_RETRIES: '0', ...LEASE };
    const a = await w.start(slow);
    await w.start(slow);
    // A's change takes longer than two leases and several of B's sweeps: B must leave it alone.
    const card = await suppressSlowly(w, a.url, 'FND_SA_UNOWNED', 8_000);
    const reply = await waitFor(
      () => w.slack.thread(card.channel, card.ts).find((m) => /suppressed this/.test(m.text ?? '')),
      30_000,
      'A finishing its own change',
    );
    expect(reply.text).toMatch(/<@U0ALICE> suppressed this/);
    expect(w.slack.ephemerals.filter((e) => /Warden restarted/.test(e.text))).toHaveLength(0);
    const entries = await withStore(w, (s) => s.auditLog({ findingId: 'FND_SA_UNOWNED', limit: 10 }));
    expect(entries.map((e) => [e.action, e.outcome, e.error])).toEqual([['suppress', 'ok', null]]);
    expect(w.slack.thread(card.channel, card.ts)).toHaveLength(1);

    // A dies mid-change: B, live all along, settles it once A's lease is gone.
    const second = await suppressSlowly(w, a.url, 'FND_UNUSED_SECRET', 2_000);
    await a.kill();
    const killed = Date.now();
    await waitFor(
      () => JSON.stringify(second.blocks).includes('Suppressed'),
      20_000,
      'B putting the card right',
    );
    const told = await waitFor(
      () => w.slack.ephemerals.find((e) => /Warden restarted/.test(e.text)),
      10_000,
      'the person told',
    );
    expect(told.text).toMatch(/the tenant had applied it/);
    expect(Date.now() - killed).toBeLessThan(20_000);
  }, 150_000);
});

/** The roll-up's group: the value of its Review button, anywhere in the summary's blocks. */
function groupOf(m: SlackMessage): string {
  const find = (node: unknown): string => {
    if (typeof node !== 'object' || node === null) return '';
    if ('action_id' in node && node.action_id === RollupId.review)
      return 'value' in node && typeof node.value === 'string' ? node.value : '';
    for (const child of Object.values(node)) {
      const found = find(child);
      if (found) return found;
    }
    return '';
  };
  return find(m.blocks);
}
