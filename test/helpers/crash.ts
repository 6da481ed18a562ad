import { postSigned, type SlackMessage, slashCommandBody } from '@warden/simulators';
import { expect } from 'vitest';
import { RollupId } from '../../src/blockkit/ids.js';
import type { Store } from '../../src/ports/store.js';
import { createStore } from '../../src/store/create-store.js';
import { ALICE } from './actors.js';
import type { ProcessWorld } from './processes.js';
import { waitFor } from './wait.js';

/**
 * What the crash tests (e2e/crash-leases*.test.ts) share: a process is killed while the tenant
 * applies a change, and another settles it.
 *
 * A short lease (renewed every second) so a dead process's changes are taken up within seconds of
 * real time; with the default 15 s lease the same path takes about 20 s after a restart, which
 * `npm run bench` measures (bench/restart.ts). 3 s is the least an operator may set: a shorter
 * lease would let a loaded event loop make a live process look dead.
 */
export const LEASE = { WARDEN_INSTANCE_LEASE: '3s' };

export function slashCommand(w: ProcessWorld, url: string, text: string) {
  const body = slashCommandBody(ALICE, {
    text,
    triggerId: w.slack.issueTriggerId(),
    responseUrl: w.slack.responseUrl(),
  });
  return postSigned(`${url}/slack/events`, body, w.slack.signingSecret);
}

/** The store every process of `w` shares, opened by the test to read what they wrote. */
export async function withStore<T>(w: ProcessWorld, f: (store: Store) => Promise<T>): Promise<T> {
  const store = await createStore({
    databaseUrl: w.storeEnv.DATABASE_URL,
    dataDir: w.storeEnv.WARDEN_DATA_DIR ?? '',
    poolSize: 1,
  });
  try {
    return await f(store);
  } finally {
    await store.close();
  }
}

/** Shows a finding's card, then suppresses it with the tenant taking `latencyMs` to apply it. */
export async function suppressSlowly(w: ProcessWorld, url: string, findingId: string, latencyMs: number) {
  await slashCommand(w, url, `show ${findingId}`);
  const card = await waitFor(
    () => w.slack.messages.find((m) => !m.thread_ts && JSON.stringify(m.blocks).includes(findingId)),
    10_000,
    'the card',
  );
  expect(JSON.stringify(card.blocks)).toContain('Open');
  const changes = () => w.tenant.requests.filter((r) => r.path.endsWith(`${findingId}/state`)).length;
  const before = changes();
  w.tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs });
  await slashCommand(w, url, `suppress ${findingId} accepted by the platform team`);
  await waitFor(() => changes() > before, 10_000, 'the change sent');
  return card;
}

export const stateOf = (w: ProcessWorld, id: string) => w.tenant.findings.get(id, Date.now())?.state;

/** The roll-up's group: the value of its Review button, anywhere in the summary's blocks. */
export function groupOf(m: SlackMessage): string {
  const find = (node: unknown): string => {
    if (typeof node !== 'object' || node === null) return '';
    if ('action_id' in node && node.action_id === RollupId.review)
      return 'value' in node && typeof node.value === 'string' ? node.value : '';
    for (const child of Object.values(node)) {
      const found = find(child);
      if (found) return found;
    }
    return '';
  };
  return find(m.blocks);
}
