import { blockActionBody, postSigned, slashCommandBody } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { ALICE } from '../helpers/actors.js';
import { backends, processWorlds } from '../helpers/processes.js';
import { settle, waitFor } from '../helpers/real-time.js';

/**
 * Several Warden processes as one: what one has taken, another (or the same one after a restart)
 * does not take again, because it is kept in the store they share.
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

  it('a double click landing on two replicas reaches the tenant once and posts one thread reply', async () => {
    const w = await world(backend);
    const [a, b] = await w.startTwo();
    const show = slashCommandBody(ALICE, {
      text: 'show FND_SNOOZED',
      triggerId: w.slack.issueTriggerId(),
      responseUrl: w.slack.responseUrl(),
    });
    await postSigned(`${a.url}/slack/events`, show, w.slack.signingSecret);
    const card = await waitFor(() => w.slack.messages.find((m) => !m.thread_ts), 10_000, 'the card');
    w.tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs: 1_500 });
    const click = () =>
      blockActionBody(ALICE, {
        actionId: 'finding.reopen',
        value: 'FND_SNOOZED',
        messageTs: card.ts,
        triggerId: w.slack.issueTriggerId(),
        responseUrl: w.slack.responseUrl(),
      });
    const acks = await Promise.all([
      postSigned(`${a.url}/slack/events`, click(), w.slack.signingSecret),
      postSigned(`${b.url}/slack/events`, click(), w.slack.signingSecret),
    ]);
    expect(acks.map((r) => r.status)).toEqual([200, 200]);
    await waitFor(() => w.slack.thread(card.channel, card.ts).length === 1, 10_000, 'the thread reply');
    // Both clicks are done with: one refused, one applied. A second change would have reached
    // the tenant (which records a request as it arrives) before the first one's reply.
    await waitFor(
      () => w.slack.ephemerals.some((e) => /already in progress/.test(e.text)),
      10_000,
      'the other click refused',
    );
    await settle(500);
    expect(stateChanges(w)).toHaveLength(1);
    expect(w.slack.thread(card.channel, card.ts)).toHaveLength(1);
    expect(w.slack.ephemerals.some((e) => /already in progress/.test(e.text))).toBe(true);
  });
});
