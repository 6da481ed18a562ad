import { describe, expect, it } from 'vitest';
import { LEASE, slashCommand, stateOf } from '../helpers/crash.js';
import { flowVerbs } from '../helpers/driver.js';
import { fillByLabel } from '../helpers/form-fill.js';
import { loopbackDeliver } from '../helpers/lanes.js';
import { backends, type ProcessWorld, processWorlds } from '../helpers/processes.js';
import { waitFor } from '../helpers/wait.js';

/**
 * Issue 36, item 19: a form submitted, answered 200, the replica killed within 50 ms: the tenant
 * was never called, nobody was told, and Slack's retry was refused as a replay. Now what a person
 * asked is kept with the request's replay record before the ack (http/request-intent.ts), settled
 * once handled, and a process whose lease is gone leaves it for another to carry out
 * (listeners/request-intents.ts): here the next process makes the change.
 *
 * No test seam: the replica that takes the form has never seen the person, and the local Slack
 * holds its users.info (the permission check) for 5 s, so the kill lands after the ack and before
 * the tenant is asked, every time.
 */
const world = processWorlds();
const ID = 'FND_SA_UNOWNED';

const verbsAt = (w: ProcessWorld, url: string) =>
  flowVerbs(w.slack, loopbackDeliver(`${url}/slack/events`, w.slack.signingSecret, Date.now));
const changes = (w: ProcessWorld) => w.tenant.requests.filter((r) => r.path.endsWith(`${ID}/state`));

describe.each(backends())('an acknowledged form, its process killed at once, on $name', (backend) => {
  // Over 3 s of real time by nature: three Warden processes, a kill, a lease to lapse.
  it('is carried out by the next process: the change made once, the card and thread told', async () => {
    const w = await world(backend);
    const a = await w.start(LEASE);
    await slashCommand(w, a.url, `show ${ID}`);
    const card = await waitFor(
      () => w.slack.messages.find((m) => !m.thread_ts && JSON.stringify(m.blocks).includes(ID)),
      10_000,
      'the card',
    );
    const form = await verbsAt(w, a.url).openForm('finding.snooze', ID, card.ts);
    await a.stop();

    // Another process takes the submission: it acknowledges it, then waits on Slack for the person.
    const b = await w.start(LEASE);
    w.slack.fail({ method: 'users.info', latencyMs: 5_000, times: 10 });
    const answers = fillByLabel(form.view.view, { 'Snooze for': '7 days', Reason: 'waiting on the vendor' });
    const answer = await verbsAt(w, b.url).submit(form.view, answers);
    await b.kill();
    expect(answer.status).toBe(200);
    expect(changes(w)).toHaveLength(0);
    expect(stateOf(w, ID)).toBe('FINDING_STATE_OPEN');

    w.slack.clearFaults();
    await w.start(LEASE);
    await waitFor(() => stateOf(w, ID) === 'FINDING_STATE_SNOOZED', 30_000, 'the change made');
    const reply = await waitFor(
      () => w.slack.thread(card.channel, card.ts).find((m) => /snoozed this/.test(m.text ?? '')),
      10_000,
      'the thread told',
    );
    expect(reply.text).toContain('waiting on the vendor');
    expect(changes(w)).toHaveLength(1);
    await waitFor(() => JSON.stringify(card.blocks).includes('Snoozed until'), 10_000, 'the card updated');
  }, 120_000);
});
