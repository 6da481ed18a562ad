import { ORG } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { ALICE, waitFor } from '../helpers/harness.js';
import {
  A,
  alertEveryRoute,
  B,
  C,
  callsIn,
  FINDING_OF,
  install,
  notInstalled,
  orgPerTest,
  personOf,
  posts,
  seed,
  tokenOf,
} from '../helpers/org-workspaces.js';
import { sendSignedAlert as send } from '../helpers/signed-alert.js';

/**
 * One Warden serving the three workspaces of an Enterprise Grid organisation, installed by OAuth
 * (org-wide, or into each workspace), end to end: Bolt's installer, the local Slack's org, the
 * store, the delivery worker. Each route posts in its own workspace with that workspace's
 * installation; an uninstall stops only what it names. An owner's DM in their own workspace and a
 * token revoked mid-flood: org-workspaces-delivery.test.ts.
 */

const start = orgPerTest();

describe('one Warden, three workspaces of an organisation', () => {
  it('an org-wide install: each route posts only in its own workspace; B removed (team_access_revoked) stops at once, A and C go on', {
    timeout: 60_000,
  }, async () => {
    const h = await start();
    await install(h, 'org=1');
    for (const t of ORG.teams) h.slack.org.addToWorkspace(t.id);
    const orgToken = tokenOf(h, undefined);
    const cards = await alertEveryRoute(h);
    expect(
      posts(h)
        .map((m) => m.channel)
        .sort(),
    ).toEqual(ORG.teams.map((t) => t.channel).sort());
    expect(cards.map((c) => c.channel)).toEqual(ORG.teams.map((t) => t.channel));
    for (const call of h.slack.callsOf('chat.postMessage')) expect(call.token).toBe(orgToken);

    // An action in Bravo is authorized by the org's installation for Bravo and served there.
    const cardB = cards[1];
    const form = await h.openForm(
      'finding.snooze',
      FINDING_OF[B.id] ?? '',
      cardB?.ts ?? '',
      personOf(B, true),
    );
    expect(form.view.view.callback_id).toBeDefined();
    expect(h.slack.callsOf('views.open').at(-1)?.token).toBe(orgToken);

    // The org admin removes Warden from Bravo: Slack revokes its access and says so, once, in the
    // shape it documents for an organisation's event: `team_id: null`, only the organisation's id
    // on the envelope, the workspaces in `event.team_ids`.
    h.slack.org.removeFromWorkspace(B.id);
    const removedAt = Date.now();
    const event = await h.slack.sendEvent(
      { type: 'team_access_revoked', team_ids: [B.id] },
      { url: h.url },
      { teamId: null, enterpriseId: ORG.enterpriseId, isEnterpriseInstall: true },
    );
    expect(event.delivered).toBe(true);
    // It reached its handler: the org-wide install no longer serves Bravo.
    await waitFor(
      async () => (await h.warden.store.installations())[0]?.teamsRemoved.includes(B.id),
      10_000,
      'Bravo removed from the org-wide install',
    );
    expect(h.logs.join('')).not.toMatch(
      /an organisation Warden does not serve|a workspace Warden does not serve/,
    );
    for (const t of ORG.teams) await send(h, seed(h, FINDING_OF[t.id] ?? '', 7));
    for (const t of [A, C])
      await waitFor(() => callsIn(h, t.channel, removedAt).length > 0, 10_000, `${t.channel} goes on`);
    await waitFor(
      async () =>
        (await h.warden.store.listOutbox({ limit: 50 })).find(
          (r) => r.channel === B.channel && r.status === 'failed',
        ),
      10_000,
      'Bravo’s alert stopped',
    );
    expect(callsIn(h, B.channel, removedAt)).toEqual([]);
    // A person of Bravo is no longer served: no form opens.
    const opens = h.slack.callsOf('views.open').length;
    await h.click('finding.snooze', FINDING_OF[B.id] ?? '', cardB?.ts ?? '', personOf(B, true));
    await new Promise((r) => setTimeout(r, 500));
    expect(h.slack.callsOf('views.open')).toHaveLength(opens);
  });

  it('workspace installs: an action in B goes out with B’s own token; app_uninstalled stops B and tokens_revoked stops C, A goes on; another org is refused', {
    timeout: 60_000,
  }, async () => {
    const h = await start();
    for (const t of ORG.teams) await install(h, `team=${t.id}`);
    const cards = await alertEveryRoute(h);
    for (const t of ORG.teams) {
      const call = h.slack.callsOf('chat.postMessage').find((c) => c.args.channel === t.channel);
      expect(call?.token).toBe(tokenOf(h, t.id));
    }
    const tokenB = tokenOf(h, B.id);
    await h.openForm('finding.snooze', FINDING_OF[B.id] ?? '', cards[1]?.ts ?? '', personOf(B, false));
    expect(h.slack.callsOf('views.open').at(-1)?.token).toBe(tokenB);

    // Someone of an organisation that did not install Warden: refused, nothing opened.
    const opens = h.slack.callsOf('views.open').length;
    await h.click('finding.snooze', FINDING_OF[B.id] ?? '', cards[1]?.ts ?? '', {
      ...ALICE,
      userId: 'U0MALLORY',
      teamId: 'T0EVIL',
      channelId: B.channel,
      enterprise: { id: 'E0EVIL', name: 'Evil Corp' },
    });
    // A guest from that organisation in Bravo's channel (Slack Connect): refused too.
    await h.click('finding.snooze', FINDING_OF[B.id] ?? '', cards[1]?.ts ?? '', {
      ...personOf(B, false),
      userId: 'U0MALLORY',
      userTeamId: 'T0EVIL',
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(h.slack.callsOf('views.open')).toHaveLength(opens);

    // Bravo uninstalls Warden; Charlie's admin revokes its token.
    h.slack.org.revoke(B.id);
    const uninstalledAt = Date.now();
    const gone = await h.slack.sendEvent(
      { type: 'app_uninstalled' },
      { url: h.url },
      {
        teamId: B.id,
        enterpriseId: ORG.enterpriseId,
      },
    );
    expect(gone.delivered).toBe(true);
    h.slack.org.revoke(C.id);
    const revoked = await h.slack.sendEvent(
      { type: 'tokens_revoked', tokens: { oauth: [], bot: ['U0WARDENBOT'] } },
      { url: h.url },
      { teamId: C.id, enterpriseId: ORG.enterpriseId },
    );
    expect(revoked.delivered).toBe(true);
    expect((await h.warden.store.installations()).map((r) => r.key)).toEqual([`team:${A.id}`]);
    for (const t of ORG.teams) await send(h, seed(h, FINDING_OF[t.id] ?? '', 7));
    await waitFor(() => callsIn(h, A.channel, uninstalledAt).length > 0, 10_000, 'Alpha goes on');
    await waitFor(
      async () =>
        (await h.warden.store.listOutbox({ limit: 50 })).filter(
          (r) => (r.channel === B.channel || r.channel === C.channel) && r.status === 'failed',
        ).length === 2,
      10_000,
      'Bravo’s and Charlie’s alerts stopped',
    );
    expect(callsIn(h, B.channel, uninstalledAt)).toEqual([]);
    expect(callsIn(h, C.channel, uninstalledAt)).toEqual([]);

    // An event for uninstalled Bravo: acknowledged, ignored, counted; no error logged for it.
    const late = await h.slack.sendEvent(
      { type: 'app_home_opened', user: 'W0BEA', channel: 'D0BEA', tab: 'home' },
      { url: h.url },
      { teamId: B.id, enterpriseId: ORG.enterpriseId },
    );
    expect(late.delivered).toBe(true);
    expect(late.attempts.map((a) => a.status)).toEqual([200]);
    // Counted: the stranger's click above and this event.
    expect(await notInstalled(h)).toBeGreaterThanOrEqual(2);
    expect(h.logs.join('')).not.toMatch(/unhandled error in a Slack listener/);
  });
});
