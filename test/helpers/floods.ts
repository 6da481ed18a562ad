import {
  createLocalSlack,
  createTestClock,
  type LocalSlack,
  postFlood,
  type SlackMessage,
} from '@warden/simulators';
import { afterEach } from 'vitest';
import { RollupId } from '../../src/blockkit/ids.js';
import { parseConfigFile } from '../../src/config-file.js';
import { buttonValue } from './blocks.js';
import { type Harness, startHarness, waitFor } from './harness.js';

/**
 * The flood tests (test/e2e/floods*.test.ts): a Warden with roll-ups against a local Slack that
 * enforces Slack's rate limits, on one clock 5 times as fast; a flood of findings posted to it,
 * and where each finding can be seen in the channel. `h` and `slack` are the running test's
 * (a test starts them with `start`); `floodsPerTest` closes them after each test.
 */

export const CHANNEL = 'C0ALERTS';
const CRITICAL = 'FINDING_SEVERITY_CRITICAL';
export const ROLLUP = 'delivery:\n  rollup: { threshold: 5, window: 30s, updateEvery: 1s }\n';
export const FOUR_EYES = 'permissions:\n  acceptRisk: { approvers: S0SECLEADS }\n';

export let h: Harness;
export let slack: LocalSlack;

export async function start(yaml: string) {
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

export const flood = (count: number, critical: number) =>
  postFlood(
    { tenant: h.tenant, wardenUrl: h.base, alertsSecret: 'test-alerts-webhook-secret' },
    count,
    (i) => (i < critical ? CRITICAL : 'FINDING_SEVERITY_MEDIUM'),
  );

const inChannel = () => slack.messages.filter((m) => m.channel === CHANNEL);
export const topLevel = () => inChannel().filter((m) => !m.thread_ts || m.thread_ts === m.ts);
export const mentions = (m: SlackMessage, id: string) => JSON.stringify(m.blocks ?? []).includes(`\`${id}\``);
export const summaries = () =>
  topLevel().filter((m) => JSON.stringify(m.blocks ?? []).includes(RollupId.review));
export const groupOf = (m: SlackMessage) => buttonValue(m.blocks, RollupId.review);

/** Where each finding can be seen: its own card, or a line of a roll-up listing. */
export function whereSeen(ids: string[]) {
  return ids.map((id) => ({
    id,
    cards: topLevel().filter((m) => mentions(m, id)).length,
    listed: inChannel().filter((m) => m.thread_ts && m.thread_ts !== m.ts && mentions(m, id)).length,
  }));
}

/** A flood of `count` lower findings, once the roll-up lists every one: its summary and members. */
export async function rolledUp(count: number) {
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

/** Closes the test's Warden and local Slack after each test: call once at a test file's top level. */
export function floodsPerTest(): void {
  afterEach(async () => {
    await h?.close();
    await slack?.close();
  });
}
