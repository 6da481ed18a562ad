import { describe, expect, it } from 'vitest';
import { ApprovalId, ReviewId, RollupId } from '../../src/blockkit/ids.js';
import { notValid } from '../../src/blockkit/interaction-words.js';
import { guardPerTest, mark, toldSince } from '../helpers/route-guard.js';
import { sealedMetadata } from '../helpers/view-seal.js';

/**
 * The route guard (route-guard.test.ts): a click acts only on what its own message or modal
 * carries. A well-formed value naming another roll-up, request or finding is refused in words
 * and nothing is asked of the tenant; the same click with its own value goes through.
 */

const setUp = guardPerTest();

describe('a click acts only on what its own message or modal carries (issue 36, item 16)', () => {
  /**
   * Forged but well formed: a value naming another roll-up, request or finding that exists (and
   * that Alice, who holds every permission, could act on from its own message) than the message
   * or modal the click came from. Refused in words, nothing asked of the tenant; the same click
   * with its own message's value goes through.
   */
  async function twoOfEach() {
    const s = await setUp();
    const { l } = s;
    // Another roll-up (of another channel) with its own summary and its own finding.
    const other = await l.store.addToRollup('C0OTHER', 'FND_DECOY_USED', {}, Date.now(), 60_000);
    const otherTs = l.slack.seedMessage('C0OTHER', 'another summary');
    await l.store.markPublished(other.groupId, otherTs, 1, Date.now());
    const approval = async (findingId: string) => {
      const a = await l.store.createApproval({
        findingId,
        requesterId: 'U0BOB',
        justification: 'vendor fix due',
        riskExpiresAt: Date.now() + 7 * 86_400_000,
        channel: 'C0SECOPS',
        messageTs: null,
        createdAt: Date.now(),
        expireAt: Date.now() + 86_400_000,
      });
      const ts = l.slack.seedMessage('C0SECOPS', 'request');
      await l.store.setApprovalRequestTs(a.id, ts);
      return { id: a.id, ts };
    };
    return { ...s, other, a1: await approval('FND_SA_UNOWNED'), a2: await approval('FND_DECOY_USED') };
  }
  const onMessage = (s: Awaited<ReturnType<typeof twoOfEach>>, id: string, value: string, ts: string) =>
    s.send({
      type: 'block_actions',
      team: { id: s.team },
      user: { id: 'U0ALICE', team_id: s.team },
      channel: { id: 'C0SECOPS' },
      container: { message_ts: ts, channel_id: 'C0SECOPS' },
      trigger_id: s.l.slack.issueTriggerId('U0ALICE'),
      response_url: s.l.slack.responseUrl(),
      actions: [{ action_id: id, value }],
    });
  const SUMMARY_BUTTONS = [
    RollupId.review,
    RollupId.reopenAll,
    RollupId.snoozeAll,
    RollupId.suppressAll,
    RollupId.acceptAll,
  ];

  it.each(SUMMARY_BUTTONS)('%s on one roll-up’s summary naming another roll-up', async (id) => {
    const s = await twoOfEach();
    expect(s.other.groupId).not.toBe(s.r.groupId);
    const group = await s.l.store.rollupGroup(s.r.groupId);
    const before = s.l.tenant.requests.length;
    const from = mark(s.l);
    await onMessage(s, id, s.other.groupId, group?.summaryTs ?? '');
    expect(toldSince(s.l, from).join('\n')).toContain(notValid());
    expect(s.l.tenant.requests.slice(before)).toEqual([]);
    // Its own value on its own summary is not refused as forged.
    const own = mark(s.l);
    await onMessage(s, id, s.r.groupId, group?.summaryTs ?? '');
    expect(toldSince(s.l, own).join('\n')).not.toContain(notValid());
  });

  it.each([ApprovalId.approve, ApprovalId.deny])(
    '%s on one request’s message naming another request',
    async (id) => {
      const s = await twoOfEach();
      const from = mark(s.l);
      await onMessage(s, id, s.a2.id, s.a1.ts);
      expect(toldSince(s.l, from).join('\n')).toContain(notValid());
      expect((await s.l.store.getApproval(s.a2.id))?.status).toBe('pending');
      const own = mark(s.l);
      await onMessage(s, id, s.a1.id, s.a1.ts);
      expect(toldSince(s.l, own).join('\n')).not.toContain(notValid());
    },
  );

  it('Review → ⋯ in one roll-up’s modal naming a finding of another roll-up', async () => {
    const s = await twoOfEach();
    const before = s.l.tenant.requests.length;
    const inReviewOf = (value: string) =>
      s.send({
        type: 'block_actions',
        team: { id: s.team },
        user: { id: 'U0ALICE', team_id: s.team },
        // As the table's other clicks in a modal, a channel to answer in.
        channel: { id: 'C0SECOPS' },
        container: { type: 'view', view_id: 'V0REVIEW' },
        trigger_id: s.l.slack.issueTriggerId('U0ALICE'),
        view: {
          id: 'V0REVIEW',
          type: 'modal',
          private_metadata: sealedMetadata(
            s.l.slack.signingSecret,
            '',
            JSON.stringify({ groupId: s.r.groupId, page: 0 }),
          ),
          state: { values: {} },
        },
        actions: [{ action_id: ReviewId.finding, value }],
      });
    const from = mark(s.l);
    await inReviewOf('reopen FND_DECOY_USED');
    expect(toldSince(s.l, from).join('\n')).toContain(notValid());
    expect(s.l.tenant.requests.slice(before)).toEqual([]);
  });
});
