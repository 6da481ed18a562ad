import {
  createLocalSlack,
  createTestClock,
  type LocalSlack,
  ORG,
  ORG_PEOPLE,
  type SandboxTenant,
  type SlackActor,
} from '@warden/simulators';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import type { Store } from '../../src/ports/store.js';
import { type Harness, startHarness, waitFor } from '../helpers/harness.js';
import { oauthEnv } from '../helpers/oauth-env.js';
import { OPERATOR } from '../helpers/operator.js';
import { backends } from '../helpers/stores.js';
import { startSandbox } from '../helpers/tenant.js';

/**
 * Token rotation (the app's `token_rotation_enabled`), end to end: the local Slack issues
 * expiring `xoxe.xoxb-` tokens and refresh tokens as Slack documents and refuses an expired token
 * with `token_expired`; Warden refreshes before handing a token out, one replica at a time (a
 * claim in the store they share), and a refresh Slack refuses is told in the log and /readyz.
 */

const [A] = ORG.teams;
const YAML = `
workspaces:
  - { team: ${A.id}, enterprise: ${ORG.enterpriseId} }
`;
const person: SlackActor = {
  userId: ORG_PEOPLE.find((p) => p.team === A.id)?.id ?? 'W0ADA',
  teamId: A.id,
  channelId: A.channel,
  enterprise: { id: ORG.enterpriseId, name: ORG.name },
  isEnterpriseInstall: false,
};

const get = (url: string, cookie?: string) =>
  fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

async function install(h: Harness): Promise<void> {
  const startAt = await get(`${h.base}/slack/install`);
  const cookie = (startAt.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const slackPage = await get(`${startAt.headers.get('location')}&team=${A.id}`);
  const done = await get(String(slackPage.headers.get('location')), cookie);
  expect(done.status).toBe(302);
}

const refreshes = (slack: LocalSlack) =>
  slack.callsOf('oauth.v2.access').filter((c) => c.args.grant_type === 'refresh_token');

/** Posts (new cards) in Alpha's channel since `at`. */
const cardsSince = (slack: LocalSlack, at: number) =>
  slack.callsOf('chat.postMessage').filter((c) => c.args.channel === A.channel && c.at >= at);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The simulators on one test clock and a Warden per store given (undefined: its own SQLite). */
async function world(stores: (Store | undefined)[]) {
  const clock = createTestClock();
  const tenant: SandboxTenant = await startSandbox({ now: clock.now });
  const slack = await createLocalSlack({ now: clock.now });
  slack.org.tokenRotation = true;
  cleanups.push(
    () => slack.close(),
    () => tenant.close(),
  );
  const env = {
    ...oauthEnv(slack),
  };
  const file = parseConfigFile(YAML, 'rotation.yaml');
  const replicas: Harness[] = [];
  for (const store of stores) {
    const h = await startHarness({ testClock: clock, tenant, slack, env, file, ...(store ? { store } : {}) });
    cleanups.push(() => h.close());
    replicas.push(h);
  }
  return { clock, slack, tenant, replicas };
}

describe.each(backends())('token rotation on $name', (backend) => {
  it('a token past its expiry is refreshed once for two replicas; both go on with the new token', {
    timeout: 60_000,
  }, async () => {
    const db = await backend.fresh();
    const stores = [await db.open(), await db.open()];
    cleanups.push(async () => {
      for (const s of stores) await s.close();
      await db.cleanup();
    });
    const { clock, slack, replicas } = await world(stores);
    const [one, two] = replicas;
    if (!one || !two) throw new Error('two replicas');
    await install(one);
    const first = [...slack.org.tokens.values()].find((t) => t.teamId === A.id);
    expect(first?.token).toMatch(/^xoxe\.xoxb-/);
    expect(JSON.stringify(await stores[0]?.installations())).not.toMatch(/xoxe/);

    // Twelve hours and a minute later the token is dead at Slack (token_expired).
    await clock.advance('721m');
    const at = clock.now();
    const answers = await Promise.all([
      one.command('show FND_SA_UNOWNED', person),
      two.command('show FND_DECOY_USED', person),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await waitFor(() => cardsSince(slack, at).length >= 2, 15_000, 'both replicas’ cards');
    expect(refreshes(slack)).toHaveLength(1);
    const fresh = [...slack.org.tokens.values()].filter((t) => t.teamId === A.id).at(-1)?.token;
    expect(fresh).not.toBe(first?.token);
    for (const call of slack.calls.filter((c) => c.at >= at && c.method !== 'oauth.v2.access'))
      expect(call.token).toBe(fresh);
    // The new pair is sealed in the store, for every replica and the next start.
    const sealed = JSON.stringify(await stores[1]?.installations());
    expect(sealed).not.toContain(fresh);
    const logs = [...one.logs, ...two.logs].join('');
    expect(logs).toMatch(/token refreshed/);
    expect(logs).not.toMatch(/xoxe/);
  });
});

describe('a refresh Slack refuses', () => {
  it('is told in the log and /readyz (ready all the same); the token serves while it lasts; a later refresh clears it', {
    timeout: 30_000,
  }, async () => {
    const { clock, slack, replicas } = await world([undefined]);
    const [h] = replicas;
    if (!h) throw new Error('a replica');
    await install(h);
    const first = [...slack.org.tokens.values()].find((t) => t.teamId === A.id)?.token;
    // Eleven hours on, the token has an hour left: due for its refresh, which Slack refuses.
    await clock.advance('11h');
    slack.fail({ method: 'oauth.v2.access', error: 'invalid_refresh_token' });
    const at = clock.now();
    await h.command('show FND_SA_UNOWNED', person);
    await waitFor(() => cardsSince(slack, at).length > 0, 10_000, 'the card, with the current token');
    expect(cardsSince(slack, at)[0]?.token).toBe(first);
    expect(refreshes(slack)).toHaveLength(1);
    const line = h.logs.find((l) => l.includes('token refresh failed'));
    expect(line).toContain('invalid_refresh_token');
    expect(line).toContain(`team:${A.id}`);
    const readyz = async () => {
      const res = await request(`${h.base}/readyz`, OPERATOR);
      return { status: res.statusCode, body: (await res.body.json()) as { checks: Record<string, unknown> } };
    };
    const told = await readyz();
    expect(told.status).toBe(200);
    expect(told.body.checks.slackTokens).toMatchObject({
      ok: false,
      failing: [{ installation: `team:${A.id}`, reason: 'invalid_refresh_token' }],
      attention: expect.stringMatching(/install/),
    });
    // A minute later it is tried again (Slack answers this time): the check clears.
    await clock.advance('2m');
    const later = clock.now();
    await h.command('show FND_DECOY_USED', person);
    await waitFor(() => cardsSince(slack, later).length > 0, 10_000, 'the next card');
    expect(refreshes(slack)).toHaveLength(2);
    expect(cardsSince(slack, later)[0]?.token).not.toBe(first);
    expect((await readyz()).body.checks.slackTokens).toEqual({ ok: true });
  });
});
