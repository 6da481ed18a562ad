import { describe, expect, it } from 'vitest';
import { ALICE, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';
import { postsIn } from '../helpers/owners.js';

/**
 * Issue 36, item 14: ten `/warden show` of one finding sent at once posted ten cards (the
 * one-card-per-channel rule was checked, then acted on, without a claim), and every later change
 * then cost ten chat.updates. Now the card is claimed in the store per finding and channel before
 * it is posted (usecases/shared/card-claim.ts): one card, the other nine answered privately with
 * a link to it; a post that fails lets go of the claim, so the next one posts the card.
 */

let h: Harness;
const startOne = harnessPerTest({ lane: 'inprocess' });
const ID = 'FND_SA_UNOWNED';
const cardsOf = (id: string) =>
  postsIn(h, ALICE.channelId).filter((m) => JSON.stringify(m.blocks ?? []).includes(id));
const linked = (user = ALICE.userId) =>
  h.slack.ephemerals.filter((e) => e.user === user && /already has a card in this channel/.test(e.text));

describe('one card per finding and channel, claimed before it is posted', () => {
  it('ten shows of one finding sent at once post one card; the nine others get a private link to it', async () => {
    h = await startOne({ speed: 5 });
    await Promise.all(Array.from({ length: 10 }, () => h.command(`show ${ID}`)));
    await waitFor(() => linked().length === 9, 15_000, 'nine private answers');
    await settle(200);
    const cards = cardsOf(ID);
    expect(cards).toHaveLength(1);
    const [card] = cards;
    if (!card) throw new Error('no card');
    // nothing else was posted in the channel: the repeats are private, with a link to the card
    expect(postsIn(h, ALICE.channelId)).toHaveLength(1);
    for (const e of linked())
      expect(e.text).toContain(`/archives/${card.channel}/p${card.ts.replace('.', '')}`);
    expect((await h.warden.store.messagesFor(ID)).map((m) => m.ts)).toEqual([card.ts]);
    // the claim is let go: a later change costs one update here, not ten
    const before = h.slack.callsOf('chat.update').length;
    await h.command(`snooze ${ID} 7d waiting on the vendor`);
    await waitFor(() => h.slack.thread(card.channel, card.ts).length === 1, 5_000, 'the thread reply');
    await settle(200);
    expect(h.slack.callsOf('chat.update').slice(before)).toHaveLength(1);
  }, 30_000);

  it('a post Slack fails lets go of the claim: the person is told, and the next show posts the one card', async () => {
    h = await startOne({ speed: 5 });
    h.slack.fail({ method: 'chat.postMessage', status: 500, channel: ALICE.channelId });
    await Promise.all(Array.from({ length: 4 }, () => h.command(`show ${ID}`)));
    await waitFor(
      () => h.slack.ephemerals.some((e) => /Slack refused while Warden tried to show finding/.test(e.text)),
      10_000,
      'the failed post told',
    );
    await waitFor(() => linked().length === 2, 10_000, 'two private answers');
    await settle(200);
    expect(cardsOf(ID)).toHaveLength(1);
    // no claim is left behind: the pair is free again
    const free = await h.warden.store.claimCard(
      { findingId: ID, channel: ALICE.channelId, holder: 'test', until: h.clock.now() + 1_000 },
      h.clock.now(),
    );
    expect(free).toBe(true);
  }, 30_000);
});
