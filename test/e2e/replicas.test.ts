import { postSigned, slashCommandBody } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { ALICE } from '../helpers/actors.js';
import { backends, processWorlds } from '../helpers/processes.js';
import { settle, waitFor } from '../helpers/wait.js';

/**
 * Several Warden processes as one: what one has taken, another (or the same one after a restart)
 * does not take again, because it is kept in the store they share. (A double click on two
 * replicas: replicas-double-click.test.ts, a file of its own so the two run side by side.)
 */
const world = processWorlds();

const stateChanges = (w: Awaited<ReturnType<typeof world>>) =>
  w.tenant.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/state'));

describe.each(backends())('replicas on $name', (backend) => {
  // Over 3 s of real time by nature (here and below): Warden processes started and stopped.
  it('a signed request replayed within its 5 minutes is not processed again: after a restart, or by another replica', async () => {
    const w = await world(backend);
    // PostgreSQL: another replica, running at the same time (both started at once); SQLite (one
    // process): a restart, later
    const [first, replica] = backend.name === 'postgres' ? await w.startTwo() : [await w.start()];
    const body = slashCommandBody(ALICE, {
      text: 'suppress FND_SA_UNOWNED accepted by the platform team',
      triggerId: w.slack.issueTriggerId(),
      responseUrl: w.slack.responseUrl(),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    expect(
      (await postSigned(`${first.url}/slack/events`, body, w.slack.signingSecret, { timestamp })).status,
    ).toBe(200);
    await waitFor(() => stateChanges(w).length === 1, 10_000, 'the change');
    await waitFor(() => w.slack.messages.length > 0, 10_000, 'the card');
    if (!replica) await first.stop();
    const other = replica ?? (await w.start());
    const replay = await postSigned(`${other.url}/slack/events`, body, w.slack.signingSecret, { timestamp });
    expect(replay.status).toBe(200);
    await settle(1_000);
    expect(stateChanges(w)).toHaveLength(1);
    expect(other.output.join('')).toMatch(/replayed Slack request ignored/);
  });
});
