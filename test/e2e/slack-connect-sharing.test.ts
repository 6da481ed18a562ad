import type { JsonFinding, SlackMessage } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, type Harness, harnessPerTest, settle, startHarness, waitFor } from '../helpers/harness.js';
import { sendSignedAlert } from '../helpers/signed-alert.js';

/**
 * Slack Connect, issue 36 items 8–10, end to end (one workspace, the local Slack, the simulated
 * tenant): a DM with a person of another organisation gets no preview (8); a stored "not shared"
 * is asked again after an hour, after a restart, and learnt from a partner acting in the channel
 * when channel_shared was missed (9); a channel that becomes shared has its cards replaced by the
 * pointer, whose metadata names no finding, and gets the details back when unshared (10).
 */

const CONSOLE = 'https://console.example.com';
const YAML = `
routing:
  rules:
    - { when: { severities: [high] }, channel: C0SHARED }
unfurl:
  finding: ${CONSOLE}/findings/{id}
permissions:
  show: { users: [U0ALICE, U0BOB] }
`;
const FILE = parseConfigFile(YAML, 'connect.yaml');
const DETAIL = 'deploy-bot';
const POINTER = 'A finding needs attention';
const startOne = harnessPerTest();

const seed = (h: Harness, id: string, recurrenceCount = 1): JsonFinding => {
  const f = h.tenant.findings.get(id, h.clock.now());
  if (!f) throw new Error(`no seed ${id}`);
  return { ...structuredClone(f), recurrenceCount };
};
const cardIn = (h: Harness, channel: string) =>
  h.slack.messages.find((m) => m.channel === channel && !m.thread_ts);
const metadataOf = (m: SlackMessage | undefined): unknown =>
  typeof m?.metadata === 'string' ? JSON.parse(m.metadata) : m?.metadata;

/** An alert in C0SHARED, its card posted with its details; then Slack shares the channel and Warden is not told. */
async function cardThenMissedShare(h: Harness): Promise<SlackMessage> {
  await sendSignedAlert(h, seed(h, 'FND_SA_UNOWNED'));
  const card = await waitFor(() => cardIn(h, 'C0SHARED'), 10_000, 'the card');
  expect(card.text).toContain(DETAIL);
  h.slack.shareExternally('C0SHARED', true);
  return card;
}

describe('item 9: a stored "not shared" is not trusted for ever', () => {
  it('channel_shared missed: once the verdict is an hour old, Slack is asked again and the card becomes the pointer', {
    timeout: 60_000,
  }, async () => {
    const h = await startOne({ file: FILE });
    const card = await cardThenMissedShare(h);
    // Within the hour the stored verdict stands (nothing asked of Slack again).
    await h.clock.advance('20m');
    await settle(200);
    expect(cardIn(h, 'C0SHARED')?.text).toContain(DETAIL);
    // Past it, the background pass asks again: no new alert is needed.
    await h.clock.advance('41m');
    await waitFor(() => cardIn(h, 'C0SHARED')?.text.includes(POINTER), 10_000, 'the pointer');
    expect(cardIn(h, 'C0SHARED')?.ts).toBe(card.ts);
    expect(JSON.stringify(metadataOf(cardIn(h, 'C0SHARED')))).not.toContain('FND_SA_UNOWNED');
    const since = h.slack.messages.filter((m) => m.channel === 'C0SHARED' && m.ts !== card.ts);
    expect(JSON.stringify(since.map((m) => [m.text, m.blocks, m.metadata]))).not.toContain(DETAIL);
  });

  it('channel_shared missed: after a restart the channel is asked again and the card becomes the pointer', {
    timeout: 60_000,
  }, async () => {
    const first = await startOne({ file: FILE });
    const card = await cardThenMissedShare(first);
    const { tenant, slack, dataDir } = first;
    await first.warden.stop();
    const second = await startHarness({ tenant, slack, dataDir, file: FILE, testClock: first.clock });
    try {
      await sendSignedAlert(second, seed(second, 'FND_SA_UNOWNED', 7));
      await waitFor(() => cardIn(second, 'C0SHARED')?.text.includes(POINTER), 10_000, 'the pointer');
      expect(cardIn(second, 'C0SHARED')?.ts).toBe(card.ts);
    } finally {
      await second.close();
    }
  });

  it('channel_shared missed: a person of another organisation clicking there shows it shared', {
    timeout: 60_000,
  }, async () => {
    const h = await startOne({ file: FILE });
    const card = await cardThenMissedShare(h);
    const partner = { ...ALICE, userId: 'U0EXTERNAL', userTeamId: 'T0PARTNER', channelId: 'C0SHARED' };
    await h.click('finding.reopen', 'FND_SA_UNOWNED', card.ts, partner);
    expect((await h.nextEphemeral()).text).toContain('People outside Acme cannot act on findings');
    // Learnt: the admins are told, and the card already there becomes the pointer without waiting.
    await waitFor(() => cardIn(h, 'C0SHARED')?.text.includes(POINTER), 10_000, 'the pointer');
    await waitFor(
      () =>
        h.slack.messages.some(
          (m) => m.channel === 'C0ALERTS' && m.text.includes('<#C0SHARED> is now shared'),
        ),
      5_000,
      'the admins told',
    );
  });
});

describe('item 10: cards in a channel that becomes shared', () => {
  it('are replaced by the pointer (metadata: the outbox id alone), new ones carry no finding, unshared brings the details back', {
    timeout: 60_000,
  }, async () => {
    const h = await startOne({ file: FILE });
    await sendSignedAlert(h, seed(h, 'FND_SA_UNOWNED'));
    const card = await waitFor(() => cardIn(h, 'C0SHARED'), 10_000, 'the card');
    const meta = metadataOf(card);
    expect(meta).toMatchObject({
      event_type: 'warden_alert',
      event_payload: { finding_id: 'FND_SA_UNOWNED' },
    });
    const outboxId = (meta as { event_payload: { outbox_id: string } }).event_payload.outbox_id;

    h.slack.shareExternally('C0SHARED', true);
    await h.slack.sendEvent(
      { type: 'channel_shared', channel: 'C0SHARED', connected_team_id: 'T0PARTNER' },
      { url: h.url },
    );
    // No new alert needed: the card already posted is replaced.
    await waitFor(() => cardIn(h, 'C0SHARED')?.text.includes(POINTER), 10_000, 'the card replaced');
    expect(metadataOf(cardIn(h, 'C0SHARED'))).toEqual({
      event_type: 'warden_alert',
      event_payload: { outbox_id: outboxId },
    });
    expect(JSON.stringify(cardIn(h, 'C0SHARED')?.blocks)).not.toContain(DETAIL);

    // A new alert posted while shared: the pointer, and its metadata names no finding.
    await sendSignedAlert(h, seed(h, 'FND_DECOY_USED'));
    await settle(300);
    const fresh = h.slack.messages.filter(
      (m) => m.channel === 'C0SHARED' && !m.thread_ts && m.ts !== card.ts,
    );
    for (const m of fresh) {
      expect(m.text).toContain(POINTER);
      expect(JSON.stringify(metadataOf(m) ?? {})).not.toMatch(/finding_id|FND_/);
    }

    h.slack.shareExternally('C0SHARED', false);
    await h.slack.sendEvent(
      {
        type: 'channel_unshared',
        channel: 'C0SHARED',
        previously_connected_team_id: 'T0PARTNER',
        is_ext_shared: false,
      },
      { url: h.url },
    );
    await waitFor(() => cardIn(h, 'C0SHARED')?.text.includes(DETAIL), 10_000, 'the details back');
  });
});

describe('item 8: a link pasted in a DM with a person of another organisation', () => {
  it('gets no preview there; in a DM between colleagues it does', { timeout: 60_000 }, async () => {
    const h = await startOne({ file: FILE });
    h.slack.workspace.unfurlDomains.add('console.example.com');
    const url = `${CONSOLE}/findings/FND_SA_UNOWNED`;
    const withEve = h.slack.directMessage('U0ALICE', 'U0EXTERNAL');
    const withBob = h.slack.directMessage('U0ALICE', 'U0BOB');
    const outside = await h.slack.shareLinks({ ...ALICE, channelId: withEve }, url, { url: h.url });
    expect(outside.delivery?.delivered).toBe(true);
    const inside = await h.slack.shareLinks({ ...ALICE, channelId: withBob }, url, { url: h.url });
    await waitFor(() => inside.message.unfurls?.[url], 5_000, 'the preview between colleagues');
    expect(JSON.stringify(inside.message.unfurls)).toContain('"type":"header"');
    await settle(300);
    expect(outside.message.unfurls).toBeUndefined();
    expect(h.slack.callsOf('chat.unfurl')).toHaveLength(1);
    expect(h.logs.join('')).toContain('none in a conversation shared with another organisation');
  });
});
