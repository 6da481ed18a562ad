import { createLocalSlack, type LocalSlack, ORG } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { type Harness, harnessPerTest, waitFor } from '../helpers/harness.js';
import { oauthEnv } from '../helpers/oauth-env.js';
import { sendSignedAlert } from '../helpers/signed-alert.js';

/**
 * Issue 38 with several workspaces (an Enterprise Grid organisation, each workspace installed on
 * its own): the SLA sweep runs once for the whole set with the first workspace's ports, yet each
 * finding's warning, breach and clock-line updates land in its own card's workspace, with that
 * workspace's token — the sweep's chats and the notices' jobs go by the card's channel.
 */
const [A, B] = ORG.teams;
const MINUTE = 60_000;
const YAML = `
workspaces:
  - { team: ${A.id}, enterprise: ${ORG.enterpriseId} }
  - { team: ${B.id}, enterprise: ${ORG.enterpriseId} }
routing:
  rules:
    - { when: { severities: [high] }, channel: ${A.channel}, workspace: ${A.id} }
    - { when: { severities: [critical] }, channel: ${B.channel}, workspace: ${B.id} }
sla:
  warnAt: 0.5
  severities:
    critical: { acknowledge: 1h, close: 3d }
    high: { acknowledge: 1h, close: 7d }
  escalateTo: { ${A.channel}: S0ALPHALEADS, ${B.channel}: S0BRAVOLEADS }
`;

const slacks: LocalSlack[] = [];
afterEach(async () => {
  for (const s of slacks.splice(0)) await s.close();
});
const startOne = harnessPerTest();

async function install(h: Harness, team: string): Promise<void> {
  const get = (url: string, cookie?: string) =>
    fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  const startAt = await get(`${h.base}/slack/install`);
  const cookie = (startAt.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const slackPage = await get(`${startAt.headers.get('location')}&team=${team}`);
  expect((await get(String(slackPage.headers.get('location')), cookie)).status).toBe(302);
}

const tokenOf = (h: Harness, teamId: string) =>
  [...h.slack.org.tokens.values()].find((t) => t.teamId === teamId && !t.revoked)?.token;

describe('SLA clocks across the workspaces of an organisation', () => {
  it('each finding is warned, breached and shown overdue in its own workspace, with its token', {
    timeout: 60_000,
  }, async () => {
    const slack = await createLocalSlack();
    slacks.push(slack);
    const h = await startOne({
      slack,
      env: {
        ...oauthEnv(slack),
      },
      file: parseConfigFile(YAML, 'org-sla.yaml'),
    });
    await install(h, A.id);
    await install(h, B.id);
    const created = h.clock.now();
    // Unowned findings (the warning goes to the alert's thread): high in Alpha, critical in Bravo.
    const put = (id: string, base: string) => {
      const f = h.tenant.findings.get(base);
      if (!f) throw new Error('no seed finding');
      const { assignedOwner: _none, ...rest } = structuredClone(f);
      const finding = { ...rest, id, createdAt: new Date(created).toISOString() };
      h.tenant.findings.put(finding);
      return finding;
    };
    // the alert webhook, routed by severity: high to Alpha, critical to Bravo
    await sendSignedAlert(h, put('FND_SLA_ALPHA', 'FND_SA_UNOWNED'));
    await sendSignedAlert(h, put('FND_SLA_BRAVO', 'FND_DECOY_USED'));
    const cardIn = (channel: string) =>
      waitFor(
        () => h.slack.messages.find((m) => m.channel === channel && !m.thread_ts)?.ts,
        10_000,
        `the card in ${channel}`,
      );
    const cards: Record<string, string> = {
      [A.channel]: await cardIn(A.channel),
      [B.channel]: await cardIn(B.channel),
    };
    const thread = (channel: string) => h.slack.thread(channel, cards[channel] ?? '');

    await h.clock.advance(31 * MINUTE);
    for (const t of [A, B])
      await waitFor(
        () => thread(t.channel).find((m) => m.text.includes('must be acknowledged')),
        10_000,
        `the warning in ${t.channel}`,
      );
    await h.clock.advance(30 * MINUTE);
    for (const [t, group] of [
      [A, 'S0ALPHALEADS'],
      [B, 'S0BRAVOLEADS'],
    ] as const) {
      const breach = await waitFor(
        () => thread(t.channel).find((m) => m.text.includes('past its SLA to acknowledge')),
        10_000,
        `the breach in ${t.channel}`,
      );
      expect(breach.text).toContain(`<!subteam^${group}>`);
      await waitFor(
        () =>
          h.slack.messages
            .find((m) => m.channel === t.channel && m.ts === cards[t.channel])
            ?.blocks?.some((b) => JSON.stringify(b).includes('Acknowledge SLA overdue since')),
        10_000,
        `the card in ${t.channel} says overdue`,
      );
    }
    // Every message and update in a workspace's channel went with that workspace's own token,
    // each notice exactly once.
    for (const t of [A, B]) {
      const calls = [...h.slack.callsOf('chat.postMessage'), ...h.slack.callsOf('chat.update')].filter(
        (c) => c.args.channel === t.channel,
      );
      expect(calls.length).toBeGreaterThanOrEqual(4);
      for (const c of calls) expect(c.token, `${c.method} in ${t.channel}`).toBe(tokenOf(h, t.id));
      expect(thread(t.channel).filter((m) => m.text.includes('must be acknowledged'))).toHaveLength(1);
      expect(thread(t.channel).filter((m) => m.text.includes('past its SLA to acknowledge'))).toHaveLength(1);
    }
    expect(h.logs.join('')).not.toMatch(/channel_not_found|not_in_channel|invalid_auth/);
  });
});
