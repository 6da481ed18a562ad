import type { JsonFinding } from '@warden/simulators';
import { SEED_IDS } from '@warden/simulators';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { OWNER_ROUTE } from '../../src/domain/routing.js';
import { signedPostSignature } from '../../src/intake/verify-signed-post.js';
import { type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';
import { buttonsOf, postsIn, userReads } from '../helpers/owners.js';

/**
 * Issue 17, item 3: the routing rule `notifyOwner: true` sends a matching finding's card to its
 * owner's direct message as well as to the channel, through the outbox like any alert. An owner
 * Warden cannot reach fails that row with the reason (for `npm run outbox`), once.
 */

let h: Harness;
const startOne = harnessPerTest({ lane: 'inprocess' });

const ROUTING = [
  'routing:',
  '  rules:',
  '    - name: owners told',
  '      when: { severities: [medium, high] }',
  '      channel: C0SECOPS',
  '      notifyOwner: true',
].join('\n');

async function start() {
  h = await startOne({ file: parseConfigFile(ROUTING, 'test.yaml') });
}

/** An alert as a scanner posts it: signed with the shared secret (intake/verify-signed-post.ts). */
async function postSignedAlert(findingId: string): Promise<string> {
  const finding = structuredClone(h.tenant.findings.get(findingId)) as JsonFinding;
  const body = JSON.stringify({ finding });
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await request(`${h.base}/hooks/findings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-warden-timestamp': ts,
      'x-warden-signature': signedPostSignature('test-alerts-webhook-secret', ts, body),
    },
    body,
  });
  const answer = (await res.body.json()) as { id: string };
  expect(res.statusCode).toBe(202);
  return answer.id;
}

const BOBS = 'FND_CONNECTOR_ANOMALY_OFF';
const rowsOf = async (findingId: string) =>
  (await h.warden.store.listOutbox({ limit: 100 })).filter((r) => r.findingId === findingId);

describe('routing rule notifyOwner: true', () => {
  it('delivers the alert to the channel and to the owner’s DM, both tracked', async () => {
    await start();
    await postSignedAlert(BOBS);
    const channel = await waitFor(() => postsIn(h, 'C0SECOPS')[0], 5_000, 'the channel card');
    const dm = await waitFor(() => postsIn(h, 'D0BOB')[0], 5_000, 'the DM copy');
    expect(dm.text).toBe(channel.text);
    expect(buttonsOf(h, dm.ts)).toContain('finding.snooze');
    await waitFor(async () => (await rowsOf(BOBS)).every((r) => r.status === 'sent'));
    const rows = await rowsOf(BOBS);
    expect(rows.map((r) => r.channel).sort()).toEqual([OWNER_ROUTE, 'C0SECOPS']);
    expect(rows.find((r) => r.channel === OWNER_ROUTE)?.sentTs).toBe(dm.ts);
    const tracked = await h.warden.store.messagesFor(BOBS);
    expect(tracked.map((m) => `${m.channel}:${m.ts}`).sort()).toEqual(
      [`C0SECOPS:${channel.ts}`, `D0BOB:${dm.ts}`].sort(),
    );
  });

  it('a later alert of the finding replaces the owner’s copy, and its thread says what changed', async () => {
    await start();
    await postSignedAlert(BOBS);
    const dm = await waitFor(() => postsIn(h, 'D0BOB')[0], 5_000, 'the DM copy');
    const snoozed = h.tenant.findings.changeState(
      BOBS,
      {
        snooze: {
          reason: 'in the console',
          snoozeUntil: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        },
      },
      SEED_IDS.users.carol,
    );
    expect(snoozed.status).toBe(200);
    await postSignedAlert(BOBS);
    await waitFor(() => h.slack.thread('D0BOB', dm.ts).length === 1, 5_000, 'the DM thread reply');
    expect(postsIn(h, 'D0BOB')).toHaveLength(1);
    expect(buttonsOf(h, dm.ts)).toContain('finding.reopen');
    expect(h.slack.thread('D0BOB', dm.ts)[0]?.text).toMatch(/snoozed/i);
  });

  it('an owner who cannot be looked up just now: the row waits (a failure kept briefly), then goes', async () => {
    let offset = 0;
    h = await startOne({ file: parseConfigFile(ROUTING, 'test.yaml'), clock: () => Date.now() + offset });
    h.tenant.faults.add({
      method: 'GET',
      path: `/api/v1/users/${SEED_IDS.users.bob}`,
      status: 503,
      times: 100,
    });
    await postSignedAlert(BOBS);
    await waitFor(() => postsIn(h, 'C0SECOPS')[0], 5_000, 'the channel card');
    const waiting = await waitFor(
      async () => (await rowsOf(BOBS)).find((r) => r.channel === OWNER_ROUTE && r.attempts >= 3),
      8_000,
      'the owner row tried a few times',
    );
    expect(waiting).toMatchObject({
      status: 'pending',
      lastError: 'owner not reached: not-mapped:unavailable',
    });
    // tried again and again, but the tenant was asked only for the first try: the failure is kept
    const asked = userReads(h, SEED_IDS.users.bob).length;
    await settle(500);
    expect(userReads(h, SEED_IDS.users.bob)).toHaveLength(asked);
    expect(h.slack.messages.filter((m) => m.channel.startsWith('D'))).toHaveLength(0);
    h.tenant.faults.clear();
    offset += 31_000;
    await waitFor(() => postsIn(h, 'D0BOB')[0], 8_000, 'the DM copy once Bob is found');
    await waitFor(async () => (await rowsOf(BOBS)).every((r) => r.status === 'sent'), 5_000, 'both sent');
  });

  it('only for matching findings', async () => {
    await start();
    await postSignedAlert('FND_SIMILAR_USER'); // low: no rule, ALERTS_CHANNEL
    await waitFor(() => postsIn(h, 'C0ALERTS')[0], 5_000, 'the default channel card');
    await settle(300);
    expect(await rowsOf('FND_SIMILAR_USER')).toHaveLength(1);
    expect(h.slack.messages.filter((m) => m.channel.startsWith('D'))).toHaveLength(0);
  });

  it.each([
    ['not in Slack', 'FND_CUSTOM', 'owner not notified: not-mapped:not-in-slack'],
    ['a guest', 'FND_DECOY_EXPOSED', 'owner not notified: guest'],
    ['without email', 'FND_CRED_EXPIRING', 'owner not notified: not-mapped:no-email'],
  ])(
    'an owner %s: the row fails with its reason, is not retried, and the channel still gets the card',
    async (_n, id, reason) => {
      await start();
      await postSignedAlert(id);
      await waitFor(() => postsIn(h, 'C0SECOPS')[0], 5_000, 'the channel card');
      const failed = await waitFor(
        async () => (await rowsOf(id)).find((r) => r.channel === OWNER_ROUTE && r.status === 'failed'),
        5_000,
        'the failed owner row',
      );
      expect(failed).toMatchObject({ lastError: reason, attempts: 1 });
      // the worker polls every 50 ms here: a retry loop would have tried again by now
      await settle(1_000);
      expect((await rowsOf(id)).find((r) => r.channel === OWNER_ROUTE)).toMatchObject({
        status: 'failed',
        attempts: 1,
      });
      expect(h.slack.messages.filter((m) => m.channel.startsWith('D'))).toHaveLength(0);
      expect((await rowsOf(id)).find((r) => r.channel === 'C0SECOPS')?.status).toBe('sent');
      expect(h.logs.join('')).toMatch(/alert delivery failed for good/);
    },
  );
});
