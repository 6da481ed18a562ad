import { describe, expect, it } from 'vitest';
import { ALICE, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';

/**
 * Issue 36, item 20: a card update Slack failed (a 5xx) after a change was never tried again, so
 * the card showed the old state to everyone. Now the failed update is queued in the outbox
 * (source `card`) and the delivery worker retries it like any post (delivery/card-refresh.ts),
 * rendering the finding as the tenant has it then.
 */

let h: Harness;
const startOne = harnessPerTest({ lane: 'inprocess' });
const ID = 'FND_SA_UNOWNED';
const cardOf = (ts: string) => h.slack.messages.find((m) => m.ts === ts);

describe('a card update Slack fails after a change', () => {
  it('is retried from the outbox: the card ends showing the new state, the thread told once', async () => {
    h = await startOne();
    const ts = await h.postAlert(ID);
    expect(JSON.stringify(cardOf(ts)?.blocks)).not.toContain('Snoozed until');
    h.slack.fail({ method: 'chat.update', status: 500 });
    await h.command(`snooze ${ID} 7d waiting on the vendor`);
    await waitFor(() => h.slack.thread(ALICE.channelId, ts).length === 1, 10_000, 'the thread reply');
    await waitFor(
      () => JSON.stringify(cardOf(ts)?.blocks).includes('Snoozed until'),
      10_000,
      'the card showing the snooze',
    );
    // the first update got Slack's 500, the retry went through
    const updates = h.slack.callsOf('chat.update').filter((c) => c.args.ts === ts);
    expect(updates.length).toBeGreaterThanOrEqual(2);
    // The worker records the row once Slack has answered the update: the card can show it a moment
    // before the row is marked sent (seen in full runs), so wait for the record, not the card alone.
    const retried = await waitFor(
      async () => {
        const rows = (await h.warden.store.listOutbox({ limit: 10 })).filter((r) => r.source === 'card');
        return rows.every((r) => r.status === 'sent') && rows.length > 0 ? rows : undefined;
      },
      10_000,
      'the card update recorded as sent',
    );
    expect(retried.map((r) => [r.findingId, r.channel, r.sentTs, r.status])).toEqual([
      [ID, ALICE.channelId, ts, 'sent'],
    ]);
    await settle(300);
    // one reply in the thread, and the person was not told of a failure: the card was put right
    expect(h.slack.thread(ALICE.channelId, ts)).toHaveLength(1);
    expect(h.slack.ephemerals.filter((e) => /could not|refused/i.test(e.text))).toHaveLength(0);
    expect((await h.warden.store.messagesFor(ID))[0]?.lastState).toBe('FINDING_STATE_SNOOZED');
  });

  it('a card deleted in Slack meanwhile is let go, not retried for ever', async () => {
    h = await startOne();
    const ts = await h.postAlert(ID);
    // Slack fails the update and the first retries too, and someone deletes the card meanwhile.
    h.slack.fail({ method: 'chat.update', status: 500, times: 3 });
    await h.command(`snooze ${ID} 7d waiting on the vendor`);
    await waitFor(
      async () => (await h.warden.store.listOutbox({ limit: 10 })).some((r) => r.source === 'card'),
      10_000,
      'the retry queued',
    );
    h.slack.deleteMessage(ALICE.channelId, ts);
    await waitFor(
      async () =>
        (await h.warden.store.listOutbox({ limit: 10 })).every(
          (r) => r.source !== 'card' || r.status === 'sent',
        ),
      10_000,
      'the retry settled',
    );
    expect(h.slack.messages.filter((m) => m.channel === ALICE.channelId && !m.thread_ts)).toHaveLength(0);
  });
});
