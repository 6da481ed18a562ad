import { readFileSync } from 'node:fs';
import { createLocalSlack, ORG } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfigFile } from '../../src/config-file.js';
import { type Harness, startHarness } from '../helpers/harness.js';
import { oauthEnv } from '../helpers/oauth-env.js';

/**
 * OAuth distribution end to end: Warden's real receiver (Bolt's InstallProvider), the local
 * Slack's authorize page and oauth.v2.access over loopback, the store.
 */

const WORKSPACES = `
workspaces:
${ORG.teams.map((t) => `  - { team: ${t.id}, enterprise: ${ORG.enterpriseId}, channels: [${t.channel}] }`).join('\n')}
`;

async function oauthHarness(): Promise<Harness> {
  const slack = await createLocalSlack();
  return startHarness({
    slack,
    env: {
      ...oauthEnv(slack),
    },
    file: parseConfigFile(WORKSPACES, 'org.yaml'),
  });
}

const get = (url: string, cookie?: string) =>
  fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** The admin's trip: Warden's install link, Slack's consent (org-wide or one workspace), the redirect. */
async function install(h: Harness, consent: string) {
  const start = await get(`${h.base}/slack/install`);
  expect(start.status).toBe(302);
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const slackPage = await get(`${start.headers.get('location')}&${consent}`);
  expect(slackPage.status).toBe(302);
  const redirect = String(slackPage.headers.get('location'));
  const done = await get(redirect, cookie);
  return { done, redirect, cookie };
}

describe('OAuth installs', () => {
  const open: Harness[] = [];
  afterEach(async () => {
    for (const h of open.splice(0)) await h.close();
  });

  it('an org-wide install is kept encrypted and sends the admin to add workspaces; its state works once', async () => {
    const h = await oauthHarness();
    open.push(h);
    const { done, redirect, cookie } = await install(h, 'org=1');
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(
      `${ORG.url}manage/organization/apps/profile/A0WARDEN/workspaces/add`,
    );
    const rows = await h.warden.store.installations();
    expect(rows.map((r) => r.key)).toEqual([`org:${ORG.enterpriseId}`]);
    const token = [...h.slack.org.tokens.keys()][0] ?? 'none';
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(h.logs.join('')).not.toContain(token);
    // The same redirect again (a replayed state) is refused, and nothing is exchanged.
    const exchanges = h.slack.callsOf('oauth.v2.access').length;
    const replay = await get(redirect, cookie);
    expect(replay.status).toBe(400);
    expect(h.slack.callsOf('oauth.v2.access')).toHaveLength(exchanges);
    // A forged state is refused too.
    const forged = await get(redirect.replace(/state=[^&]+/, 'state=eyJmb3JnZWQiOjF9.AAAA'), cookie);
    expect(forged.status).toBe(400);
  });

  it('asks Slack for exactly the bot scopes manifest.yml lists (the manifest is what ships)', async () => {
    const h = await oauthHarness();
    open.push(h);
    const manifest = parse(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8')) as {
      oauth_config: { scopes: { bot: string[] } };
    };
    const start = await get(`${h.base}/slack/install`);
    expect(start.status).toBe(302);
    const scope = new URL(String(start.headers.get('location'))).searchParams.get('scope') ?? '';
    expect(scope.split(',')).toEqual(manifest.oauth_config.scopes.bot);
  });

  it('the code exchange sends the redirect_uri the authorization was asked with', async () => {
    const h = await oauthHarness();
    open.push(h);
    const start = await get(`${h.base}/slack/install`);
    const asked = new URL(String(start.headers.get('location'))).searchParams.get('redirect_uri');
    expect(asked).toBe(`${h.base}/slack/oauth_redirect`);
    const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const slackPage = await get(`${start.headers.get('location')}&team=${ORG.teams[0].id}`);
    const done = await get(String(slackPage.headers.get('location')), cookie);
    expect(done.status).toBe(302);
    expect(h.slack.callsOf('oauth.v2.access').map((c) => c.args.redirect_uri)).toEqual([asked]);
    expect((await h.warden.store.installations()).map((r) => r.key)).toEqual([`team:${ORG.teams[0].id}`]);
  });

  it('a cancelled install (error=access_denied) answers 400 with a sentence; nothing is exchanged or kept', async () => {
    const h = await oauthHarness();
    open.push(h);
    const { done } = await install(h, 'deny=1');
    expect(done.status).toBe(400);
    expect(done.headers.get('content-type')).toMatch(/text\/html/);
    expect(await done.text()).toMatch(/cancelled in Slack: nothing was installed.*\/slack\/install/);
    expect(h.slack.callsOf('oauth.v2.access')).toHaveLength(0);
    expect(await h.warden.store.installations()).toEqual([]);
    expect(h.logs.some((l) => l.includes('"why":"cancelled"') && l.includes('install failed'))).toBe(true);
  });

  it('a code Slack refuses answers 400, Slack out of reach 502, each with a sentence; nothing is kept', async () => {
    const h = await oauthHarness();
    open.push(h);
    h.slack.fail({ method: 'oauth.v2.access', error: 'invalid_code' });
    const refused = await install(h, `team=${ORG.teams[0].id}`);
    expect(refused.done.status).toBe(400);
    expect(await refused.done.text()).toMatch(/did not accept this install’s one-time code/);
    expect(h.logs.some((l) => l.includes('"why":"exchange:invalid_code"'))).toBe(true);
    // Slack answers 500 (and again on the one retry): the admin is told to try again in a moment.
    h.slack.fail({ method: 'oauth.v2.access', status: 500, times: 2 });
    const down = await install(h, `team=${ORG.teams[0].id}`);
    expect(down.done.status).toBe(502);
    expect(await down.done.text()).toMatch(/Slack could not be reached/);
    expect(await h.warden.store.installations()).toEqual([]);
    for (const l of h.logs) expect(l).not.toMatch(/code-[0-9a-f]{16}/);
  });

  it('refuses an install for a workspace WARDEN_CONFIG does not name, and keeps nothing', async () => {
    const h = await oauthHarness();
    open.push(h);
    const { done } = await install(h, 'team=T0UNKNOWN');
    expect(done.status).toBe(403);
    expect(await h.warden.store.installations()).toEqual([]);
  });
});
