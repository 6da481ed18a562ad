import type { ORG } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/harness.js';
import {
  A,
  B,
  callsIn,
  cardIn,
  FINDING_OF,
  install,
  orgPerTest,
  posts,
  seed,
  tokenOf,
  YAML,
} from '../helpers/org-workspaces.js';
import { sendSignedAlert as send } from '../helpers/signed-alert.js';

/**
 * One Warden serving the workspaces of an Enterprise Grid organisation, installed into each
 * workspace by OAuth, end to end: what goes out with which workspace's token — an owner's DM in
 * the owner's own workspace, and a workspace whose token Slack revokes mid-flood stopping alone.
 * Installs and uninstalls: org-workspaces.test.ts.
 */

const start = orgPerTest();

describe('one Warden, three workspaces of an organisation', () => {
  it('workspace installs: the owner of an alert routed to Alpha, whose own workspace is Bravo, gets it in a DM sent with Bravo’s token', {
    timeout: 60_000,
  }, async () => {
    const owners = `${YAML.replace(`channel: ${A.channel}, workspace: ${A.id} }`, `channel: ${A.channel}, workspace: ${A.id}, notifyOwner: true }`)}`;
    const h = await start(owners);
    for (const t of [A, B]) await install(h, `team=${t.id}`);
    // bea (W0BEA, whose own workspace is Bravo) owns the finding in the tenant.
    h.tenant.users.put({
      id: 'IU_BEA',
      displayName: 'Bea Bravo',
      email: 'bea@acme-corp.example',
      emails: ['bea@acme-corp.example'],
      username: 'bea',
      usernames: ['bea'],
      status: 'ENABLED',
      directoryStatus: 'ENABLED',
      type: 'USER_TYPE_HUMAN',
      origin: 'USER_ORIGIN_DIRECTORY',
      createdAt: '2024-01-01T00:00:00Z',
      updatedAt: '2024-01-01T00:00:00Z',
    });
    const finding = { ...seed(h, FINDING_OF[A.id] ?? ''), computedOwner: { identityUserId: 'IU_BEA' } };
    await send(h, finding);
    await waitFor(() => cardIn(h, A.channel), 10_000, 'the card in Alpha');
    const dm = await waitFor(
      () => h.slack.callsOf('chat.postMessage').find((c) => String(c.args.channel).startsWith('D')),
      10_000,
      'the owner’s DM',
    );
    // The DM is Bravo's, with Bravo's token; the channel card went with Alpha's.
    expect(h.slack.callsOf('conversations.open').map((c) => c.token)).toEqual([tokenOf(h, B.id)]);
    expect(dm.token).toBe(tokenOf(h, B.id));
    const card = h.slack.callsOf('chat.postMessage').find((c) => c.args.channel === A.channel);
    expect(card?.token).toBe(tokenOf(h, A.id));
  });

  // Over 3 s by nature: three workspaces' floods paced as Slack paces them, until one token goes.
  it('a workspace whose token Slack revokes mid-flood stops with the reason; the others go on', {
    timeout: 90_000,
  }, async () => {
    const h = await start();
    for (const t of [A, B]) await install(h, `team=${t.id}`);
    const flood = (team: (typeof ORG.teams)[number], n: number) =>
      Array.from({ length: n }, (_, i) => ({
        ...seed(h, FINDING_OF[team.id] ?? ''),
        id: `FND_FLOOD_${team.id}_${i}`,
      }));
    for (const f of [...flood(B, 12), ...flood(A, 4)]) await send(h, f);
    // Slack paces posts per channel (1 a second): Bravo's flood is still going when its token dies.
    await waitFor(() => posts(h).filter((m) => m.channel === B.channel).length >= 2, 20_000, 'Bravo posting');
    h.slack.org.revoke(B.id);
    const revokedAt = Date.now();
    await waitFor(
      async () =>
        (await h.warden.store.listOutbox({ limit: 100 })).every(
          (r) => r.status === 'sent' || r.status === 'failed',
        ),
      40_000,
      'the queue settled',
    );
    const rows = await h.warden.store.listOutbox({ limit: 100 });
    const ofB = rows.filter((r) => r.channel === B.channel);
    const failed = ofB.filter((r) => r.status === 'failed');
    expect(failed.length).toBeGreaterThanOrEqual(8);
    // One call learnt the token was revoked; after it, none: the rest fail with that reason, unsent.
    expect(callsIn(h, B.channel, revokedAt).length).toBeLessThanOrEqual(1);
    expect(failed.every((r) => /token_revoked/.test(r.lastError ?? ''))).toBe(true);
    expect(h.logs.join('')).toMatch(/workspace stopped: Slack refused its token/);
    // Alpha's whole flood went out.
    expect(rows.filter((r) => r.channel === A.channel).map((r) => r.status)).toEqual(Array(4).fill('sent'));
    expect(posts(h).filter((m) => m.channel === A.channel)).toHaveLength(4);
  });
});
