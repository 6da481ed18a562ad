import { postSigned, slashCommandBody } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../src/store/create-store.js';
import { ALICE } from '../helpers/actors.js';
import { backends, processWorlds } from '../helpers/processes.js';
import { waitFor } from '../helpers/wait.js';

/**
 * SIGKILL while the tenant is applying a change: the attempt is in the audit log before the
 * tenant is called, and the next start reads the finding back, updates the card, tells the
 * thread and the person, and gives the attempt its outcome.
 */
const world = processWorlds();

describe.each(backends())('a crash at the wrong moment, on $name', (backend) => {
  // Over 3 s of real time by nature: a process started, killed and started again, a lease to lapse.
  it('SIGKILL mid-change: after a restart the card shows what the tenant did, and everyone is told', async () => {
    const w = await world(backend);
    // a short deadline for the restarted process: an attempt older than it has no live owner
    const fast = { TENANT_REQUEST_TIMEOUT: '1s', TENANT_MAX_RETRIES: '0' };
    const first = await w.start({ WARDEN_INSTANCE_LEASE: '3s' });
    const command = async (url: string, text: string) =>
      postSigned(
        `${url}/slack/events`,
        slashCommandBody(ALICE, {
          text,
          triggerId: w.slack.issueTriggerId(),
          responseUrl: w.slack.responseUrl(),
        }),
        w.slack.signingSecret,
      );
    await command(first.url, 'show FND_SA_UNOWNED');
    const card = await waitFor(() => w.slack.messages.find((m) => !m.thread_ts), 10_000, 'the card');
    expect(JSON.stringify(card.blocks)).toContain('Open');

    // the tenant takes 2 s to apply the suppression; Warden is killed meanwhile
    w.tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs: 2_000 });
    await command(first.url, 'suppress FND_SA_UNOWNED accepted by the platform team');
    await waitFor(() => w.tenant.requests.some((r) => r.path.endsWith('/state')), 10_000, 'the change sent');
    await first.kill();
    await waitFor(
      () => w.tenant.findings.get('FND_SA_UNOWNED', Date.now())?.state === 'FINDING_STATE_SUPPRESSED',
      10_000,
      'the tenant to apply it',
    );
    expect(JSON.stringify(card.blocks)).toContain('Open');

    await w.start({ ...fast, WARDEN_INSTANCE_LEASE: '3s' });
    await waitFor(() => JSON.stringify(card.blocks).includes('Suppressed'), 15_000, 'the card updated');
    expect(JSON.stringify(card.blocks)).not.toContain('finding.suppress');
    const reply = await waitFor(() => w.slack.thread(card.channel, card.ts)[0], 5_000, 'the thread reply');
    expect(reply.text).toMatch(/<@U0ALICE> suppressed this/);
    const told = await waitFor(() => w.slack.ephemerals.find((e) => /Warden restarted/.test(e.text)));
    expect(told.user).toBe('U0ALICE');
    expect(told.text).toMatch(/the tenant had applied it/);

    const store = await createStore({
      databaseUrl: w.storeEnv.DATABASE_URL,
      dataDir: w.storeEnv.WARDEN_DATA_DIR ?? '',
      poolSize: 1,
    });
    try {
      const entries = await store.auditLog({ findingId: 'FND_SA_UNOWNED', limit: 10 });
      expect(entries.map((e) => [e.action, e.outcome, e.error])).toEqual([
        ['suppress', 'ok', 'interrupted by a restart; the tenant had applied it'],
      ]);
    } finally {
      await store.close();
    }
  }, 60_000);
});
