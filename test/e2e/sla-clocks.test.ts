import { SEED_IDS } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { publishHome } from '../../src/usecases/lifecycle/publish-home.js';
import { ALICE, type Harness, harnessPerTest, settle, waitFor } from '../helpers/harness.js';
import { card, postsIn } from '../helpers/owners.js';

/**
 * Issue 38, items 2–4: a finding's SLA clocks start at the tenant's createdAt; its card says when
 * it is due in a Slack date token and "overdue" once breached, updated only when those words
 * change; at the warning share its owner gets one DM, at the breach the alert's thread gets one
 * reply naming the owner and the channel's group; a person's action stops the acknowledge clock.
 */
const MINUTE = 60_000;
const YAML = `sla:
  warnAt: 0.75
  severities:
    critical: { acknowledge: 1h, close: 3d }
  escalateTo: { C0SECOPS: S0SECLEADS }
`;

let h: Harness;
const startOne = harnessPerTest({ lane: 'inprocess' });

/** A critical finding created now, owned by Alice (mapped to U0ALICE by email). */
function freshFinding(id: string, createdAt: number, owner = SEED_IDS.users.alice) {
  const base = h.tenant.findings.get('FND_DECOY_USED');
  if (!base) throw new Error('no seed finding');
  h.tenant.findings.put({
    ...structuredClone(base),
    id,
    createdAt: new Date(createdAt).toISOString(),
    updatedAt: new Date(createdAt).toISOString(),
    assignedOwner: { identityUserId: owner },
  });
}

const blocksOf = (ts: string) => JSON.stringify(card(h, ts)?.blocks ?? []);
const updatesOf = (ts: string) =>
  h.slack.callsOf('chat.update').filter((c) => (c.args as { ts?: string }).ts === ts).length;

describe('SLA clocks on a card', () => {
  it('show when it is due, warn the owner once, reply once at the breach, and say overdue', async () => {
    h = await startOne({ file: parseConfigFile(YAML, 'sla.yaml') });
    const created = h.clock.now();
    freshFinding('FND_SLA_ONE', created);
    const ts = await h.postAlert('FND_SLA_ONE', 'C0SECOPS');
    // the acknowledge clock, its due time as a date token (each reader's own time zone)
    expect(blocksOf(ts)).toContain(
      `Acknowledge within SLA by <!date^${Math.floor((created + 60 * MINUTE) / 1000)}^`,
    );

    await h.clock.advance('46m');
    const dm = await waitFor(
      () => postsIn(h, 'D0ALICE').find((m) => m.text.includes('must be acknowledged')),
      5_000,
      'the warning',
    );
    expect(dm.text).toContain('A finding you own');
    await waitFor(() => blocksOf(ts).includes('(due soon)'), 5_000, 'the card says due soon');

    await h.clock.advance('15m');
    const breach = await waitFor(
      () => h.slack.thread('C0SECOPS', ts).find((m) => m.text.includes('past its SLA to acknowledge')),
      5_000,
      'the breach reply',
    );
    expect(breach.text).toContain('<@U0ALICE>');
    expect(breach.text).toContain('<!subteam^S0SECLEADS>');
    await waitFor(
      () => blocksOf(ts).includes('Acknowledge SLA overdue since'),
      5_000,
      'the card says overdue',
    );

    // Hours pass: the words do not change within the first day, so the card is not updated.
    const before = updatesOf(ts);
    await h.clock.advance('5h');
    await settle(300);
    expect(updatesOf(ts)).toBe(before);
    // a whole day late: one update, "overdue by 1 day"
    await h.clock.advance('20h');
    await waitFor(() => blocksOf(ts).includes('overdue by 1 day'), 5_000, 'overdue by a day');
    expect(updatesOf(ts)).toBe(before + 1);

    // the Home tab's Overdue section, and the gauge
    await publishHome(h.ports, ALICE.userId);
    const home = JSON.stringify(h.slack.callsOf('views.publish').at(-1)?.args.view ?? {});
    expect(home).toContain('"Overdue"');
    expect(home).toContain('Decoy credential used');
    expect(home).toContain('overdue by 1 day');
    expect(await h.warden.metrics.registry.getSingleMetricAsString('warden_findings_overdue')).toMatch(
      /warden_findings_overdue\{severity="FINDING_SEVERITY_CRITICAL"\} 1/,
    );

    // each message once, however long it stays overdue
    await h.clock.advance('2h');
    await settle(300);
    expect(postsIn(h, 'D0ALICE').filter((m) => m.text.includes('must be acknowledged'))).toHaveLength(1);
    expect(h.slack.thread('C0SECOPS', ts).filter((m) => m.text.includes('past its SLA'))).toHaveLength(1);
  });

  it('a person acting stops the acknowledge clock: no warning, and the card moves to the close clock', async () => {
    h = await startOne({ file: parseConfigFile(YAML, 'sla.yaml') });
    freshFinding('FND_SLA_TWO', h.clock.now());
    const ts = await h.postAlert('FND_SLA_TWO', 'C0SECOPS');
    await h.clock.advance('10m');
    await h.command('snooze FND_SLA_TWO 1d waiting on the vendor', { ...ALICE, channelId: 'C0SECOPS' });
    await waitFor(() => blocksOf(ts).includes('Close within SLA by'), 5_000, 'the close clock on the card');
    await h.clock.advance('50m');
    await settle(300);
    expect(postsIn(h, 'D0ALICE').filter((m) => m.text.includes('must be acknowledged'))).toHaveLength(0);
    const metrics = await h.warden.metrics.registry.getSingleMetricAsString('warden_time_to_ack_seconds');
    expect(metrics).toMatch(/warden_time_to_ack_seconds_count\{severity="FINDING_SEVERITY_CRITICAL"\} 1/);
  });

  it('a finding closed in the console: read from the tenant audit events, its card says closed within SLA', async () => {
    h = await startOne({ file: parseConfigFile(YAML, 'sla.yaml') });
    freshFinding('FND_SLA_CONSOLE', h.clock.now());
    const ts = await h.postAlert('FND_SLA_CONSOLE', 'C0SECOPS');
    await h.clock.advance('20m');
    // Bob suppresses it in the console: Warden hears of it only through the audit trail
    const answer = h.tenant.findings.changeState(
      'FND_SLA_CONSOLE',
      { suppress: { reason: 'a known test key' } },
      SEED_IDS.users.bob,
    );
    expect(answer.status).toBe(200);
    // the audit read (every 5 minutes) moves the clock, the next minute's sweep the card
    await h.clock.advance('5m');
    for (let i = 0; i < 3 && !blocksOf(ts).includes('Closed within SLA'); i++) {
      await settle(300);
      await h.clock.advance('1m');
    }
    await waitFor(() => blocksOf(ts).includes('Closed within SLA'), 5_000, 'the card says closed');
    // acknowledged by that person's action: no warning at 45 minutes
    await h.clock.advance('40m');
    await settle(300);
    expect(postsIn(h, 'D0ALICE')).toHaveLength(0);
    expect(h.slack.thread('C0SECOPS', ts).filter((m) => m.text.includes('past its SLA'))).toHaveLength(0);
  });

  it('a finding with no createdAt has no clock, and the log says why once', async () => {
    h = await startOne({ file: parseConfigFile(YAML, 'sla.yaml') });
    freshFinding('FND_SLA_NONE', h.clock.now());
    const f = h.tenant.findings.get('FND_SLA_NONE');
    if (f) delete f.createdAt;
    const ts = await h.postAlert('FND_SLA_NONE', 'C0SECOPS');
    await h.postAlert('FND_SLA_NONE', 'C0SECOPS');
    expect(blocksOf(ts)).not.toMatch(/within SLA|SLA overdue/);
    expect(
      h.logs.filter((l) => l.includes('finding has no SLA clock') && l.includes('FND_SLA_NONE')),
    ).toHaveLength(1);
  });
});
