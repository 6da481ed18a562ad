import {
  createLocalIdp,
  createLocalSlack,
  createTestClock,
  type IdpPerson,
  type LocalIdp,
} from '@warden/simulators';
import { afterEach, expect } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { ALICE, freePort, type Harness, type HarnessOptions, harnessPerTest } from './harness.js';
import { startSandbox } from './tenant.js';

/**
 * A Warden with step-up verification against the local OpenID Connect provider, for the step-up
 * tests: the link Warden sends privately, and what the store and the audit log say.
 */

export const LINK = /<(https?:\/\/[^|>]+\/verify\/[A-Za-z0-9_-]+)\|/;

export interface StepUpOptions extends HarnessOptions {
  /** The `stepUp:` section's lines before `oidc:` (default: suppress and reopen gated). */
  gates?: string;
  /** More of WARDEN_CONFIG, before `stepUp:`. */
  before?: string;
  /** More of `stepUp.oidc` (e.g. `trustEmailWithoutVerified: true`). */
  oidc?: string;
  people?: IdpPerson[];
}

/** Starts Wardens with step-up (and their providers) within a test; all closed after it. */
export function stepUpPerTest(defaults: HarnessOptions = { lane: 'inprocess' }) {
  const idps: LocalIdp[] = [];
  const simulators: { close(): Promise<void> }[] = [];
  // Registered before the harnesses' own: after-hooks run in reverse, so Warden stops first.
  afterEach(async () => {
    for (const idp of idps.splice(0)) await idp.close();
    for (const s of simulators.splice(0)) await s.close();
  });
  const start = harnessPerTest(defaults);
  return async (o: StepUpOptions = {}): Promise<{ h: Harness; idp: LocalIdp }> => {
    const { gates, before, oidc, people, ...harness } = o;
    // The simulators listen first (on ports of the OS's choosing), so none of them can be handed
    // the port picked for Warden before Warden listens on it (the provider must know it first).
    const clock = harness.testClock ?? createTestClock({ speed: harness.speed ?? 1 });
    const shared = harness.clock ? {} : { now: clock.now };
    const tenant = harness.tenant ?? (await startSandbox(shared));
    const slack = harness.slack ?? (await createLocalSlack(shared));
    if (!harness.tenant) simulators.push(tenant);
    if (!harness.slack) simulators.push(slack);
    const port = harness.port ?? (await freePort());
    const idp = await createLocalIdp({
      redirectUris: [`http://127.0.0.1:${port}/verify/callback`],
      ...(people ? { people } : {}),
    });
    idps.push(idp);
    const yaml =
      `${before ?? ''}stepUp:\n${gates ?? '  actions: [suppress, reopen]\n'}` +
      `  oidc: { issuer: "${idp.url}", clientId: ${idp.clientId}, acr: mfa${oidc ? `, ${oidc}` : ''} }\n`;
    const h = await start({
      ...harness,
      ...(harness.clock ? {} : { testClock: clock }),
      tenant,
      slack,
      port,
      file: parseConfigFile(yaml, 'step-up.yaml'),
      env: { WARDEN_OIDC_CLIENT_SECRET: idp.clientSecret, ...harness.env },
    });
    return { h, idp };
  };
}

export const stateOf = (h: Harness, id: string) => h.tenant.findings.get(id, Date.now())?.state;

/** The link in a step-up message sent to `userId` (the latest one). */
export function linkIn(text: string): string {
  const link = LINK.exec(text)?.[1];
  if (!link) throw new Error('no link in the message');
  return link;
}

/** Suppress from the card's form; returns the card's ts and the link Warden sent privately. */
export async function suppressHeld(h: Harness, findingId = 'FND_SIMILAR_USER') {
  const ts = await h.postAlert(findingId);
  const form = await h.openForm('finding.suppress', findingId, ts);
  await form.submit({ Why: 'False positive', Reason: 'test accounts' });
  const told = await h.nextEphemeral(ALICE.userId);
  expect(told.text).toMatch(/verify it is you/);
  return { ts, link: linkIn(told.text) };
}

export async function audited(h: Harness, findingId: string) {
  return (await h.warden.store.auditLog({ findingId, limit: 50 })).map((e) => `${e.action}:${e.outcome}`);
}
