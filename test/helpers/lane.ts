import { createLocalSlack, type LocalSlack, type SandboxTenant } from '@warden/simulators';
import { afterEach } from 'vitest';
import { DEFAULT_CONFIG_FILE, parseConfigFile } from '../../src/config-file.js';
import { createMetrics } from '../../src/metrics.js';
import type { Clock, Ports } from '../../src/ports/index.js';
import type { Store } from '../../src/ports/store.js';
import { createStore } from '../../src/store/create-store.js';
import { realTimers } from '../../src/timers.js';
import { slackClientOptions } from '../../src/wiring/slack-app.js';
import type { WorkspaceSet } from '../../src/wiring/workspace-set.js';
import { slackSource } from '../../src/wiring/workspace-sources.js';
import { capturedLogger, simulatorConfig } from './setup.js';
import { clientFor, startSandbox } from './tenant.js';

/**
 * The use-case lane: a use case called directly with the few ports it declares, built by the
 * real adapters over the simulated tenant, the local Slack and a throwaway SQLite store. No HTTP
 * receiver, no Bolt: what the use case does, and nothing else, is under test.
 */
export interface Lane {
  tenant: SandboxTenant;
  slack: LocalSlack;
  store: Store;
  ports: Ports;
  /** The set of one workspace those ports are of (what the listeners ask). */
  workspaces: WorkspaceSet;
  logs: string[];
  /** The narrow set of ports a use case asks for: only these exist in what it gets. */
  pick<K extends keyof Ports>(...keys: K[]): Pick<Ports, K>;
  /** Posts a finding's card the way Warden does (tracked), for flows that start from a card. */
  card(findingId: string, channel?: string): Promise<{ channel: string; ts: string }>;
}

export interface LaneOptions {
  /** WARDEN_CONFIG as YAML. */
  yaml?: string;
  clock?: Clock;
}

/** The ports a state change takes (ChangePorts): what most use-case tests pick. */
export const CHANGE_PORTS = [
  'findings',
  'chat',
  'cards',
  'seen',
  'audit',
  'people',
  'privately',
  'inflight',
  'rollups',
  'settings',
  'metrics',
  'clock',
  'timers',
  'logger',
  'owners',
  'lifecycle',
  // The step-up gate every change asks (usecases/shared/step-up-gate.ts).
  'stepUps',
] as const;

/** Starts a lane for each test that asks, and closes it after the test. */
export function lanePerTest(): (opts?: LaneOptions) => Promise<Lane> {
  const open: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of open.splice(0).reverse()) await close();
  });
  return async (opts = {}) => {
    const tenant = await startSandbox();
    const slack = await createLocalSlack();
    const store = await createStore({ sqliteFile: ':memory:' });
    const client = clientFor(tenant);
    const { logger, logs } = capturedLogger();
    const config = simulatorConfig(tenant, slack);
    const file = opts.yaml ? parseConfigFile(opts.yaml, 'lane.yaml') : DEFAULT_CONFIG_FILE;
    // The one workspace of SLACK_BOT_TOKEN, as Warden opens it (auth.test against the local Slack).
    const clientOptions = { ...slackClientOptions(config, logger), retryConfig: { retries: 0 } };
    const { set: workspaces } = await (await slackSource(config, clientOptions)).open({
      config,
      file,
      clock: opts.clock ?? Date.now,
      timers: realTimers,
      logger,
      metrics: createMetrics(),
      store,
      tenant: client,
      clientOptions,
    });
    const ports = workspaces.of(undefined)?.ports;
    if (!ports) throw new Error('no workspace');
    open.push(async () => {
      await client.close();
      await store.close();
      await slack.close();
      await tenant.close();
    });
    const lane: Lane = {
      tenant,
      slack,
      store,
      ports,
      workspaces,
      logs,
      pick(...keys) {
        return Object.fromEntries(keys.map((k) => [k, ports[k]])) as Pick<Ports, (typeof keys)[number]>;
      },
      async card(findingId, channel = 'C0SECOPS') {
        const { showFinding } = await import('../../src/usecases/findings/show-finding.js');
        const card = await showFinding(
          lane.pick(
            'findings',
            'chat',
            'cards',
            'clock',
            'timers',
            'logger',
            'settings',
            'audit',
            'owners',
            'lifecycle',
            'privately',
          ),
          findingId,
          channel,
        );
        if (!card) throw new Error(`no card of ${findingId}: another post of it is still going`);
        return card;
      },
    };
    return lane;
  };
}
