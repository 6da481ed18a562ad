import { randomBytes } from 'node:crypto';
import {
  createLocalSlack,
  type JsonFinding,
  type LocalSlack,
  ORG,
  ORG_PEOPLE,
  type SlackActor,
} from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, type Harness, harnessPerTest, waitFor } from '../helpers/harness.js';
import { sendSignedAlert } from '../helpers/signed-alert.js';

/**
 * One Warden serving the three workspaces of an Enterprise Grid organisation, installed by OAuth
 * (org-wide, or into each workspace), end to end: Bolt's installer, the local Slack's org, the
 * store, the delivery worker. Each route posts in its own workspace with that workspace's
 * installation; an uninstall stops only what it names.
 */

const [A, B, C] = ORG.teams;
const YAML = `
workspaces:
${ORG.teams.map((t) => `  - { team: ${t.id}, enterprise: ${ORG.enterpriseId} }`).join('\n')}
routing:
  rules:
    - { when: { severities: [high] }, channel: ${A.channel}, workspace: ${A.id} }
    - { when: { severities: [critical] }, channel: ${B.channel}, workspace: ${B.id} }
    - { when: { severities: [low] }, channel: ${C.channel}, workspace: ${C.id} }
`;
/** One finding per route: high -> Alpha, critical -> Bravo, low -> Charlie. */
const FINDING_OF = { [A.id]: 'FND_SA_UNOWNED', [B.id]: 'FND_DECOY_USED', [C.id]: 'FND_UNUSED_SECRET' };

const slacks: LocalSlack[] = []; // closed after the harness (after-hooks run in reverse)
afterEach(async () => {
  for (const s of slacks.splice(0)) await s.close();
});
const startOne = harnessPerTest();
async function start(yaml = YAML): Promise<Harness> {
  const slack = await createLocalSlack();
  slacks.push(slack);
  return startOne({
    slack,
    env: {
      SLACK_BOT_TOKEN: '',
      SLACK_TEAM_ID: '',
      SLACK_CLIENT_ID: slack.org.clientId,
      SLACK_CLIENT_SECRET: slack.org.clientSecret,
      SLACK_STATE_SECRET: 'state-secret-for-tests-0123456789',
      WARDEN_TOKEN_KEY: randomBytes(32).toString('base64'),
    },
    file: parseConfigFile(yaml, 'org.yaml'),
  });
}

const get = (url: string, cookie?: string) =>
  fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** The admin's trip through Warden's install link and Slack's consent. */
async function install(h: Harness, consent: string): Promise<void> {
  const startAt = await get(`${h.base}/slack/install`);
  const cookie = (startAt.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const slackPage = await get(`${startAt.headers.get('location')}&${consent}`);
  const done = await get(String(slackPage.headers.get('location')), cookie);
  expect(done.status).toBe(302);
}

const send = sendSignedAlert;

const seed = (h: Harness, id: string, recurrenceCount?: number): JsonFinding => {
  const f = h.tenant.findings.get(id, Date.now());
  if (!f) throw new Error(`no seed ${id}`);
  return { ...structuredClone(f), ...(recurrenceCount ? { recurrenceCount } : {}) };
};

const posts = (h: Harness) => h.slack.messages.filter((m) => !m.thread_ts);
const cardIn = (h: Harness, channel: string) => posts(h).find((m) => m.channel === channel);

/** Every route's finding sent; resolves once each has its card. */
async function alertEveryRoute(h: Harness) {
  for (const t of ORG.teams) await send(h, seed(h, FINDING_OF[t.id] ?? ''));
  return Promise.all(
    ORG.teams.map((t) => waitFor(() => cardIn(h, t.channel), 10_000, `card in ${t.channel}`)),
  );
}

/** The person of the organisation whose home is workspace `team`, in its channel. */
const personOf = (team: (typeof ORG.teams)[number], orgWide: boolean): SlackActor => ({
  userId: ORG_PEOPLE.find((p) => p.team === team.id)?.id ?? 'W0NOBODY',
  teamId: team.id,
  channelId: team.channel,
  enterprise: { id: ORG.enterpriseId, name: ORG.name },
  isEnterpriseInstall: orgWide,
});

const tokenOf = (h: Harness, teamId: string | undefined) =>
  [...h.slack.org.tokens.values()].find((t) => t.teamId === teamId && !t.revoked)?.token;

/** Slack calls that named this channel since `at`. */
const callsIn = (h: Harness, channel: string, since: number) =>
  h.slack
    .callsOf('chat.postMessage')
    .concat(h.slack.callsOf('chat.update'))
    .filter((c) => c.args.channel === channel && c.at >= since);

/** Requests Bolt found no installation for (warden_interactions_total, outcome not_installed). */
async function notInstalled(h: Harness): Promise<number> {
  const text = await h.warden.metrics.registry.getSingleMetricAsString('warden_interactions_total');
  return text
    .split('\n')
    .filter((l) => l.includes('outcome="not_installed"'))
    .reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
}

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
