import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowsPerTest } from '../helpers/button-flows.js';
import { type Harness, type LaneName, waitFor } from '../helpers/harness.js';

/**
 * Button flows (button-flows.test.ts): the ack of a click, over HTTP on the real receiver, comes
 * in under 1 s while the tenant takes 2.5 s (Slack waits 3 s).
 */

let h: Harness;
/** Flows run in process; the tests of the ack over HTTP (its code and time) switch to loopback. */
let lane: LaneName = 'inprocess';
const { findingState, formFor } = flowsPerTest({
  lane: () => lane,
  started: (started) => {
    h = started;
  },
  current: () => h,
});

describe('ack', () => {
  // The ack's time over HTTP is what Slack waits for (3 s): these stay on the real receiver.
  beforeAll(() => {
    lane = 'loopback';
  });
  afterAll(() => {
    lane = 'inprocess';
  });
  it('acks a button in under 1 s while the tenant takes 2.5 s', async () => {
    const ts = await h.postAlert('FND_SA_UNOWNED');
    h.tenant.faults.add({ method: 'GET', path: /FND_SA_UNOWNED$/, latencyMs: 2_500 });
    const ack = await h.click('finding.snooze', 'FND_SA_UNOWNED', ts);
    expect(ack.status).toBe(200);
    expect(ack.ms).toBeLessThan(1_000);
    // the loading view opens at once, while the tenant is still thinking
    await waitFor(() => h.slack.callsOf('views.open').length === 1, 1_000, 'loading view');
    expect(h.slack.callsOf('views.update')).toHaveLength(0);
    const form = await formFor('finding.snooze');
    expect(form.view.callback_id).toBe('finding.snooze');
  });

  it('acks a reopen in under 1 s while the tenant takes 2.5 s', async () => {
    const ts = await h.postAlert('FND_SNOOZED');
    h.tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs: 2_500 });
    const ack = await h.click('finding.reopen', 'FND_SNOOZED', ts);
    expect(ack.ms).toBeLessThan(1_000);
    await waitFor(() => findingState('FND_SNOOZED') === 'FINDING_STATE_OPEN', 6_000);
  });
});
