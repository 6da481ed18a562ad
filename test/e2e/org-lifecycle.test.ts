import { createLocalSlack, ORG } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { type Harness, settle, startHarness, waitFor } from '../helpers/harness.js';
import { oauthEnv } from '../helpers/oauth-env.js';
import { startSandbox } from '../helpers/tenant.js';

/**
 * What no request asks for, with several workspaces installed one by one (each its own token):
 * Bravo's daily digest goes out with Bravo's installation, and a person who opens Warden's Home
 * in two workspaces has it kept, and published, in each with that workspace's token.
 */

const MINUTE = 60_000;
const [A, B] = ORG.teams;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(): Promise<{
  h: Harness;
  dueAt: number;
  now: () => number;
  advance: (ms: number) => void;
}> {
  const tenant = await startSandbox();
  const slack = await createLocalSlack();
  cleanups.push(
    () => tenant.close(),
    () => slack.close(),
  );
  // A digest 10 minutes from now (not across midnight), on the minute, in UTC.
  if (new Date(tenant.clock.now() + 15 * MINUTE).getUTCDate() !== new Date(tenant.clock.now()).getUTCDate())
    tenant.clock.advance(20 * MINUTE);
  const at = new Date(Math.ceil((tenant.clock.now() + 10 * MINUTE) / MINUTE) * MINUTE);
  const yaml = `
workspaces:
  - { team: ${A.id}, enterprise: ${ORG.enterpriseId}, channels: [${A.channel}] }
  - { team: ${B.id}, enterprise: ${ORG.enterpriseId}, channels: [${B.channel}] }
digest:
  - { channel: ${B.channel}, at: "${at.toISOString().slice(11, 16)}", timezone: UTC }
`;
  const h = await startHarness({
    tenant,
    slack,
    clock: () => tenant.clock.now(),
    lifecycleTickMs: 50,
    env: {
      ...oauthEnv(slack),
    },
    file: parseConfigFile(yaml, 'org.yaml'),
  });
  cleanups.push(() => h.close());
  return {
    h,
    dueAt: at.getTime(),
    now: () => tenant.clock.now(),
    advance: (ms) => tenant.clock.advance(ms),
  };
}

const get = (url: string, cookie?: string) =>
  fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

async function install(h: Harness, team: string): Promise<string> {
  const startAt = await get(`${h.base}/slack/install`);
  const cookie = (startAt.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const slackPage = await get(`${startAt.headers.get('location')}&team=${team}`);
  expect((await get(String(slackPage.headers.get('location')), cookie)).status).toBe(302);
  const issued = [...h.slack.org.tokens.values()].find((t) => t.teamId === team);
  if (!issued) throw new Error(`no token for ${team}`);
  return issued.token;
}

describe('lifecycle and Home, workspace by workspace', () => {
  it('Bravo’s digest goes out with Bravo’s installation; a Home opened in two workspaces is kept and published in each', {
    timeout: 60_000,
  }, async () => {
    const { h, dueAt, now, advance } = await start();
    const tokenA = await install(h, A.id);
    const tokenB = await install(h, B.id);

    // W0BEA opens Warden's Home in Bravo, then in Alpha (Grid people belong to several workspaces).
    for (const team of [B.id, A.id]) {
      const opened = await h.slack.sendEvent(
        {
          type: 'app_home_opened',
          user: 'W0BEA',
          channel: 'D0BEA',
          tab: 'home',
          event_ts: `${now() / 1000}`,
        },
        { url: h.url },
        { teamId: team, enterpriseId: ORG.enterpriseId },
      );
      expect(opened.delivered).toBe(true);
    }
    await waitFor(() => h.slack.callsOf('views.publish').length >= 2, 10_000, 'both Home tabs');
    expect(h.slack.callsOf('views.publish').map((c) => c.token)).toEqual([tokenB, tokenA]);
    expect(await h.warden.store.homeOpenedBy(['W0BEA'], B.id)).toEqual(['W0BEA']);
    expect(await h.warden.store.homeOpenedBy(['W0BEA'], A.id)).toEqual(['W0BEA']);
    expect(await h.warden.store.homeOpenedBy(['W0BEA'])).toEqual([]);

    // The digest's time comes: it is posted in Bravo's channel, with Bravo's token.
    advance(dueAt - now() + 1_000);
    await settle(300);
    const digest = await waitFor(
      () => h.slack.messages.find((m) => m.channel === B.channel && m.text.startsWith('Daily digest')),
      10_000,
      'the digest',
    );
    expect(digest).toBeDefined();
    const posted = h.slack.callsOf('chat.postMessage').filter((c) => c.args.channel === B.channel);
    expect(posted.map((c) => c.token)).toEqual([tokenB]);
  });
});
