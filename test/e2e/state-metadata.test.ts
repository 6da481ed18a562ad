import { type JsonFinding, postFlood, type SlackMessage } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { RollupId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { buttonValue } from '../helpers/blocks.js';
import { ALICE, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';
import { sendSignedAlert } from '../helpers/signed-alert.js';

/**
 * Events for other apps: every state change Warden makes or learns of is published once as
 * message metadata `warden_finding_state_changed` on a message Warden posts (README "Events for
 * other apps"), read back as another app would, through conversations.history's metadata.
 */

const startOne = harnessPerTest();
const EVENT = 'warden_finding_state_changed';

interface StateEvent {
  finding_id: string;
  state: string;
  actor: string;
  ends_at?: string;
}
const eventOf = (m: SlackMessage): StateEvent | undefined => {
  const meta = m.metadata as { event_type?: string; event_payload?: StateEvent } | undefined;
  return meta?.event_type === EVENT ? meta.event_payload : undefined;
};
interface BulkStateEvent {
  finding_ids: string[];
  state: string;
  actor: string;
  ends_at?: string;
}
const BULK_EVENT = 'warden_findings_state_changed';
/** A bulk change large enough for two events (100 ids each). */
const N = 130;
const bulkEvents = (h: Harness) =>
  h.slack.messages.flatMap((m) => {
    const meta = m.metadata as { event_type?: string; event_payload?: BulkStateEvent } | undefined;
    return meta?.event_type === BULK_EVENT && meta.event_payload ? [{ m, e: meta.event_payload }] : [];
  });
const events = (h: Harness, findingId?: string) =>
  h.slack.messages
    .map((m) => ({ m, e: eventOf(m) }))
    .filter(
      (x): x is { m: SlackMessage; e: StateEvent } => !!x.e && (!findingId || x.e.finding_id === findingId),
    );

const send = sendSignedAlert;
const seed = (h: Harness, id: string): JsonFinding => {
  const f = h.tenant.findings.get(id, Date.now());
  if (!f) throw new Error(`no seed ${id}`);
  return structuredClone(f);
};

describe('state change events (message metadata)', () => {
  it('a click: one event on the thread reply, actor the Slack user, with the end; no email anywhere', async () => {
    const h = await startOne();
    const ts = await h.postAlert('FND_SA_UNOWNED');
    const form = await h.openForm('finding.snooze', 'FND_SA_UNOWNED', ts);
    await form.submit({ 'Snooze for': '7 days', Reason: 'waiting on vendor' });
    const [found] = await waitFor(() => events(h, 'FND_SA_UNOWNED').length > 0 && events(h), 5_000, 'event');
    expect(found?.m.thread_ts).toBe(ts);
    expect(found?.e).toMatchObject({
      finding_id: 'FND_SA_UNOWNED',
      state: 'FINDING_STATE_SNOOZED',
      actor: 'U0ALICE',
    });
    const endsAt = Date.parse(found?.e.ends_at ?? '');
    expect(Math.abs(endsAt - (Date.now() + 7 * 86_400_000))).toBeLessThan(120_000);
    // The card keeps its own metadata (warden_alert is not replaced by the event).
    await settle();
    expect(events(h)).toHaveLength(1);
    expect(JSON.stringify(events(h).map((x) => x.e))).not.toContain('@');
  });

  it('a command: the event names who typed it; a reopen then publishes the open state, no end', async () => {
    const h = await startOne();
    await h.command('snooze FND_SA_UNOWNED 3d scanner upgrade');
    await waitFor(() => events(h, 'FND_SA_UNOWNED').length === 1, 5_000, 'snooze event');
    expect(events(h)[0]?.e).toMatchObject({ state: 'FINDING_STATE_SNOOZED', actor: 'U0ALICE' });
    await h.command('reopen FND_SA_UNOWNED');
    await waitFor(() => events(h, 'FND_SA_UNOWNED').length === 2, 5_000, 'reopen event');
    const reopened = events(h)[1]?.e;
    expect(reopened).toMatchObject({ state: 'FINDING_STATE_OPEN', actor: 'U0ALICE' });
    expect(reopened && 'ends_at' in reopened).toBe(false);
  });

  // Over 3 s at times: webhooks, a command, and a pause proving no further event comes.
  it('an outside change learnt from the webhook: actor tenant, once; a repeat or an echo of our own change: none', async () => {
    const h = await startOne();
    await send(h, seed(h, 'FND_SA_UNOWNED'));
    const card = await waitFor(() => h.slack.messages.find((m) => m.channel === 'C0ALERTS' && !m.thread_ts));
    // The first alert is no change: the card carries warden_alert only.
    expect(events(h)).toHaveLength(0);
    const suppressed = {
      ...seed(h, 'FND_SA_UNOWNED'),
      state: 'FINDING_STATE_SUPPRESSED',
      suppressReason: 'console',
    };
    // Suppressed in the tenant's console: the webhook tells Warden.
    h.tenant.findings.put(suppressed);
    await send(h, suppressed);
    await waitFor(() => events(h).length === 1, 5_000, 'the tenant event');
    expect(events(h)[0]?.e).toEqual({
      finding_id: 'FND_SA_UNOWNED',
      state: 'FINDING_STATE_SUPPRESSED',
      actor: 'tenant',
    });
    expect(events(h)[0]?.m.thread_ts).toBe(card.ts);
    // The same news again (a retried webhook, the poller): nothing new.
    await send(h, { ...suppressed, recurrenceCount: 2 });
    await waitFor(() => h.slack.thread('C0ALERTS', card.ts).length === 2, 5_000, 'the recurrence reply');
    // Our own change, then the tenant's webhook echoing it: one event, the person's.
    await h.command('reopen FND_SA_UNOWNED', { ...ALICE, channelId: 'C0ALERTS' });
    await waitFor(() => events(h).length === 2, 5_000, 'the reopen event');
    await send(h, seed(h, 'FND_SA_UNOWNED'));
    await settle(500);
    expect(events(h).map((x) => [x.e.state, x.e.actor])).toEqual([
      ['FINDING_STATE_SUPPRESSED', 'tenant'],
      ['FINDING_STATE_OPEN', 'U0ALICE'],
    ]);
  });

  // Over 3 s by nature: 130 findings roll up and are listed before the bulk change acts on them.
  it('a bulk change: each finding in exactly one event, on at most ceil(N/100) messages, the first the report', {
    timeout: 60_000,
  }, async () => {
    const yaml = 'delivery:\n  rollup: { threshold: 2, window: 30s, updateEvery: 1s }\n';
    const h = await startOne({ file: parseConfigFile(yaml, 'bulk.yaml'), rollup: true });
    const target = { tenant: h.tenant, wardenUrl: h.base, alertsSecret: 'test-alerts-webhook-secret' };
    // More than one event's worth (100 ids), so the change needs a second message.
    const ids = await postFlood(target, N, () => 'FINDING_SEVERITY_MEDIUM');
    const summary = await waitFor(
      () => h.slack.messages.find((m) => !m.thread_ts && JSON.stringify(m.blocks).includes(RollupId.review)),
      20_000,
      'the roll-up',
    );
    // The first findings of a flood may have come before the roll-up, with cards of their own;
    // every other one is listed under it (wait for all: the listing goes on after the first ones).
    // Each message read once per look: the ids it names, under the roll-up or on a card.
    const placed = () => {
      const [listed, carded] = [new Set<string>(), new Set<string>()];
      for (const m of h.slack.messages) {
        const into =
          m.thread_ts === summary.ts ? listed : !m.thread_ts && m.ts !== summary.ts ? carded : null;
        for (const [, id = ''] of into ? JSON.stringify(m.blocks).matchAll(/`(FND_[A-Z0-9_]+)`/g) : [])
          into?.add(id);
      }
      return { listed, carded };
    };
    await waitFor(
      () => {
        const { listed, carded } = placed();
        return ids.every((id) => listed.has(id) || carded.has(id));
      },
      30_000,
      'the roll-up listing them',
    );
    const { listed } = placed();
    const members = ids.filter((id) => listed.has(id));
    expect(members.length).toBeGreaterThanOrEqual(N - 2);
    const groupId = buttonValue(summary.blocks, RollupId.snoozeAll);
    expect(groupId).toBeTruthy();
    // On the summary, in its channel (the button's value must be the roll-up of that message).
    await h.click(RollupId.snoozeAll, groupId ?? '', summary.ts, { ...ALICE, channelId: summary.channel });
    await (await h.form('bulk.snooze')).submit({ Reason: 'scanner noise' });
    const snoozed = () =>
      ids.filter((id) => h.tenant.findings.get(id, Date.now())?.state === 'FINDING_STATE_SNOOZED');
    const named = () => bulkEvents(h).flatMap((x) => x.e.finding_ids);
    await waitFor(
      () => members.every((id) => snoozed().includes(id)) && named().length === snoozed().length,
      40_000,
      'every finding published',
    );
    await settle(300);
    const published = bulkEvents(h);
    expect(published.length).toBeLessThanOrEqual(Math.ceil(members.length / 100));
    expect(published.length).toBeGreaterThan(1);
    expect([...named()].sort()).toEqual([...members].sort());
    for (const { m, e } of published) {
      expect(m.thread_ts).toBe(summary.ts);
      expect(e).toMatchObject({ state: 'FINDING_STATE_SNOOZED', actor: 'U0ALICE' });
    }
    // The first rides on the bulk report itself; no single-finding event for a bulk change.
    expect(published[0]?.m.text).toContain('snoozed');
    expect(events(h)).toHaveLength(0);
  });
});
