import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ORG,
  ORG_PEOPLE,
  postSigned,
  postSignedAlert,
  type SlackActor,
  slashCommandBody,
} from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { oauthEnv } from '../helpers/oauth-env.js';
import { backends, type ProcessWorld, processWorlds, type WardenProcess } from '../helpers/processes.js';
import { settle, waitFor } from '../helpers/wait.js';

/**
 * Two Warden processes on one PostgreSQL serving two workspaces installed one by one (each its own
 * token). What one replica learns of a workspace's token — Slack's app_uninstalled, or a call Slack
 * answered token_revoked — stops that workspace on the other before its next call to Slack: the
 * store is asked before every call, no cached token outlives it.
 */

const world = processWorlds();
const [A, B] = ORG.teams;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const YAML = `
workspaces:
  - { team: ${A.id}, enterprise: ${ORG.enterpriseId} }
  - { team: ${B.id}, enterprise: ${ORG.enterpriseId} }
routing:
  rules:
    - { when: { severities: [high] }, channel: ${A.channel}, workspace: ${A.id} }
    - { when: { severities: [critical] }, channel: ${B.channel}, workspace: ${B.id} }
`;

async function startPair(w: ProcessWorld): Promise<[WardenProcess, WardenProcess]> {
  const dir = mkdtempSync(join(tmpdir(), 'warden-ws-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'org.yaml'), YAML);
  return w.startTwo({
    ...oauthEnv(w.slack),
    WARDEN_CONFIG: join(dir, 'org.yaml'),
    ALERTS_WEBHOOK_SECRET: 'test-alerts-webhook-secret',
  });
}

const get = (url: string, cookie?: string) =>
  fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** The admin's trip through Warden's install link and Slack's consent, on one replica. */
async function install(base: string, team: string): Promise<void> {
  const startAt = await get(`${base}/slack/install`);
  const cookie = (startAt.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const slackPage = await get(`${startAt.headers.get('location')}&team=${team}`);
  expect((await get(String(slackPage.headers.get('location')), cookie)).status).toBe(302);
}

const bea: SlackActor = {
  userId: ORG_PEOPLE[1].id,
  teamId: B.id,
  channelId: B.channel,
  enterprise: { id: ORG.enterpriseId, name: ORG.name },
};

/** `/warden show` typed by bea in Bravo's channel, signed as Slack signs it, to one replica. */
async function showInBravo(w: ProcessWorld, replica: WardenProcess): Promise<void> {
  const body = slashCommandBody(bea, {
    text: 'show FND_DECOY_USED',
    triggerId: w.slack.issueTriggerId(),
    responseUrl: w.slack.responseUrl(),
  });
  expect((await postSigned(`${replica.url}/slack/events`, body, w.slack.signingSecret)).status).toBe(200);
}

const tokenOf = (w: ProcessWorld, team: string) =>
  [...w.slack.org.tokens.values()].find((t) => t.teamId === team)?.token;

/** Both replicas installed in A and B, and replica two has used B's token (it is in its hands). */
async function twoReplicasUsingB(w: ProcessWorld) {
  const [one, two] = await startPair(w);
  await install(one.url, A.id);
  await install(one.url, B.id);
  const tokenB = tokenOf(w, B.id);
  await showInBravo(w, two);
  await waitFor(
    () => w.slack.callsOf('chat.postMessage').some((c) => c.token === tokenB && c.args.channel === B.channel),
    15_000,
    'replica two posting in Bravo with its token',
  );
  return { one, two, tokenB };
}

describe.each(backends().filter((b) => b.name === 'postgres'))(
  'two replicas, two workspaces, on $name',
  (backend) => {
    // Over 3 s of real time by nature (both tests): two Warden processes started, installs by OAuth.
    it('after app_uninstalled for B seen by replica one, replica two makes no call with B’s token', {
      timeout: 60_000,
    }, async () => {
      const w = await world(backend);
      const { one, two, tokenB } = await twoReplicasUsingB(w);
      w.slack.org.revoke(B.id);
      const gone = await w.slack.sendEvent(
        { type: 'app_uninstalled' },
        { url: `${one.url}/slack/events` },
        { teamId: B.id, enterpriseId: ORG.enterpriseId },
      );
      expect(gone.delivered).toBe(true);
      await waitFor(() => one.output.join('').includes('app uninstalled'), 10_000, 'replica one took it');
      const since = Date.now();
      // Alerts for Bravo arrive at replica two, whose worker takes them at once (it had B's token
      // in hand): not one call goes out with it; the alerts fail, not installed.
      const target = { tenant: w.tenant, wardenUrl: two.url, alertsSecret: 'test-alerts-webhook-secret' };
      const seed = w.tenant.findings.get('FND_DECOY_USED', Date.now());
      if (!seed) throw new Error('no seed');
      for (let i = 0; i < 3; i++)
        expect(await postSignedAlert(target, { ...structuredClone(seed), id: `FND_AFTER_${i}` })).toBe(202);
      // These three alerts' rows, whichever replica's worker took each (they share the outbox):
      // neither may call with B's token, so each fails for good, not installed.
      const failed = () =>
        new Set(
          [...one.output, ...two.output]
            .join('')
            .split('\n')
            .filter((l) => l.includes('alert delivery failed for good'))
            .flatMap((l) => l.match(/FND_AFTER_\d/g) ?? []),
        ).size;
      await waitFor(() => failed() === 3, 15_000, 'the alerts failed');
      await settle(500);
      expect(w.slack.calls.filter((c) => c.token === tokenB && c.at >= since)).toEqual([]);
      expect([...one.output, ...two.output].join('')).toMatch(/not_installed/);
    });

    it('a token Slack refuses on replica one stops B on replica two before its next call', {
      timeout: 60_000,
    }, async () => {
      const w = await world(backend);
      const { one, two, tokenB } = await twoReplicasUsingB(w);
      // Slack revokes Bravo's token and tells nobody: replica one learns it from a call.
      w.slack.org.revoke(B.id);
      await showInBravo(w, one);
      await waitFor(
        () => one.output.join('').includes('workspace stopped: Slack refused its token'),
        10_000,
        'replica one stopping Bravo',
      );
      const refused = w.slack.calls.filter((c) => c.token === tokenB).length;
      // Replica two is asked to act in Bravo: it asks the store before calling Slack, and does not.
      await showInBravo(w, two);
      await settle(1_500);
      expect(w.slack.calls.filter((c) => c.token === tokenB)).toHaveLength(refused);
      // Alpha goes on, on either replica.
      const body = slashCommandBody(
        { ...bea, userId: ORG_PEOPLE[0].id, teamId: A.id, channelId: A.channel },
        {
          text: 'show FND_SA_UNOWNED',
          triggerId: w.slack.issueTriggerId(),
          responseUrl: w.slack.responseUrl(),
        },
      );
      await postSigned(`${two.url}/slack/events`, body, w.slack.signingSecret);
      await waitFor(
        () => w.slack.callsOf('chat.postMessage').some((c) => c.token === tokenOf(w, A.id)),
        10_000,
        'Alpha posting',
      );
    });
  },
);
