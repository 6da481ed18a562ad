import { postFlood, type SlackMessage, viewActionBody } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { RollupId } from '../../src/blockkit/ids.js';
import { buttonValue } from '../helpers/blocks.js';
import { ALICE, type Harness, settle, waitFor } from '../helpers/harness.js';
import { stepUpPerTest } from '../helpers/step-up.js';
import { NO_CHANGE, OPENS_A_FORM, OWN_KEYS, registered, TAKEN } from '../helpers/step-up-ways.js';
import { startStep } from '../helpers/workflow.js';

/**
 * Every way to a gated action goes through the same gate (issue 36 item 6: Review → ⋯ → Reopen
 * skipped it). The gate lives in the one change every way calls (usecases/shared/step-up-gate.ts,
 * asked by change-finding-state.ts and change-many-findings.ts). This file enumerates what Warden
 * registers (every route's ids, every `/warden` subcommand, every Workflow Builder step) and
 * fails on one it has not classified; then it takes each way to a change with every finding
 * action gated, and each must hold the change for a fresh sign-in and send the tenant nothing.
 */

const GATES = '  actions: [snooze, suppress, acceptRisk, resolve, reopen, unsuppress]\n';
const start = stepUpPerTest();

/** The change was held: the person got a link, and the tenant was asked nothing. */
async function held(h: Harness, way: string, before: number) {
  await waitFor(
    () =>
      h.slack.ephemerals
        .slice(before)
        .some((e) => e.user === ALICE.userId && /verify it is you: <http/.test(e.text)),
    10_000,
    `the link for ${way}`,
  );
  await settle(100);
  const sent = h.tenant.requests.filter(
    (r) => r.method === 'POST' && (r.path.endsWith('/state') || r.path.includes('/bulk/')),
  );
  expect(sent.map((r) => `${way}: ${r.path}`)).toEqual([]);
}

async function eachHeld(h: Harness, ways: [string, () => Promise<unknown>][]) {
  for (const [way, take] of ways) {
    const before = h.slack.ephemerals.length;
    await take();
    await held(h, way, before);
  }
}

describe('every way to a gated action goes through the one gate', () => {
  it('every route, subcommand and step is classified (a new one must say whether it changes a finding)', () => {
    const known = [...TAKEN, ...OPENS_A_FORM, ...Object.keys(OWN_KEYS), ...NO_CHANGE];
    expect(new Set(known).size).toBe(known.length);
    expect(registered().filter((id) => !known.includes(id))).toEqual([]);
    expect(known.filter((id) => !registered().includes(id))).toEqual([]);
  });

  it('/warden: each subcommand that changes a finding held', async () => {
    const { h } = await start({ gates: GATES });
    await eachHeld(h, [
      ['command:snooze', () => h.command('snooze FND_SA_UNOWNED 7d waiting on vendor')],
      ['command:suppress', () => h.command('suppress FND_SIMILAR_USER test accounts')],
      ['command:acceptRisk', () => h.command('accept-risk FND_UNUSED_SECRET 3d monitored by the SIEM')],
      ['command:resolve', () => h.command('resolve FND_NHI_UNOWNED fixed')],
      ['command:reopen', () => h.command('reopen FND_SNOOZED')],
      ['command:unsuppress', () => h.command('unsuppress FND_SUPPRESSED')],
    ]);
  });

  it('a card’s buttons and forms: each held', async () => {
    const { h } = await start({ gates: GATES });
    const ts = (id: string) => h.postAlert(id);
    const form = async (kind: string, id: string, answers: Record<string, string>) =>
      (await h.openForm(`finding.${kind}`, id, await ts(id))).submit(answers);
    await eachHeld(h, [
      ['finding.reopen', async () => h.click('finding.reopen', 'FND_SNOOZED', await ts('FND_SNOOZED'))],
      [
        'finding.unsuppress',
        async () => h.click('finding.unsuppress', 'FND_SUPPRESSED', await ts('FND_SUPPRESSED')),
      ],
      [
        'view:finding.snooze',
        () => form('snooze', 'FND_SA_UNOWNED', { 'Snooze for': '7 days', Reason: 'x' }),
      ],
      [
        'view:finding.suppress',
        () => form('suppress', 'FND_SIMILAR_USER', { Why: 'False positive', Reason: 'x' }),
      ],
      [
        'view:finding.acceptRisk',
        () =>
          form('acceptRisk', 'FND_UNUSED_SECRET', {
            Justification: 'Break-glass secret, monitored by the SIEM.',
            'Accept for': '90 days',
          }),
      ],
      ['view:finding.resolve', () => form('resolve', 'FND_NHI_UNOWNED', { Why: 'Fixed' })],
    ]);
  });

  // Over 3 s at times: a flood rolled up (paced as Slack paces), then nine ways through it.
  it('a roll-up’s buttons, its bulk forms, Review’s ⋯ menu and picks: each held', async () => {
    const { h } = await start({
      gates: GATES,
      rollup: true,
      before: 'delivery:\n  rollup: { threshold: 5, window: 30s, updateEvery: 1s }\n',
    });
    // Medium: a critical alert is never rolled up.
    const target = { tenant: h.tenant, wardenUrl: h.base, alertsSecret: 'test-alerts-webhook-secret' };
    await postFlood(target, 8, () => 'FINDING_SEVERITY_MEDIUM');
    const summary = await waitFor(
      () =>
        h.slack.messages.find(
          (m: SlackMessage) =>
            m.channel === 'C0ALERTS' && JSON.stringify(m.blocks ?? []).includes(RollupId.review),
        ),
      20_000,
      'the roll-up',
    );
    const groupId = buttonValue(summary.blocks, RollupId.review);
    // A click is matched to the summary Warden recorded (belongs.ts): a person cannot click
    // before Warden stores where it posted, a test can (the first way once failed so under load).
    await waitFor(
      async () => (await h.ports.rollups.get(groupId))?.summaryTs === summary.ts,
      20_000,
      'the summary recorded',
    );
    const members = await h.ports.rollups.members(groupId);
    const [first = '', second = ''] = members;
    const review = () => h.opens('review', () => h.click(RollupId.review, groupId, summary.ts));
    /** A click inside Review, as Slack sends it: the modal's metadata, the boxes ticked. */
    const inReview = async (action: Record<string, unknown> & { action_id: string }) => {
      const open = (await review()).view;
      const values = {
        'review.pick': {
          'review.pick': { type: 'checkboxes', selected_options: [{ value: first }, { value: second }] },
        },
      };
      return h.send(
        viewActionBody(ALICE, {
          view: { ...open.view, id: open.id, hash: open.hash, state: { values } },
          action,
          values,
          triggerId: h.slack.issueTriggerId(ALICE.userId),
        }),
      );
    };
    const overflow = (kind: string) =>
      inReview({
        action_id: 'review.finding',
        type: 'overflow',
        selected_option: { value: `${kind} ${first}` },
      });
    await eachHeld(h, [
      ['rollup_reopen_all', () => h.click(RollupId.reopenAll, groupId, summary.ts)],
      [
        'view:bulk.snooze',
        async () => {
          const form = await h.opens('bulk.snooze', () => h.click(RollupId.snoozeAll, groupId, summary.ts));
          await form.submit({ Reason: 'scanner noise' });
        },
      ],
      [
        'view:bulk.suppress',
        async () => {
          const form = await h.opens('bulk.suppress', () =>
            h.click(RollupId.suppressAll, groupId, summary.ts),
          );
          await form.submit({ Why: 'False positive', Reason: 'scanner noise' });
        },
      ],
      [
        'view:bulk.acceptRisk',
        async () => {
          const form = await h.opens('bulk.acceptRisk', () =>
            h.click(RollupId.acceptAll, groupId, summary.ts),
          );
          await form.submit({ Justification: 'lab tenant, isolated network' });
        },
      ],
      ['review.finding (reopen)', () => overflow('reopen')],
      ['review.finding (unsuppress)', () => overflow('unsuppress')],
      [
        'review.finding (snooze, its form)',
        async () => {
          await (await h.opens('finding.snooze', () => overflow('snooze'))).submit({
            'Snooze for': '7 days',
            Reason: 'x',
          });
        },
      ],
      [
        'review.picked.reopen',
        () => inReview({ action_id: 'review.picked.reopen', type: 'button', value: groupId }),
      ],
      [
        'review.picked.snooze (its form)',
        async () => {
          const picked = () =>
            inReview({ action_id: 'review.picked.snooze', type: 'button', value: groupId });
          await (await h.opens('bulk.snooze', picked)).submit({ Reason: 'scanner noise' });
        },
      ],
    ]);
    expect(members.length).toBeGreaterThan(1);
  }, 60_000);

  it('Workflow Builder steps that change a finding: each held', async () => {
    const { h } = await start({ gates: GATES, lane: 'loopback' });
    await eachHeld(h, [
      [
        'step:snooze_finding',
        () => startStep(h, 'snooze_finding', { finding_id: 'FND_SA_UNOWNED', days: 7, reason: 'x' }),
      ],
      [
        'step:resolve_finding',
        () =>
          startStep(h, 'resolve_finding', {
            finding_id: 'FND_NHI_UNOWNED',
            closure_reason: 'fixed',
            note: 'x',
          }),
      ],
      [
        'step:request_risk_acceptance',
        () =>
          startStep(h, 'request_risk_acceptance', {
            finding_id: 'FND_UNUSED_SECRET',
            days: 3,
            justification: 'x',
          }),
      ],
    ]);
  });
});
