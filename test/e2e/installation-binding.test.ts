import { createLocalSlack, type JsonFinding, type LocalSlack, ORG } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { type Harness, harnessPerTest, waitFor } from '../helpers/harness.js';
import { oauthEnv } from '../helpers/oauth-env.js';
import { sendSignedAlert } from '../helpers/signed-alert.js';

/**
 * Someone who can write the store copies workspace A's sealed installation into workspace B's
 * row. Each sealed value is bound to its row (the row key is AES-GCM's additional data), so B's
 * row no longer opens: B is served with nobody's token (its alert fails `not_installed`), never
 * with A's, the refusal is logged, and A goes on. End to end: Bolt's installer, the local Slack's
 * OAuth, the store, the delivery worker.
 */

const [A, B] = ORG.teams;
const YAML = `
workspaces:
${ORG.teams.map((t) => `  - { team: ${t.id}, enterprise: ${ORG.enterpriseId} }`).join('\n')}
routing:
  rules:
    - { when: { severities: [high] }, channel: ${A.channel}, workspace: ${A.id} }
    - { when: { severities: [critical] }, channel: ${B.channel}, workspace: ${B.id} }
`;

const slacks: LocalSlack[] = [];
afterEach(async () => {
  for (const s of slacks.splice(0)) await s.close();
});
const startOne = harnessPerTest();

const get = (url: string, cookie?: string) =>
  fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

async function install(h: Harness, team: string): Promise<void> {
  const startAt = await get(`${h.base}/slack/install`);
  const cookie = (startAt.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const slackPage = await get(`${startAt.headers.get('location')}&team=${team}`);
  const done = await get(String(slackPage.headers.get('location')), cookie);
  expect(done.status).toBe(302);
}

const seed = (h: Harness, id: string, recurrenceCount: number): JsonFinding => {
  const f = h.tenant.findings.get(id, Date.now());
  if (!f) throw new Error(`no seed ${id}`);
  return { ...structuredClone(f), recurrenceCount };
};

describe('a sealed installation copied into another workspace’s row', () => {
  it('is refused and logged: B is never served with A’s token, A goes on', { timeout: 30_000 }, async () => {
    const slack = await createLocalSlack();
    slacks.push(slack);
    const h = await startOne({
      slack,
      env: {
        ...oauthEnv(slack),
      },
      file: parseConfigFile(YAML, 'org.yaml'),
    });
    await install(h, A.id);
    await install(h, B.id);
    const tokenA = [...slack.org.tokens.values()].find((t) => t.teamId === A.id)?.token;
    expect(tokenA).toBeDefined();
    const rows = await h.warden.store.installations();
    const rowA = rows.find((r) => r.key === `team:${A.id}`);
    const rowB = rows.find((r) => r.key === `team:${B.id}`);
    if (!rowA || !rowB) throw new Error('both installed');
    // The store is written behind Warden's back: B's row now holds A's sealed installation.
    await h.warden.store.saveInstallation({ ...rowB, keyId: rowA.keyId, sealed: rowA.sealed });

    const sentAt = h.clock.now();
    await sendSignedAlert(h, seed(h, 'FND_DECOY_USED', 3)); // critical: Bravo's channel
    await sendSignedAlert(h, seed(h, 'FND_SA_UNOWNED', 3)); // high: Alpha's channel
    const failed = await waitFor(
      async () =>
        (await h.warden.store.listOutbox({ limit: 50 })).find(
          (r) => r.channel === B.channel && r.status === 'failed',
        ),
      10_000,
      'Bravo’s alert refused',
    );
    expect(failed.lastError).toMatch(/not_installed/);
    // No call at all went out for Bravo; A's token never went anywhere but Alpha.
    const since = slack.calls.filter((c) => c.at >= sentAt);
    expect(since.filter((c) => c.args.channel === B.channel)).toEqual([]);
    for (const c of slack.calls.filter((x) => x.token === tokenA))
      expect([A.channel, undefined]).toContain(c.args.channel);
    await waitFor(
      () => slack.callsOf('chat.postMessage').find((c) => c.args.channel === A.channel && c.at >= sentAt),
      10_000,
      'Alpha goes on',
    );
    const refusal = h.logs.find((l) => l.includes('installation refused'));
    expect(refusal).toContain(`team:${B.id}`);
    expect(h.logs.join('')).not.toContain(tokenA);
  });
});
