import { describe, expect, it } from 'vitest';
import { FINDING_ACTION_IDS } from '../../src/blockkit/action-table.js';
import { RollupId } from '../../src/blockkit/ids.js';
import { guardPerTest, inGroup, mark, toldSince } from '../helpers/route-guard.js';

/**
 * The route guard (route-guard.test.ts): a failure after the ack reaches the person in words,
 * with a ref, rather than leaving a modal on Loading… or saying nothing.
 */

const setUp = guardPerTest();

describe('a failure after the ack reaches the person, with a ref', () => {
  it('Review… while the store fails: the modal says so, it is not left on Loading…', async () => {
    const { l, click, r } = await setUp();
    l.ports.rollups.get = async () => {
      throw new Error('SQLITE_IOERR: disk I/O error');
    };
    const from = mark(l);
    await click(RollupId.review, inGroup, { user: 'U0ALICE' });
    const [modal] = toldSince(l, from);
    expect(modal).toMatch(/Something went wrong in Warden.*ref/);
    expect(modal).not.toMatch(/Loading/);
    expect(r.groupId).toBeTruthy();
  });

  it('Reopen while the in-flight claim fails: the person is told, with a ref', async () => {
    const { l, send, team } = await setUp();
    await send({
      command: '/warden',
      text: 'snooze FND_SA_UNOWNED 7d waiting on vendor',
      team_id: team,
      user_id: 'U0ALICE',
      channel_id: 'C0SECOPS',
      trigger_id: l.slack.issueTriggerId('U0ALICE'),
    });
    const card = (await l.store.messagesFor('FND_SA_UNOWNED')).at(-1);
    l.ports.inflight.claim = async () => {
      throw new Error('database is locked');
    };
    const from = mark(l);
    const reopen = FINDING_ACTION_IDS.find((id) => id.endsWith('.reopen')) ?? '';
    await send({
      type: 'block_actions',
      team: { id: team },
      user: { id: 'U0ALICE', team_id: team },
      channel: { id: 'C0SECOPS' },
      container: { message_ts: card?.ts, channel_id: 'C0SECOPS' },
      trigger_id: l.slack.issueTriggerId('U0ALICE'),
      actions: [{ action_id: reopen, value: 'FND_SA_UNOWNED' }],
    });
    expect(toldSince(l, from).join('\n')).toMatch(/Something went wrong in Warden.*ref/);
  });
});
