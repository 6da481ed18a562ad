import { describe, expect, it } from 'vitest';
import { ShortcutId } from '../../src/blockkit/ids.js';
import { guardPerTest, mark, NOT_INSTALLED, OUTSIDER, toldSince } from '../helpers/route-guard.js';

/**
 * The route guard (route-guard.test.ts): a shortcut from outside, a partner's person in a shared
 * channel or a request from another workspace, is turned away by the middleware, which says why
 * (issue 36, item 15: no silent door); the tenant is never called.
 */

const setUp = guardPerTest();

describe('shortcuts from outside are told why too (issue 36, item 15)', () => {
  it('a message shortcut by a partner in a shared channel: on its response_url; a global one from another workspace: an info modal', async () => {
    const { l, send, team } = await setUp();
    const before = l.tenant.requests.length;
    const from = mark(l);
    await send({
      type: 'message_action',
      callback_id: ShortcutId.attach,
      team: { id: team },
      user: { id: 'U0EXTERNAL', team_id: 'T0PARTNER' },
      channel: { id: 'C0SECOPS' },
      message: { ts: '1763800000.000100', text: 'look at this' },
      message_ts: '1763800000.000100',
      trigger_id: l.slack.issueTriggerId('U0EXTERNAL'),
      response_url: l.slack.responseUrl(),
    });
    expect(toldSince(l, from).join('\n')).toMatch(OUTSIDER);
    const again = mark(l);
    await send({
      type: 'shortcut',
      callback_id: ShortcutId.find,
      team: { id: 'T0ELSEWHERE' },
      user: { id: 'U0ALICE', team_id: 'T0ELSEWHERE' },
      trigger_id: l.slack.issueTriggerId('U0ALICE'),
    });
    expect(toldSince(l, again).join('\n')).toMatch(NOT_INSTALLED);
    expect(l.tenant.requests.slice(before)).toEqual([]);
  });
});
