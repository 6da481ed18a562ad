import { createLocalSlack, type LocalSlack, type SandboxTenant } from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { OwnerActionId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import type { Store } from '../../src/ports/store.js';
import { clockedHarnessPerTest } from '../helpers/clocked.js';
import { type Harness, settle, startHarness, waitFor } from '../helpers/harness.js';
import { auditOf, CAROL, postsIn } from '../helpers/owners.js';
import { backends } from '../helpers/stores.js';
import { startSandbox } from '../helpers/tenant.js';

/**
 * Issue 24, item 2: Notify owner could be used to spam a person (8 clicks, 8 DMs) and to drain the
 * workspace's chat.update budget (each click replaced the DM copy). Now one notification goes per
 * finding and owner within a cooldown claimed in the store (whichever replica each click lands
 * on); a click within it is told when it went, and a card whose rendering is unchanged is not
 * sent to chat.update.
 */

const BOBS = 'FND_CONNECTOR_ANOMALY_OFF';
const ALREADY =
  /^:information_source: <@U0BOB> was already sent this finding <!date\^(\d+)\^[^|]+\|[^>]+> \(by (you|<@U0ALICE>)\); Warden does not send it to them again before <!date\^(\d+)\^/;
const everythingIn = (slack: LocalSlack, channel: string) =>
  slack.messages.filter((m) => m.channel === channel);

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function world(): Promise<{ tenant: SandboxTenant; slack: LocalSlack }> {
  const tenant = await startSandbox();
  const slack = await createLocalSlack();
  cleanups.push(
    () => tenant.close(),
    () => slack.close(),
  );
  return { tenant, slack };
}

describe.each(backends())('Notify owner on two replicas ($name)', (backend) => {
  // Over 3 s at times: two replicas on one store, and 30 signed clicks answered one by one.
  it('30 concurrent clicks send the owner one notification and update no card; the others are told when', async () => {
    const w = await world();
    const db = await backend.fresh();
    const stores: Store[] = [await db.open(), await db.open()];
    cleanups.push(() => db.cleanup(), ...stores.map((s) => () => s.close()));
    const replicas: Harness[] = [];
    for (const store of stores) {
      const h = await startHarness({ ...w, store });
      cleanups.push(() => h.close());
      replicas.push(h);
    }
    const [a, b] = replicas;
    if (!a || !b) throw new Error('no replicas');
    const ts = await a.postAlert(BOBS);
    const acks = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? b : a).click(OwnerActionId.notify, BOBS, ts)),
    );
    expect(acks.every((r) => r.status === 200)).toBe(true);
    await waitFor(() => w.slack.thread('C0SECOPS', ts).length > 0, 10_000, 'the channel thread');
    await settle(1_500);
    // One card in Bob's DM and one line in its thread: two notifications for Bob, not 30 or 60.
    expect(postsIn(a, 'D0BOB')).toHaveLength(1);
    expect(everythingIn(w.slack, 'D0BOB')).toHaveLength(2);
    expect(w.slack.thread('C0SECOPS', ts)).toHaveLength(1);
    // No click spent a chat.update: nothing on any card changed.
    expect(w.slack.callsOf('chat.update')).toHaveLength(0);
    await waitFor(
      () => w.slack.ephemerals.filter((e) => ALREADY.test(e.text)).length === 29,
      10_000,
      'every other click told',
    );
    const audit = await auditOf(a, BOBS, 50);
    const notify = audit.filter((e) => e.action === 'notifyOwner');
    expect(notify.filter((e) => e.outcome === 'ok')).toHaveLength(1);
    expect(notify.filter((e) => e.outcome === 'refused' && e.error === 'already-notified')).toHaveLength(29);
  });
});

describe('Notify owner’s cooldown', () => {
  const startClocked = clockedHarnessPerTest('inprocess');

  it('within it a click is told when and by whom (in the reader’s time zone); after it the copy’s thread is told, the unchanged copy is not updated', async () => {
    const h = await startClocked();
    const ts = await h.postAlert(BOBS);
    await h.click(OwnerActionId.notify, BOBS, ts);
    const dm = await waitFor(() => postsIn(h, 'D0BOB')[0], 5_000, 'the DM copy');
    await waitFor(() => h.slack.thread('D0BOB', dm.ts).length === 1, 5_000, 'the DM thread');
    const sentAt = h.tenant.clock.now();

    // Carol, from the finding's card in another channel, ten minutes later
    h.tenant.clock.advance(10 * 60_000);
    const other = await h.postAlert(BOBS, 'C0ALERTS');
    await h.click(OwnerActionId.notify, BOBS, other, { ...CAROL, channelId: 'C0ALERTS' });
    await settle(500);
    expect(everythingIn(h.slack, 'D0BOB')).toHaveLength(2);
    expect(h.slack.thread('C0ALERTS', other)).toHaveLength(0);
    const told = await h.nextEphemeral('U0CAROL');
    const [, at, by, again] = ALREADY.exec(told.text) ?? [];
    expect(by).toBe('<@U0ALICE>');
    expect(Math.abs(Number(at) - sentAt / 1000)).toBeLessThan(5);
    expect(Number(again) - Number(at)).toBe(60 * 60);

    // past the cooldown (1 h by default): a line in the copy's thread, no second copy, and the
    // copy (unchanged) is not updated
    h.tenant.clock.advance(51 * 60_000);
    await h.click(OwnerActionId.notify, BOBS, other, { ...CAROL, channelId: 'C0ALERTS' });
    await waitFor(() => h.slack.thread('D0BOB', dm.ts).length === 2, 5_000, 'the second DM reply');
    expect(h.slack.thread('D0BOB', dm.ts)[1]?.text).toMatch(/^<@U0CAROL> sent you this finding/);
    await waitFor(() => h.slack.thread('C0ALERTS', other).length === 1, 5_000, 'Carol’s channel thread');
    expect(postsIn(h, 'D0BOB')).toHaveLength(1);
    expect(h.slack.callsOf('chat.update')).toHaveLength(0);
  });

  it('a notification Slack refused holds nothing; a configured cooldown is the one applied', async () => {
    const h = await startClocked('cards:\n  notifyCooldown: 5m\n');
    const ts = await h.postAlert(BOBS);
    h.slack.fail({ method: 'chat.postMessage', error: 'restricted_action', times: 1 });
    await h.click(OwnerActionId.notify, BOBS, ts);
    expect((await h.nextEphemeral('U0ALICE')).text).toMatch(/send the finding to its owner/);
    expect(postsIn(h, 'D0BOB')).toHaveLength(0);
    // tried again at once: sent
    await h.click(OwnerActionId.notify, BOBS, ts);
    const dm = await waitFor(() => postsIn(h, 'D0BOB')[0], 5_000, 'the DM copy');
    await waitFor(() => h.slack.thread('D0BOB', dm.ts).length === 1, 5_000, 'the DM thread');
    // and again: within the 5 minutes configured, told so (by "you": Alice sent it)
    await h.click(OwnerActionId.notify, BOBS, ts);
    const [, at, by, again] = ALREADY.exec((await h.nextEphemeral('U0ALICE')).text) ?? [];
    expect(by).toBe('you');
    expect(Number(again) - Number(at)).toBe(5 * 60);
    h.tenant.clock.advance(5 * 60_000 + 1_000);
    await h.click(OwnerActionId.notify, BOBS, ts);
    await waitFor(() => h.slack.thread('D0BOB', dm.ts).length === 2, 5_000, 'the second DM reply');
    expect(postsIn(h, 'D0BOB')).toHaveLength(1);
  });

  it('is configurable (WARDEN_CONFIG cards.notifyCooldown), and refused out of its range with the line it is on', () => {
    expect(parseConfigFile('', 't.yaml').cards.notifyCooldown).toBe(3_600_000);
    expect(parseConfigFile('cards:\n  notifyCooldown: 2h\n', 't.yaml').cards.notifyCooldown).toBe(7_200_000);
    expect(() => parseConfigFile('cards:\n  notifyCooldown: 5s\n', 't.yaml')).toThrow(
      /t\.yaml:2 cards\.notifyCooldown/,
    );
  });
});
