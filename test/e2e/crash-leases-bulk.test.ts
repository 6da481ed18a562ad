import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blockActionBody, postFlood, postSigned, viewSubmissionBody } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { RollupId } from '../../src/blockkit/ids.js';
import { ALICE } from '../helpers/actors.js';
import { groupOf, LEASE, stateOf, withStore } from '../helpers/crash.js';
import { fillByLabel } from '../helpers/form-fill.js';
import { backends, processWorlds } from '../helpers/processes.js';
import { waitFor } from '../helpers/wait.js';

/**
 * SIGKILL while the tenant applies a bulk change (a roll-up's Snooze all): the next process reads
 * each finding back and settles the change finding by finding. (crash-leases.test.ts: one change.)
 */
const world = processWorlds();
const SECRET = 'test-alerts-webhook-secret';

describe.each(backends())('a dead process’s bulk change, on $name', (backend) => {
  // Over 3 s of real time by nature: a roll-up listed at Slack's pace (a post a second), a
  // process killed and started again, a lease to lapse.
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
    // the store says every alert has been through the worker (nothing left to join the group) and
    // every member of the group has its line in the thread.
    const group = groupOf(summary);
    await withStore(w, (store) =>
      waitFor(
        async () => {
          const stats = await store.outboxStats(Date.now());
          if (stats.pending + stats.sending > 0) return false;
          return (await store.unlistedMembers(group, 1)).length === 0;
        },
        30_000,
        'the roll-up listing, settled',
      ),
    );
    const members = ids.filter(listed);
    expect(members.length).toBeGreaterThanOrEqual(6);
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
        value: group,
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
      const settled = await store.auditLog({ findingId: group, limit: 5 });
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
