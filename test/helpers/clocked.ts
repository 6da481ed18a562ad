import type { SandboxTenant, SlackMessage } from '@warden/simulators';
import { afterEach } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import {
  type Harness,
  type HarnessOptions,
  harnessPerTest,
  type LaneName,
  settle,
  waitFor,
} from './harness.js';
import { startSandbox } from './tenant.js';

/**
 * Warden and the simulated tenant on one test clock (the tenant's, which tests move): for what
 * happens with time — reminders, ends, digests. Slack requests are signed with it (harness.ts).
 */
export function clockedHarnessPerTest(
  lane: LaneName = 'loopback',
): (yaml?: string, more?: HarnessOptions) => Promise<Harness> {
  const startOne = harnessPerTest({ lane });
  const tenants: SandboxTenant[] = [];
  afterEach(async () => {
    for (const t of tenants.splice(0)) await t.close();
  });
  return async (yaml = '', more = {}) => {
    const tenant = await startSandbox();
    tenants.push(tenant);
    return startOne({
      tenant,
      clock: () => tenant.clock.now(),
      lifecycleTickMs: 50,
      file: parseConfigFile(yaml, 'test.yaml'),
      ...more,
    });
  };
}

/** Warden's direct messages to a person (top level). */
export const dmsTo = (h: Harness, user: string): SlackMessage[] =>
  h.slack.messages.filter((m) => m.channel === `D${user.slice(1)}` && !m.thread_ts);

/** The lifecycle job a reminder's buttons name. */
export const jobIdOf = (m: SlackMessage | undefined): string =>
  JSON.stringify(m?.blocks ?? []).match(/"value":"(job_[a-z0-9]+)"/)?.[1] ?? '';

/** Moves the shared clock to `at` (ms) and gives the lifecycle a few ticks. */
export async function moveClockTo(h: Harness, at: number): Promise<void> {
  h.tenant.clock.advance(at - h.tenant.clock.now());
  await settle(250);
}

/** A snooze made from the card in C0SECOPS by alice, 48 hours (or `when`) from the test clock's now. */
export async function snoozeFromCard(h: Harness, findingId = 'FND_SA_UNOWNED', when = '48h') {
  const ts = await h.postAlert(findingId);
  const snoozed = () => h.tenant.findings.get(findingId);
  await h.command(`snooze ${findingId} ${when} waiting on the vendor`);
  await waitFor(() => snoozed()?.state === 'FINDING_STATE_SNOOZED', 5_000, 'the snooze');
  // the reply comes after the reminder and the end are scheduled: only then may the clock move
  await waitFor(
    () => h.slack.thread('C0SECOPS', ts).some((m) => m.text.includes('snoozed this')),
    5_000,
    'reply',
  );
  return { ts, until: Date.parse(String(snoozed()?.snoozeUntil)) };
}
