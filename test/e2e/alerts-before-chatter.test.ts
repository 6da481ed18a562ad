import { createLocalSlack, createTestClock, type LocalSlack } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { ALICE, type Harness, startHarness, waitFor } from '../helpers/harness.js';
import { sendSignedAlert } from '../helpers/signed-alert.js';

/**
 * Issue 36, item 13: one member typing `/warden show` forty times held a critical alert's card in
 * that channel for 28 s: every post a person's request makes took the channel's next paced slot
 * ahead of alerts. Now people's posts take a slot only when one is free now and otherwise wait in
 * line (slack/paced-chat.ts, `people`), while the delivery worker books the next one: the
 * critical card goes out next, behind at most the post in progress, and within Slack's limits.
 */

const CHANNEL = ALICE.channelId;
let h: Harness;
let slack: LocalSlack;
afterEach(async () => {
  await h?.close();
  await slack?.close();
});

describe('alerts before chatter', () => {
  // Over 3 s by nature: forty paced posts in one channel, at twice Slack's real pace.
  it('forty shows by one member, then a critical alert: its card is the channel’s next post, within Slack’s limits', async () => {
    // Slack's limits and the pacing run twice as fast, not more: this counts Slack's 429s and which
    // post went first, and a faster clock magnifies Warden's own latency as much (pacing.test.ts).
    const clock = createTestClock({ speed: 2 });
    slack = await createLocalSlack({ rateLimits: true, now: clock.now });
    h = await startHarness({ slack, testClock: clock, lane: 'inprocess', env: { ALERTS_CHANNEL: CHANNEL } });
    const template = h.tenant.findings.get('FND_SA_UNOWNED', h.clock.now());
    if (!template) throw new Error('no template');
    const ids = Array.from({ length: 40 }, (_, i) => `FND_CHAT_${String(i + 1).padStart(2, '0')}`);
    for (const id of ids) h.tenant.findings.put({ ...structuredClone(template), id });
    const critical = {
      ...structuredClone(template),
      id: 'FND_CRIT_NOW',
      severity: 'FINDING_SEVERITY_CRITICAL',
    };
    h.tenant.findings.put(critical);
    const posts = () => slack.messages.filter((m) => m.channel === CHANNEL && !m.thread_ts);
    const shows = () => posts().filter((m) => ids.some((id) => JSON.stringify(m.blocks ?? []).includes(id)));

    await Promise.all(ids.map((id) => h.command(`show ${id}`)));
    await waitFor(() => shows().length >= 3, 20_000, 'the first shows posted');
    // Stored (202) before it is acknowledged: from here on it is the channel's most urgent post.
    await sendSignedAlert(h, critical);
    const before = shows().length;
    const card = await waitFor(
      () => posts().find((m) => JSON.stringify(m.blocks ?? []).includes('FND_CRIT_NOW')),
      20_000,
      'the critical card',
    );
    // Only the post in progress went out between the alert and its card.
    const ahead = shows().filter((m) => Number(m.ts) < Number(card.ts)).length - before;
    expect(ahead).toBeLessThanOrEqual(1);
    // Every show is answered: its card, or (past the 20 s a person waits for a slot) a sentence.
    const told = () =>
      slack.ephemerals.filter((e) => e.user === ALICE.userId && /Slack is limiting how fast/.test(e.text));
    await waitFor(() => shows().length + told().length >= ids.length, 60_000, 'every show answered');
    // Within Slack's limits: paced under them. On a loaded host a post that leaves on its slot can
    // arrive late and meet its successor in Slack's bucket (paced-chat.ts, POST_PACE): at most one
    // 429 then, whose Retry-After every waiting post honours (as floods.test.ts allows a few).
    expect(slack.rateLimits.total()).toBeLessThanOrEqual(1);
  }, 90_000);
});
