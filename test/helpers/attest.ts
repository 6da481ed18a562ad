import {
  attestFindings,
  type LocalSlack,
  postSignedAlert,
  type SlackActor,
  type SlackMessage,
} from '@warden/simulators';
import { expect } from 'vitest';
import { dmsTo } from './clocked.js';
import { ALICE, type Harness, waitFor } from './harness.js';

/** Attestation's tests (test/e2e/attest*.test.ts): the config, the fixtures, the flow verbs. */
export const HOUR = 3_600_000;
export const ATTEST_CONFIG = [
  'permissions:',
  '  acceptRisk: { approvers: S0SECLEADS }',
  'routing:',
  '  rules:',
  '    - { name: critical, when: { severities: [critical] }, channel: C0CRITICAL }',
  '    - { name: the rest, channel: C0SECOPS }',
  'attest:',
  '  decoyCredentialUsed: { ask: owner, remindAfter: 4h, escalateAfter: 24h }',
  '  similarUsernameMatch: { ask: matchedIdentity, remindAfter: 1d, escalateAfter: 3d }',
  '  credentialPubliclyExposed: { ask: owner, remindAfter: 4h, escalateAfter: 24h }',
  '  unusedSecret: { ask: proposedOwner, remindAfter: 1d, escalateAfter: 3d }',
].join('\n');

export const BOB: SlackActor = { ...ALICE, userId: 'U0BOB', userName: 'bob' };
export const DAVE: SlackActor = { ...ALICE, userId: 'U0DAVE', userName: 'dave' };
export const inDm = (a: SlackActor): SlackActor => ({ ...a, channelId: `D${a.userId.slice(1)}` });
export const json = (m: SlackMessage | undefined) => JSON.stringify(m?.blocks ?? []);
/** The value of a question's answer button (`ask_… <answer>`). */
export const askValue = (m: SlackMessage | undefined, answer: string) =>
  json(m).match(new RegExp(`"value":"(ask_[a-z0-9]+ ${answer})"`))?.[1] ?? '';

/** The attestation fixtures put into the simulated tenant. */
export function seedAttest(h: Harness): void {
  for (const f of attestFindings()) h.tenant.findings.put(structuredClone(f));
}

export const cardOf = (slack: LocalSlack, channel: string, findingId: string) =>
  slack.messages.find(
    (m) => m.channel === channel && !m.thread_ts && json(m).includes(findingId) && m.text.includes('('),
  );

/** The alert as a scanner posts it, delivered by the worker to its route's channel. */
export async function alert(h: Harness, findingId: string): Promise<SlackMessage> {
  const finding = h.tenant.findings.get(findingId, h.tenant.clock.now());
  const status = await postSignedAlert(
    { tenant: h.tenant, wardenUrl: h.base, alertsSecret: 'test-alerts-webhook-secret' },
    finding ?? {},
  );
  expect(status).toBe(202);
  const channel = findingId === 'FND_ATT_EXPOSED' ? 'C0CRITICAL' : 'C0SECOPS';
  return waitFor(() => cardOf(h.slack, channel, findingId), 10_000, `the card of ${findingId}`);
}

/** The question Warden sent a person about a finding (not a reminder). */
export const question = (h: Harness, user: string, findingId: string) =>
  waitFor(
    () => dmsTo(h, user).find((m) => json(m).includes(findingId) && !m.text.startsWith('Reminder')),
    10_000,
    `the question to ${user}`,
  );

export const auditOf = async (h: Harness, findingId: string, action: string) =>
  (await h.warden.store.auditLog({ findingId, limit: 50 })).filter((e) => e.action === action);

/** The card in its channel as it is now. */
export const cardNow = (h: Harness, ts: string) => json(h.slack.messages.find((m) => m.ts === ts));
