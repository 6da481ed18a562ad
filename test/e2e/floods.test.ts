import { describe, expect, it } from 'vitest';
import { RollupId } from '../../src/blockkit/ids.js';
import { buttonValue } from '../helpers/blocks.js';
import {
  CHANNEL,
  FOUR_EYES,
  flood,
  floodsPerTest,
  groupOf,
  h,
  ROLLUP,
  rolledUp,
  slack,
  start,
  summaries,
  topLevel,
  whereSeen,
} from '../helpers/floods.js';
import { ALICE, BOB, waitFor } from '../helpers/harness.js';

/**
 * A flood of findings against a local Slack that enforces Slack's rate limits: criticals get
 * their own message at once, the rest one roll-up whose thread lists them, nothing lost or
 * doubled, few 429s; Snooze all and Accept risk for all (four-eyes) on the roll-up. The roll-up
 * kept true and Review…: floods-rollup.test.ts; the other bulk actions: floods-bulk.test.ts.
 */

floodsPerTest();

describe('a flood of findings', () => {
  it('criticals get their own message, the rest one roll-up listing every finding once, with few 429s', async () => {
    await start(ROLLUP);
    const ids = await flood(40, 2);
    await waitFor(
      () => whereSeen(ids).every((s) => s.cards + s.listed > 0),
      30_000,
      'every finding visible in Slack',
    );
    const seen = whereSeen(ids);
    expect(seen.filter((s) => s.cards + s.listed !== 1)).toEqual([]);
    for (const id of ids.slice(0, 2)) expect(seen.find((s) => s.id === id)?.cards).toBe(1);
    expect(summaries()).toHaveLength(1);
    expect(topLevel().length).toBeLessThanOrEqual(10);
    expect(slack.rateLimits.total()).toBeLessThanOrEqual(2);
    // no history lookups on retries
    expect(slack.callsOf('conversations.history')).toHaveLength(0);
    const metrics = await h.warden.metrics.registry.getSingleMetricAsString('warden_rollups_posted_total');
    expect(metrics).toMatch(/warden_rollups_posted_total 1/);
  });

  it('Snooze all: the tenant changes what it can, the thread names what it refused, the summary follows once', async () => {
    await start(ROLLUP);
    const { summary, groupId, members } = await rolledUp(20);
    expect(members.length).toBeGreaterThan(5);
    // one member was resolved in the tenant meanwhile: a snooze cannot move it
    const resolved = members[0] ?? '';
    const f = h.tenant.findings.get(resolved, h.clock.now());
    if (f) f.state = 'FINDING_STATE_RESOLVED';
    await h.click(RollupId.snoozeAll, groupId, summary.ts);
    const form = await h.form('bulk.snooze');
    expect(JSON.stringify(form.view.view)).toContain(`*${members.length} findings*`);
    await form.submit({ Reason: 'scanner noise after the connector upgrade' });
    const reply = await waitFor(
      () => slack.thread(CHANNEL, summary.ts).find((m) => /snoozed \d+ of \d+ findings/.test(m.text ?? '')),
      20_000,
      'the thread reply',
    );
    expect(reply.text).toContain(
      `<@${ALICE.userId}> snoozed ${members.length - 1} of ${members.length} findings`,
    );
    expect(reply.text).toMatch(new RegExp(`did not change 1 finding.*\`${resolved}\``));
    for (const id of members.slice(1))
      expect(h.tenant.findings.get(id, h.clock.now())?.state).toBe('FINDING_STATE_SNOOZED');
    // one bulk request, not one per finding
    expect(h.tenant.requests.filter((r) => r.path === '/api/v1/findings/bulk/state')).toHaveLength(1);
    await waitFor(
      () => JSON.stringify(slack.messages.find((m) => m.ts === summary.ts)?.blocks).includes('Snoozed'),
      15_000,
      'the summary showing the snoozes',
    );
    const updates = slack.callsOf('chat.update').filter((c) => c.args.ts === summary.ts);
    expect(updates.length).toBeLessThanOrEqual(4);
    // History credits the bulk operation's event (its id is the one Warden kept) to Alice
    const [entry] = await h.warden.store.auditLog({ findingId: members[1] ?? '', limit: 1 });
    const [bulkId] = (entry?.params.bulkActionIds ?? []) as string[];
    await h.command(`history ${members[1] ?? ''}`);
    const history = await waitFor(
      () => [...slack.views.values()].find((v) => /Page 1 of/.test(JSON.stringify(v.view))),
      8_000,
      'the history modal',
    );
    expect(JSON.stringify(history.view)).toMatch(
      new RegExp(
        `\\*Snoozed\\* · [^"]* · by <@U0ALICE> in Slack\\\\n_state snoozed[^"]*bulk change \`${bulkId}\``,
      ),
    );
  });

  it('Snooze all the tenant applies and answers 500: the person and the thread both say what the read-back shows', async () => {
    await start(ROLLUP);
    const { summary, groupId, members } = await rolledUp(14);
    h.tenant.faults.add({ method: 'POST', path: '/api/v1/findings/bulk/state', status: 500, after: true });
    await h.click(RollupId.snoozeAll, groupId, summary.ts);
    await (await h.form('bulk.snooze')).submit({ Reason: 'scanner noise after the connector upgrade' });
    const said = `<@${ALICE.userId}> snoozed ${members.length} findings until`;
    const reply = await waitFor(
      () => slack.thread(CHANNEL, summary.ts).find((m) => (m.text ?? '').includes(said)),
      20_000,
      'the thread reply',
    );
    const told = await waitFor(
      () => slack.ephemerals.find((e) => e.user === ALICE.userId),
      5_000,
      'the person told',
    );
    expect(told.text).not.toMatch(/Nothing was changed/);
    expect(told.text).toMatch(/^:warning: The tenant answered with an error, but reading the findings back/);
    expect(told.text).toContain(said);
    expect(told.text).toMatch(/\(ref `[^`]+`\)/);
    expect(slack.ephemerals.filter((e) => e.user === ALICE.userId)).toHaveLength(1);
    expect(reply.text).not.toMatch(/did not change/);
    for (const id of members)
      expect(h.tenant.findings.get(id, h.clock.now())?.state).toBe('FINDING_STATE_SNOOZED');
    // not sent again blindly: the tenant had acted
    expect(h.tenant.requests.filter((r) => r.path === '/api/v1/findings/bulk/state')).toHaveLength(1);
    // History credits the bulk operation's event to the person who made it in Slack
    await h.command(`history ${members[0] ?? ''}`);
    const history = await waitFor(
      () => [...slack.views.values()].find((v) => /Page 1 of/.test(JSON.stringify(v.view))),
      8_000,
      'the history modal',
    );
    expect(JSON.stringify(history.view)).toMatch(
      /\*Snoozed\* · [^"]* · by <@U0ALICE> in Slack\\n_state snoozed/,
    );
  });

  // Over 3 s at times: a flood rolled up, the request, then its approval, each posted as Slack paces.
  it('Accept risk for all with four-eyes: one request for the group; nothing changes until an approver approves', async () => {
    await start(`${ROLLUP}${FOUR_EYES}`);
    await flood(12, 0);
    const summary = await waitFor(() => summaries()[0], 20_000, 'the roll-up');
    const groupId = groupOf(summary);
    await h.click(RollupId.acceptAll, groupId, summary.ts);
    const form = await h.form('bulk.acceptRisk');
    await form.submit({ Justification: 'lab tenant, isolated network, reviewed by the SOC weekly' });
    const request = await waitFor(
      () =>
        slack
          .thread(CHANNEL, summary.ts)
          .find((m) => /asks to \*accept the risk\* of \d+ findings/.test(JSON.stringify(m.blocks))),
      10_000,
      'the approval request',
    );
    expect(h.tenant.requests.filter((r) => r.path.endsWith('/state'))).toHaveLength(0);
    const approvalId = buttonValue(request.blocks, 'approval.approve');
    // the requester cannot approve their own request
    await h.click('approval.approve', approvalId, request.ts, ALICE);
    await waitFor(
      () =>
        [...slack.views.values()].some((v) => JSON.stringify(v.view).includes('someone else must approve')),
      5_000,
      'the refusal of a self-approval',
    );
    expect((await h.nextEphemeral(ALICE.userId)).text).toMatch(/needs an approver/);
    const approve = await h.openForm('approval.approve', approvalId, request.ts, BOB);
    await approve.submit({ Confirmation: true }, BOB);
    const done = await waitFor(
      () =>
        slack
          .thread(CHANNEL, summary.ts)
          .find((m) => /approved <@U0ALICE>'s request and accepted the risk of/.test(m.text ?? '')),
      20_000,
      'the approval applied',
    );
    expect(done.text).toMatch(/accepted the risk of \d+ findings/);
    expect(h.tenant.requests.filter((r) => r.path === '/api/v1/findings/bulk/state')).toHaveLength(1);
  });
});
