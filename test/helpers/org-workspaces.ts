import {
  createLocalSlack,
  type JsonFinding,
  type LocalSlack,
  ORG,
  ORG_PEOPLE,
  type SlackActor,
} from '@warden/simulators';
import { afterEach, expect } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { type Harness, harnessPerTest, waitFor } from './harness.js';
import { oauthEnv } from './oauth-env.js';
import { sendSignedAlert } from './signed-alert.js';

/**
 * What the tests of one Warden serving the three workspaces of an Enterprise Grid organisation
 * share (org-workspaces.test.ts, org-workspaces-delivery.test.ts): the routes (one per workspace),
 * a Warden installed by OAuth against a local Slack with that org, the admin's install, and what
 * the tests read of Slack and the store.
 */

export const [A, B, C] = ORG.teams;
/** The config: the organisation's three workspaces and a route into each. */
export const YAML = `
workspaces:
${ORG.teams.map((t) => `  - { team: ${t.id}, enterprise: ${ORG.enterpriseId} }`).join('\n')}
routing:
  rules:
    - { when: { severities: [high] }, channel: ${A.channel}, workspace: ${A.id} }
    - { when: { severities: [critical] }, channel: ${B.channel}, workspace: ${B.id} }
    - { when: { severities: [low] }, channel: ${C.channel}, workspace: ${C.id} }
`;
/** One finding per route: high -> Alpha, critical -> Bravo, low -> Charlie. */
export const FINDING_OF = { [A.id]: 'FND_SA_UNOWNED', [B.id]: 'FND_DECOY_USED', [C.id]: 'FND_UNUSED_SECRET' };

/**
 * Starts a Warden (with `yaml`, the routes by default) against a local Slack of its own whose org
 * installs it by OAuth; both closed after the test. Call it at the top of a test file.
 */
export function orgPerTest(): (yaml?: string) => Promise<Harness> {
  const slacks: LocalSlack[] = []; // closed after the harness (after-hooks run in reverse)
  afterEach(async () => {
    for (const s of slacks.splice(0)) await s.close();
  });
  const startOne = harnessPerTest();
  return async (yaml = YAML) => {
    const slack = await createLocalSlack();
    slacks.push(slack);
    return startOne({
      slack,
      env: {
        ...oauthEnv(slack),
      },
      file: parseConfigFile(yaml, 'org.yaml'),
    });
  };
}

const get = (url: string, cookie?: string) =>
  fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** The admin's trip through Warden's install link and Slack's consent. */
export async function install(h: Harness, consent: string): Promise<void> {
  const startAt = await get(`${h.base}/slack/install`);
  const cookie = (startAt.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const slackPage = await get(`${startAt.headers.get('location')}&${consent}`);
  const done = await get(String(slackPage.headers.get('location')), cookie);
  expect(done.status).toBe(302);
}

export const seed = (h: Harness, id: string, recurrenceCount?: number): JsonFinding => {
  const f = h.tenant.findings.get(id, Date.now());
  if (!f) throw new Error(`no seed ${id}`);
  return { ...structuredClone(f), ...(recurrenceCount ? { recurrenceCount } : {}) };
};

export const posts = (h: Harness) => h.slack.messages.filter((m) => !m.thread_ts);
export const cardIn = (h: Harness, channel: string) => posts(h).find((m) => m.channel === channel);

/** Every route's finding sent; resolves once each has its card. */
export async function alertEveryRoute(h: Harness) {
  for (const t of ORG.teams) await sendSignedAlert(h, seed(h, FINDING_OF[t.id] ?? ''));
  return Promise.all(
    ORG.teams.map((t) => waitFor(() => cardIn(h, t.channel), 10_000, `card in ${t.channel}`)),
  );
}

/** The person of the organisation whose home is workspace `team`, in its channel. */
export const personOf = (team: (typeof ORG.teams)[number], orgWide: boolean): SlackActor => ({
  userId: ORG_PEOPLE.find((p) => p.team === team.id)?.id ?? 'W0NOBODY',
  teamId: team.id,
  channelId: team.channel,
  enterprise: { id: ORG.enterpriseId, name: ORG.name },
  isEnterpriseInstall: orgWide,
});

export const tokenOf = (h: Harness, teamId: string | undefined) =>
  [...h.slack.org.tokens.values()].find((t) => t.teamId === teamId && !t.revoked)?.token;

/** Slack calls that named this channel since `at`. */
export const callsIn = (h: Harness, channel: string, since: number) =>
  h.slack
    .callsOf('chat.postMessage')
    .concat(h.slack.callsOf('chat.update'))
    .filter((c) => c.args.channel === channel && c.at >= since);

/** Requests Bolt found no installation for (warden_interactions_total, outcome not_installed). */
export async function notInstalled(h: Harness): Promise<number> {
  const text = await h.warden.metrics.registry.getSingleMetricAsString('warden_interactions_total');
  return text
    .split('\n')
    .filter((l) => l.includes('outcome="not_installed"'))
    .reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
}
