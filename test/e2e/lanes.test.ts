import { postSigned, slashCommandBody } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { ALICE, harnessPerTest, type LaneName, waitFor } from '../helpers/harness.js';

/**
 * The two lanes a flow test picks (test/helpers/lanes.ts) drive the same Warden the same way:
 * one driver, the same payloads, the same acks. Only loopback has Warden's HTTP receiver.
 */
const startOne = harnessPerTest();
const lanes: LaneName[] = ['loopback', 'inprocess'];

describe.each(lanes)('the %s lane', (lane) => {
  it('answers a command in the ack and a click after it, as Slack would see them', async () => {
    const h = await startOne({ lane });
    expect(h.lane).toBe(lane);
    const help = await h.command('help');
    expect(help.status).toBe(200);
    expect(JSON.parse(help.body)).toMatchObject({ response_type: 'ephemeral' });
    expect(JSON.parse(help.body).text).toContain('/warden snooze');
    const ts = await h.postAlert('FND_SNOOZED');
    const click = await h.click('finding.reopen', 'FND_SNOOZED', ts);
    expect([click.status, click.body]).toEqual([200, '']);
    await waitFor(
      () => h.tenant.findings.get('FND_SNOOZED')?.state === 'FINDING_STATE_OPEN',
      5_000,
      'reopen',
    );
    await waitFor(() => h.slack.thread('C0SECOPS', ts).length === 1, 5_000, 'the thread reply');
  });
});

describe('the in-process lane', () => {
  it('mounts no /slack/events: signatures and HTTP codes are the loopback lane’s to test', async () => {
    const h = await startOne({ lane: 'inprocess' });
    const body = slashCommandBody(ALICE, {
      text: 'help',
      triggerId: h.slack.issueTriggerId(),
      responseUrl: h.slack.responseUrl(),
    });
    expect((await postSigned(h.url, body, h.signingSecret)).status).toBe(404);
    // Warden's other routes are there as in production
    expect((await fetch(`${h.base}/healthz`)).status).toBe(200);
  });
});
