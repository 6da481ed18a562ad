import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { containFindings } from '@warden/simulators';
import { ContainId } from '../../src/blockkit/ids.js';
import { flowVerbs } from './driver.js';
import { loopbackDeliver } from './lanes.js';
import type { ProcessWorld } from './processes.js';
import { waitFor } from './wait.js';

/**
 * Contain… driven against Warden processes (e2e/contain-processes*.test.ts): the configuration
 * they start with, the verbs of a person delivered to one of them, and the tenant's task calls.
 */

/** Revoke and offboard, four-eyes by the security leads, no step-up (no IdP in these worlds). */
export const CONTAIN_YAML = `permissions:
  contain: { approvers: S0SECLEADS }
contain:
  credentialPubliclyExposed: { actions: [revoke], stepUp: false }
  decoyCredentialUsed: { actions: [offboard], stepUp: false, fourEyes: false }
`;

/** WARDEN_CONFIG as a file, for a process's environment; the contain findings put in the tenant. */
export function containEnv(w: ProcessWorld, yaml = CONTAIN_YAML): { WARDEN_CONFIG: string } {
  for (const f of containFindings()) w.tenant.findings.put(f);
  const file = join(mkdtempSync(join(tmpdir(), 'warden-contain-')), 'warden.yaml');
  writeFileSync(file, yaml);
  return { WARDEN_CONFIG: file };
}

export const taskCalls = (w: ProcessWorld, kind: 'revoke' | 'offboarding') =>
  w.tenant.requests.filter((r) => r.method === 'POST' && r.path === `/api/v1/task/${kind}`);

/** A person's verbs, each request signed and POSTed to the process at `url`. */
export const verbsOn = (w: ProcessWorld, url: string) =>
  flowVerbs(w.slack, loopbackDeliver(`${url}/slack/events`, w.slack.signingSecret, Date.now));

/** `/warden show <id>` on a process, and the card it posts (with its Contain… button). */
export async function cardOn(w: ProcessWorld, url: string, findingId: string) {
  await verbsOn(w, url).command(`show ${findingId}`);
  return waitFor(
    () =>
      w.slack.messages.find(
        (m) =>
          !m.thread_ts &&
          JSON.stringify(m.blocks).includes(ContainId.open) &&
          JSON.stringify(m.blocks).includes(findingId),
      ),
    15_000,
    'the card',
  );
}

export const threadTexts = (w: ProcessWorld, card: { channel: string; ts: string }) =>
  w.slack.thread(card.channel, card.ts).map((m) => m.text);
