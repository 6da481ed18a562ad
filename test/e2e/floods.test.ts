import {
  createLocalSlack,
  createTestClock,
  type LocalSlack,
  postFlood,
  postSigned,
  type SlackMessage,
  viewActionBody,
} from '@warden/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { RollupId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, BOB, type Harness, startHarness, waitFor } from '../helpers/harness.js';

/**
 * A flood of findings against a local Slack that enforces Slack's rate limits: criticals get
 * their own message at once, the rest one roll-up whose thread lists them, nothing lost or
 * doubled, few 429s; the roll-up's bulk actions.
 */

const CHANNEL = 'C0ALERTS';
const CRITICAL = 'FINDING_SEVERITY_CRITICAL';
const ROLLUP = 'delivery:\n  rollup: { threshold: 5, window: 30s, updateEvery: 1s }\n';
const FOUR_EYES = 'permissions:\n  acceptRisk: { approvers: S0SECLEADS }\n';

let h: Harness;
let slack: LocalSlack;
afterEach(async () => {
  await h?.close();
  await slack?.close();
});

async function start(yaml: string) {
  // Slack's limits, the pacing, the roll-up's windows and ticks run 5 times as fast, on one clock
  // (not more: Warden's own latency is magnified as much, and these count Slack's 429s).
  const clock = createTestClock({ speed: 5 });
  slack = await createLocalSlack({ rateLimits: true, now: clock.now });
  h = await startHarness({
    slack,
    testClock: clock,
    file: parseConfigFile(yaml, 'floods.yaml'),
    rollup: true,
  });
}

const flood = (count: number, critical: number) =>
  postFlood(
    { tenant: h.tenant, wardenUrl: h.base, alertsSecret: 'test-alerts-webhook-secret' },
    count,
    (i) => (i < critical ? CRITICAL : 'FINDING_SEVERITY_MEDIUM'),
  );

const inChannel = () => slack.messages.filter((m) => m.channel === CHANNEL);
const topLevel = () => inChannel().filter((m) => !m.thread_ts || m.thread_ts === m.ts);
const mentions = (m: SlackMessage, id: string) => JSON.stringify(m.blocks ?? []).includes(`\`${id}\``);
const summaries = () => topLevel().filter((m) => JSON.stringify(m.blocks ?? []).includes(RollupId.review));
/** The value of the button `actionId` anywhere in a message's blocks. */
function buttonValue(blocks: unknown, actionId: string): string {
  if (typeof blocks !== 'object' || blocks === null) return '';
  if (!Array.isArray(blocks) && 'action_id' in blocks && blocks.action_id === actionId) {
    return 'value' in blocks && typeof blocks.value === 'string' ? blocks.value : '';
  }
  for (const child of Object.values(blocks)) {
    const found = buttonValue(child, actionId);
    if (found) return found;
  }
  return '';
}
const groupOf = (m: SlackMessage) => buttonValue(m.blocks, RollupId.review);

/** Where each finding can be seen: its own card, or a line of a roll-up listing. */
function whereSeen(ids: string[]) {
  return ids.map((id) => ({
    id,
    cards: topLevel().filter((m) => mentions(m, id)).length,
    listed: inChannel().filter((m) => m.thread_ts && m.thread_ts !== m.ts && mentions(m, id)).length,
  }));
}

/** A flood of `count` lower findings, once the roll-up lists every one: its summary and members. */
async function rolledUp(count: number) {
  const ids = await flood(count, 0);
  await waitFor(
    () => summaries()[0] && whereSeen(ids).every((s) => s.cards + s.listed > 0),
    20_000,
    'the roll-up',
  );
  const summary = summaries()[0];
  if (!summary) throw new Error('no summary');
  return { summary, groupId: groupOf(summary), members: ids.filter((id) => whereSeen([id])[0]?.listed) };
}

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

describe('a roll-up stays true', () => {
  it('news of a rolled-up finding (changed in the tenant) updates the summary and posts no card of its own', async () => {
    await start(ROLLUP);
    const { summary, members } = await rolledUp(15);
    const member = members[0] ?? '';
    const f = h.tenant.findings.get(member, h.clock.now());
    if (!f) throw new Error('no member');
    Object.assign(f, { state: 'FINDING_STATE_SUPPRESSED', suppressReason: 'test rig' });
    const sent = await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, f);
    expect(sent.status).toBe(200);
    await waitFor(
      () => JSON.stringify(slack.messages.find((m) => m.ts === summary.ts)?.blocks).includes('Suppressed'),
      15_000,
      'the summary counting it suppressed',
    );
    expect(topLevel().filter((m) => mentions(m, member))).toHaveLength(0);
  });
  it('a summary someone deleted in Slack is posted again at its next update', async () => {
    await start(ROLLUP);
    const { summary, members } = await rolledUp(12);
    slack.deleteMessage(CHANNEL, summary.ts);
    const f = h.tenant.findings.get(members[0] ?? '', h.clock.now());
    if (!f) throw new Error('no member');
    Object.assign(f, { state: 'FINDING_STATE_SUPPRESSED', suppressReason: 'test rig' });
    expect((await h.tenant.sendFindingWebhook(`${h.base}/hooks/findings`, f)).status).toBe(200);
    const again = await waitFor(
      () => summaries().find((m) => m.ts !== summary.ts && JSON.stringify(m.blocks).includes('Suppressed')),
      15_000,
      'the summary posted again',
    );
    expect(groupOf(again)).toBe(groupOf(summary));
  });
});

describe('the roll-up’s bulk actions, each with a finding the tenant will not move', () => {
  const JUSTIFICATION = 'lab tenant, isolated network, reviewed by the SOC weekly';
  it.each([
    [
      'Suppress all…',
      RollupId.suppressAll,
      'bulk.suppress',
      { Why: 'Expected / benign', Reason: 'test accounts of the load rig' },
      'suppressed',
    ],
    [
      'Accept risk for all…',
      RollupId.acceptAll,
      'bulk.acceptRisk',
      { Justification: JUSTIFICATION },
      'accepted the risk of',
    ],
    ['Reopen all', RollupId.reopenAll, undefined, {}, 'reopened'],
  ] as const)('%s', async (_name, button, callback, answers, verb) => {
    await start(ROLLUP);
    const { summary, members } = await rolledUp(14);
    const [stuck = '', ...movable] = members;
    const now = h.clock.now();
    for (const id of members) {
      const f = h.tenant.findings.get(id, now);
      if (!f) continue;
      if (callback === undefined) {
        // Reopen all: the others are snoozed; one in progress cannot be reopened
        if (id === stuck) f.state = 'FINDING_STATE_IN_PROGRESS';
        else
          Object.assign(f, {
            state: 'FINDING_STATE_SNOOZED',
            snoozeUntil: new Date(now + 86_400_000).toISOString(),
          });
      } else if (id === stuck) f.state = 'FINDING_STATE_RESOLVED';
    }
    await h.click(button, groupOf(summary), summary.ts);
    if (callback) await (await h.form(callback)).submit(answers);
    const reply = await waitFor(
      () =>
        slack.thread(CHANNEL, summary.ts).find((m) => (m.text ?? '').includes(`<@${ALICE.userId}> ${verb}`)),
      20_000,
      'the thread reply',
    );
    expect(reply.text).toContain(`${verb} ${movable.length} of ${members.length} findings`);
    expect(reply.text).toMatch(new RegExp(`did not change 1 finding.*\`${stuck}\``));
    const target = {
      'Suppress all…': 'SUPPRESSED',
      'Accept risk for all…': 'RISK_ACCEPTED',
      'Reopen all': 'OPEN',
    }[_name];
    for (const id of movable)
      expect(h.tenant.findings.get(id, h.clock.now())?.state).toBe(`FINDING_STATE_${target}`);
    if (callback === 'bulk.suppress') {
      const closures = await h.warden.metrics.registry.getSingleMetricAsString('warden_closures_total');
      const counted = [...closures.matchAll(/action="suppress",reason="expected",[^}]*} (\d+)/g)];
      expect(counted.reduce((n, m) => n + Number(m[1]), 0)).toBe(movable.length);
    }
    const audit = await h.warden.store.auditLog({ findingId: stuck, limit: 1 });
    expect(audit[0]).toMatchObject({ outcome: 'refused' });
  });

  it('a person the policy refuses gets a clear no, and nothing is sent', async () => {
    await start(`${ROLLUP}permissions:\n  suppress: { users: [U0BOB] }\n`);
    const { summary } = await rolledUp(12);
    await h.click(RollupId.suppressAll, groupOf(summary), summary.ts);
    await waitFor(
      () => [...slack.views.values()].some((v) => JSON.stringify(v.view).includes(':no_entry_sign:')),
      5_000,
      'the refusal',
    );
    expect(h.tenant.requests.filter((r) => r.path.endsWith('/state'))).toHaveLength(0);
  });
});

describe('Review…', () => {
  it('pages through the group; the findings picked on a page are acted on together', async () => {
    await start(ROLLUP);
    const { summary, members } = await rolledUp(26);
    await h.click(RollupId.review, groupOf(summary), summary.ts);
    const review = await h.form('review');
    const first = JSON.stringify(review.view.view);
    expect(first).toContain(`findings 1–10 of ${members.length}`);
    expect(first).toContain(`\`${members[0]}\``);
    // Next ›
    const inModal = (action: Parameters<typeof viewActionBody>[1]['action'], values = {}) =>
      postSigned(
        h.url,
        viewActionBody(ALICE, {
          view: { ...review.view.view, id: review.view.id },
          action,
          values,
          triggerId: slack.issueTriggerId(),
        }),
        h.signingSecret,
      );
    await inModal({ action_id: 'review.page.next', value: '1' });
    await waitFor(
      () => JSON.stringify(slack.views.get(review.view.id)?.view).includes('findings 11–20'),
      5_000,
      'page 2',
    );
    const page2 = slack.views.get(review.view.id);
    if (!page2) throw new Error('no page 2');
    const picked = members.slice(10, 12);
    const values = {
      'review.pick': {
        'review.pick': { type: 'checkboxes', selected_options: picked.map((value) => ({ value })) },
      },
    };
    await postSigned(
      h.url,
      viewActionBody(ALICE, {
        view: { ...page2.view, id: page2.id },
        action: { action_id: 'review.picked.suppress', value: groupOf(summary) },
        values,
        triggerId: slack.issueTriggerId(),
      }),
      h.signingSecret,
    );
    const form = await h.form('bulk.suppress');
    expect(JSON.stringify(form.view.view)).toContain('*2 findings* picked in Review');
    await form.submit({ Why: 'Duplicate', Reason: 'of an older finding' });
    const reply = await waitFor(
      () => slack.thread(CHANNEL, summary.ts).find((m) => /suppressed 2 findings/.test(m.text ?? '')),
      20_000,
      'the thread reply',
    );
    expect(reply.text).toContain(`<@${ALICE.userId}>`);
    for (const id of picked)
      expect(h.tenant.findings.get(id, h.clock.now())?.state).toBe('FINDING_STATE_SUPPRESSED');
    expect(h.tenant.findings.get(members[0] ?? '', h.clock.now())?.state).toBe('FINDING_STATE_OPEN');
  });
});
