import { createLocalSlack, type JsonFinding, type LocalSlack, ORG } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, type Harness, harnessPerTest, waitFor } from '../helpers/harness.js';
import { oauthEnv } from '../helpers/oauth-env.js';
import { sendSignedAlert } from '../helpers/signed-alert.js';

/**
 * Slack Connect end to end (one workspace, SLACK_BOT_TOKEN): a channel Warden posts in becomes
 * shared with another organisation. Cards there become a pointer to the internal channel
 * (ALERTS_CHANNEL), the admins are told there once, channel_unshared brings the details back,
 * and a channel first seen already shared (conversations.info) never gets details at all.
 */

const YAML = `
routing:
  rules:
    - { when: { severities: [high] }, channel: C0SHARED }
    - { when: { severities: [critical] }, channel: C0CONNECT }
    - { when: { severities: [low] }, channel: C0OPEN, allowExternal: true }
`;
const [A, B] = ORG.teams;
const DETAIL = 'deploy-bot has no owner';
const POINTER = 'A finding needs attention: open it in <#C0ALERTS>';

// Registered first, so it runs after the harness is closed (after-hooks run in reverse).
const slacks: LocalSlack[] = [];
afterEach(async () => {
  for (const s of slacks.splice(0)) await s.close();
});
const startOne = harnessPerTest();

const send = sendSignedAlert;
const seed = (h: Harness, id: string, recurrenceCount = 1): JsonFinding => {
  const f = h.tenant.findings.get(id, Date.now());
  if (!f) throw new Error(`no seed ${id}`);
  return { ...structuredClone(f), recurrenceCount };
};
const cardIn = (h: Harness, channel: string) =>
  h.slack.messages.find((m) => m.channel === channel && !m.thread_ts);
/** Everything Slack shows in the channel (cards and thread replies). */
const shownIn = (h: Harness, channel: string) =>
  JSON.stringify(h.slack.messages.filter((m) => m.channel === channel).map((m) => [m.text, m.blocks]));
const notices = (h: Harness, channel: string) =>
  h.slack.messages.filter((m) => m.channel === 'C0ALERTS' && m.text.includes(`<#${channel}> is now shared`));

describe('Slack Connect: a channel shared with another organisation', () => {
  it('gets no more details once shared, its admins are told once, and channel_unshared brings them back', {
    timeout: 60_000,
  }, async () => {
    const h = await startOne({ file: parseConfigFile(YAML, 'connect.yaml') });
    await send(h, seed(h, 'FND_SA_UNOWNED'));
    const card = await waitFor(() => cardIn(h, 'C0SHARED'), 10_000, 'the card');
    expect(shownIn(h, 'C0SHARED')).toContain(DETAIL);

    const shared = { type: 'channel_shared', channel: 'C0SHARED', connected_team_id: 'T0PARTNER' };
    h.slack.shareExternally('C0SHARED', true);
    expect((await h.slack.sendEvent(shared, { url: h.url })).delivered).toBe(true);
    await waitFor(() => notices(h, 'C0SHARED').length === 1, 5_000, 'the admins told');

    // The finding changes: its card becomes the pointer, and its thread reply carries none either.
    const before = h.slack.messages.filter((m) => m.channel === 'C0SHARED').length;
    await send(h, seed(h, 'FND_SA_UNOWNED', 5));
    await waitFor(() => h.slack.messages.filter((m) => m.channel === 'C0SHARED').length > before, 10_000);
    await waitFor(() => cardIn(h, 'C0SHARED')?.text.includes('A finding needs attention'), 10_000);
    expect(cardIn(h, 'C0SHARED')?.ts).toBe(card.ts);
    expect(shownIn(h, 'C0SHARED')).toContain(POINTER);
    const sinceShared = h.slack.messages.filter((m) => m.channel === 'C0SHARED');
    expect(JSON.stringify(sinceShared.map((m) => [m.text, m.blocks]))).not.toContain(DETAIL);

    // Told once: Slack saying it again changes nothing.
    expect((await h.slack.sendEvent(shared, { url: h.url })).delivered).toBe(true);
    await send(h, seed(h, 'FND_SA_UNOWNED', 6));
    await new Promise((r) => setTimeout(r, 500));
    expect(notices(h, 'C0SHARED')).toHaveLength(1);

    // A person of the partner organisation clicks on the card: told why, nothing done.
    const changes = h.stateChanges().length;
    await h.click('finding.reopen', 'FND_SA_UNOWNED', card.ts, {
      ...ALICE,
      userId: 'U0EXTERNAL',
      userTeamId: 'T0PARTNER',
      channelId: 'C0SHARED',
    });
    const told = await h.nextEphemeral();
    expect(told.text).toContain('People outside Acme cannot act on findings');
    expect(h.stateChanges()).toHaveLength(changes);

    // Unshared: the details come back with the next change.
    h.slack.shareExternally('C0SHARED', false);
    const unshared = {
      type: 'channel_unshared',
      channel: 'C0SHARED',
      previously_connected_team_id: 'T0PARTNER',
      is_ext_shared: false,
    };
    expect((await h.slack.sendEvent(unshared, { url: h.url })).delivered).toBe(true);
    await send(h, seed(h, 'FND_SA_UNOWNED', 9));
    await waitFor(() => cardIn(h, 'C0SHARED')?.text.includes('deploy-bot'), 10_000, 'details back');
  });

  it('a channel first seen already shared (conversations.info) never gets details; a route with allowExternal does', {
    timeout: 60_000,
  }, async () => {
    const h = await startOne({ file: parseConfigFile(YAML, 'connect.yaml') });
    h.slack.shareExternally('C0CONNECT', true);
    h.slack.shareExternally('C0OPEN', true);
    await send(h, seed(h, 'FND_DECOY_USED'));
    await send(h, seed(h, 'FND_UNUSED_SECRET'));
    await waitFor(() => cardIn(h, 'C0CONNECT') && cardIn(h, 'C0OPEN'), 10_000, 'both cards');
    expect(shownIn(h, 'C0CONNECT')).toContain(POINTER);
    expect(shownIn(h, 'C0CONNECT')).not.toContain('203.0.113.7');
    await waitFor(() => notices(h, 'C0CONNECT').length === 1, 5_000, 'the admins told');
    // allowExternal: the route says details may go there.
    expect(shownIn(h, 'C0OPEN')).toContain('reporting-app');
    expect(notices(h, 'C0OPEN')).toHaveLength(0);
  });

  it('with several workspaces: the shared channel’s own workspace tells its admins, with its own token', {
    timeout: 60_000,
  }, async () => {
    const slack = await createLocalSlack();
    slacks.push(slack);
    const yaml = `
workspaces:
  - { team: ${A.id}, enterprise: ${ORG.enterpriseId}, adminChannel: C0ALPHASEC }
  - { team: ${B.id}, enterprise: ${ORG.enterpriseId}, adminChannel: C0BRAVOSEC }
routing:
  rules:
    - { when: { severities: [high] }, channel: ${B.channel}, workspace: ${B.id} }
`;
    const h = await startOne({
      slack,
      env: {
        ...oauthEnv(slack),
      },
      file: parseConfigFile(yaml, 'org.yaml'),
    });
    for (const team of [A.id, B.id]) {
      const begin = await fetch(`${h.base}/slack/install`, { redirect: 'manual' });
      const cookie = (begin.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const consent = await fetch(`${begin.headers.get('location')}&team=${team}`, { redirect: 'manual' });
      const done = await fetch(String(consent.headers.get('location')), {
        redirect: 'manual',
        headers: { cookie },
      });
      expect(done.status).toBe(302);
    }
    const tokenB = [...slack.org.tokens.values()].find((t) => t.teamId === B.id)?.token;
    await send(h, seed(h, 'FND_SA_UNOWNED'));
    await waitFor(() => cardIn(h, B.channel), 10_000, 'the card in Bravo');
    const shared = { type: 'channel_shared', channel: B.channel, connected_team_id: 'T0PARTNER' };
    const event = await slack.sendEvent(
      shared,
      { url: h.url },
      { teamId: B.id, enterpriseId: ORG.enterpriseId },
    );
    expect(event.delivered).toBe(true);
    const told = await waitFor(
      () => h.slack.messages.find((m) => m.channel === 'C0BRAVOSEC' && m.text.includes('is now shared')),
      5_000,
      'Bravo’s admins told',
    );
    expect(told.text).toContain(`<#${B.channel}>`);
    const call = h.slack.callsOf('chat.postMessage').find((c) => c.args.channel === 'C0BRAVOSEC');
    expect(call?.token).toBe(tokenB);
    expect(h.slack.messages.filter((m) => m.channel === 'C0ALPHASEC')).toEqual([]);
    await send(h, seed(h, 'FND_SA_UNOWNED', 4));
    await waitFor(
      () => cardIn(h, B.channel)?.text.includes('open it in <#C0BRAVOSEC>'),
      10_000,
      'the pointer',
    );
  });
});
