import { describe, expect, it } from 'vitest';
import { ALICE, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';
import { postsIn } from '../helpers/owners.js';

/**
 * Issue 24, item 9: `/warden show X` fifteen times posted fifteen cards, and every later change
 * to X then cost fifteen chat.update calls (Tier 3, shared by the workspace). Now a channel keeps
 * one live card per finding: a repeated show brings that card up to date and answers the person
 * privately with a link to it (issue 36, item 13: a repeat posts nothing in the channel, so it
 * never takes the channel's paced slot from an alert).
 */

let h: Harness;
const startOne = harnessPerTest({ lane: 'inprocess' });
const ID = 'FND_SA_UNOWNED';
const updatesOf = (ts: string) => h.slack.callsOf('chat.update').filter((c) => c.args.ts === ts);

describe('/warden show, repeated', () => {
  it('fifteen shows keep one card in the channel, each repeat is answered privately with a link to it, and a change costs one update', async () => {
    // Posts in a channel are paced at about one a second: Warden's time runs 20 times as fast here.
    h = await startOne({ speed: 20 });
    const repeats = () => h.slack.ephemerals.filter((e) => e.user === ALICE.userId);
    await h.command(`show ${ID}`);
    await waitFor(() => postsIn(h, ALICE.channelId).length === 1, 5_000, 'the card');
    for (let i = 1; i < 15; i++) {
      await h.command(`show ${ID}`);
      await waitFor(() => repeats().length === i, 5_000, `show ${i + 1} answered`);
    }
    const [card, ...more] = postsIn(h, ALICE.channelId);
    if (!card) throw new Error('no card');
    expect(card.text).toMatch(/Service account/i);
    // nothing but the card in the channel: the fourteen repeats were answered privately
    expect(more).toHaveLength(0);
    const link = `/archives/${card.channel}/p${card.ts.replace('.', '')}`;
    expect(repeats()).toHaveLength(14);
    for (const r of repeats()) {
      expect(r.text).toMatch(
        /^:pushpin: `FND_SA_UNOWNED` already has a card in this channel, kept up to date: <https?:\/\/[^|]+\|see the card>\.$/,
      );
      expect(r.text).toContain(link);
    }
    // each repeat brought the one card up to date (Slack says whether it still exists)
    expect(updatesOf(card.ts)).toHaveLength(14);
    expect((await h.warden.store.messagesFor(ID)).map((m) => m.ts)).toEqual([card.ts]);
    const before = h.slack.callsOf('chat.update').length;

    await h.command(`snooze ${ID} 7d waiting on the vendor`);
    await waitFor(() => h.slack.thread(card.channel, card.ts).length === 1, 5_000, 'the thread reply');
    await settle(300);
    // the change costs one update in this channel, not one per show
    expect(h.slack.callsOf('chat.update').slice(before)).toHaveLength(1);
    expect(updatesOf(card.ts)).toHaveLength(15);
    expect(JSON.stringify(h.slack.messages.find((m) => m.ts === card.ts)?.blocks)).toContain('Snoozed until');
  }, 60_000);

  it('a card deleted in Slack is posted again by the next show', async () => {
    h = await startOne();
    const first = await h.postAlert(ID);
    await h.command(`snooze ${ID} 7d waiting on the vendor`);
    await waitFor(() => h.slack.thread(ALICE.channelId, first).length === 1, 5_000, 'the thread reply');
    h.slack.deleteMessage(ALICE.channelId, first);
    await h.command(`show ${ID}`);
    const again = await waitFor(() => postsIn(h, ALICE.channelId)[0], 5_000, 'a new card');
    expect(again.ts).not.toBe(first);
    expect(JSON.stringify(again.blocks)).toContain('Snoozed until');
  });
});
