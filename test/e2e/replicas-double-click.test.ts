import { blockActionBody, postSigned, slashCommandBody } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { ALICE } from '../helpers/actors.js';
import { backends, processWorlds } from '../helpers/processes.js';
import { settle, waitFor } from '../helpers/wait.js';

/**
 * Several Warden processes as one: a click that lands on two of them at once is taken once,
 * because the in-flight claim is kept in the store they share. (replicas.test.ts: replays.)
 */
const world = processWorlds();

const stateChanges = (w: Awaited<ReturnType<typeof world>>) =>
  w.tenant.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/state'));

describe.each(backends())('replicas on $name', (backend) => {
  // Over 3 s of real time by nature: two Warden processes started.
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
