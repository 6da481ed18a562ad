import type { SlackActor } from '@warden/simulators';
import { expect } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, type Harness, type HarnessOptions, harnessPerTest, settle, waitFor } from './harness.js';

/**
 * What the permission tests share (permissions.test.ts, permissions-four-eyes.test.ts): the people
 * beside alice and bob, and a Warden in process per test with what those tests read of it.
 */

export const CAROL: SlackActor = { ...ALICE, userId: 'U0CAROL', userName: 'carol' };
export const DAVE: SlackActor = { ...ALICE, userId: 'U0DAVE', userName: 'dave' };
export const GUEST: SlackActor = { ...ALICE, userId: 'U0GUEST', userName: 'guest' };
export const BOT: SlackActor = { ...ALICE, userId: 'U0BOTTY', userName: 'otherbot' };

/**
 * A Warden (in process) per test, started with a config file's YAML; the functions read the one
 * the test started last. Call it at the top of a test file (it registers the harness's after-hook).
 */
export function permissionsPerTest() {
  const startOne = harnessPerTest({ lane: 'inprocess' });
  let current: Harness | undefined;
  const h = (): Harness => {
    if (!current) throw new Error('no Warden started in this test file');
    return current;
  };
  return {
    async start(yaml?: string, opts: HarnessOptions = {}): Promise<Harness> {
      current = await startOne({ ...opts, ...(yaml ? { file: parseConfigFile(yaml, 'test.yaml') } : {}) });
      return current;
    },
    apiCalls: () => h().tenant.requests.filter((r) => r.path.startsWith('/api/')),
    ephemeralFor: (user: string, index = 0) =>
      waitFor(
        () => h().slack.ephemerals.filter((e) => e.user === user || e.via === 'response_url')[index],
        5_000,
        `ephemeral for ${user}`,
      ),
    audit: () => h().warden.store.auditLog({ limit: 50 }),
    async expectNothingChanged() {
      await settle(200);
      expect(h().stateChanges()).toHaveLength(0);
    },
  };
}
