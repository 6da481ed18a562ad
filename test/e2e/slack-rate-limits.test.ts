import { describe, expect, it } from 'vitest';
import { type Harness, harnessPerTest, waitFor } from '../helpers/harness.js';

/**
 * Slack limits each method on its own (per method, per workspace, per app) and answers 429 with
 * Retry-After (issue 24, item 1). A limit on one method never delays a call to another, and a call
 * bound to a trigger (views.open lives 3 s) goes at once or fails with a clear message.
 */
let h: Harness;
const startOne = harnessPerTest();
const ID = 'FND_SA_UNOWNED';

const openViews = () => [...h.slack.views.values()].filter((v) => !v.closed);

describe('Slack rate limits, method by method', () => {
  it('a 429 on views.publish (Home) does not hold a Snooze… click’s views.open', async () => {
    h = await startOne();
    const ts = await h.postAlert(ID);
    // Slack holds views.publish over its limit for 6 s: Alice's Home tab gets a 429 with Retry-After.
    h.slack.rateLimits.hold('views.publish', 6);
    expect((await h.slack.openHome('U0ALICE', { url: h.url })).delivered).toBe(true);
    await waitFor(() => h.slack.rateLimits.served.get('views.publish'), 5_000, 'the 429 on views.publish');

    const clickedAt = h.clock.now();
    const form = await h.openForm('finding.snooze', ID, ts);
    const opened = h.slack.callsOf('views.open');
    expect(opened).toHaveLength(1);
    // at once, not after the Home tab's Retry-After (generous: a loaded machine)
    expect((opened[0]?.at ?? Number.POSITIVE_INFINITY) - clickedAt).toBeLessThan(2_000);
    expect(form.labels).toContain('Snooze for');
    await form.submit({ 'Snooze for': '7 days', Reason: 'waiting on vendor' });
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'the thread reply');
    expect(h.slack.ephemerals).toHaveLength(0);

    // The Home tab is refreshed once Slack's Retry-After is over, with a call then, not a stream of 429s.
    await h.clock.advance('6s');
    await waitFor(
      // the finding by what it is (Home names it, not its id)
      () =>
        JSON.stringify(h.slack.workspace.homes.get('U0ALICE') ?? {}).includes(
          'Unowned service account · deploy-bot',
        ),
      15_000,
      'Alice’s Home tab, refreshed after the Retry-After',
    );
    expect(h.slack.rateLimits.served.get('views.publish')).toBeLessThanOrEqual(3);
  });

  it('a Home tab opened while views.publish is limited is published once the Retry-After is over', async () => {
    h = await startOne();
    h.slack.rateLimits.hold('views.publish', 3);
    const openedAt = h.clock.now();
    expect((await h.slack.openHome('U0ALICE', { url: h.url })).delivered).toBe(true);
    await waitFor(() => h.slack.rateLimits.served.get('views.publish'), 5_000, 'the 429 on views.publish');
    await h.clock.advance('3s');
    const home = await waitFor(() => h.slack.workspace.homes.get('U0ALICE'), 15_000, 'Alice’s Home tab');
    expect(JSON.stringify(home)).toContain('Your requests');
    // one call got the 429, the next waited for Retry-After: no stream of 429s meanwhile
    expect(h.slack.rateLimits.served.get('views.publish')).toBe(1);
    const published = h.slack.callsOf('views.publish');
    expect(published).toHaveLength(2);
    expect((published[1]?.at ?? 0) - openedAt).toBeGreaterThanOrEqual(2_500);
  });

  it('a 429 waited out on chat.postEphemeral does not hold the form’s views.update', async () => {
    // Real time: Slack's Web API client (@slack/web-api) waits out this Retry-After itself.
    h = await startOne();
    const ts = await h.postAlert(ID);
    h.slack.rateLimits.hold('chat.postEphemeral', 6);
    // A forged button is answered privately: that ephemeral gets the 429 and waits it out.
    await h.click('finding.snooze', 'FND_NOT VALID!', ts);
    await waitFor(
      () => h.slack.rateLimits.served.get('chat.postEphemeral'),
      5_000,
      'the 429 on the ephemeral',
    );

    const clickedAt = Date.now();
    const form = await h.openForm('finding.snooze', ID, ts);
    const shown = h.slack.callsOf('views.update').find((c) => c.at >= clickedAt);
    expect((shown?.at ?? Number.POSITIVE_INFINITY) - clickedAt).toBeLessThan(2_000);
    expect(form.labels).toContain('Snooze for');
    // the ephemeral itself is not lost: it goes once Slack's Retry-After is over
    const told = await h.nextEphemeral('U0ALICE', 15_000);
    expect(told.text).toMatch(/^:warning: This button is not valid/);
    expect(told.at - clickedAt).toBeGreaterThan(2_000);
  });

  it('a 429 on views.open tells the person at once, with a ref, and leaves no Loading… modal', async () => {
    h = await startOne();
    const ts = await h.postAlert(ID);
    h.slack.rateLimits.hold('views.open', 30);
    const clickedAt = Date.now();
    expect((await h.click('finding.snooze', ID, ts)).status).toBe(200);
    const told = await h.nextEphemeral('U0ALICE', 5_000);
    expect(told.at - clickedAt).toBeLessThan(3_000);
    expect(told.text).toMatch(
      /^:hourglass: Slack is limiting how many forms Warden may open right now, so Warden could not act on the finding: the form did not open and nothing was changed\. Try again in (30|29) s\. _\(ref `[^`]+`\)_$/,
    );
    const ref = /ref `([^`]+)`/.exec(told.text)?.[1] ?? 'no ref';
    expect(h.logs.some((l) => l.includes(ref) && l.includes('Slack rate limited views.open'))).toBe(true);
    // tried once (a trigger is used once), and nothing opened or changed
    expect(h.slack.callsOf('views.open')).toHaveLength(1);
    expect(openViews()).toHaveLength(0);
    expect(h.stateChanges()).toHaveLength(0);
  });
});
