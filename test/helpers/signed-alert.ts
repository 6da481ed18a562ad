import { type JsonFinding, postSignedAlert, type SandboxTenant } from '@warden/simulators';
import { expect } from 'vitest';

/**
 * Sends a finding to Warden's signed-post intake with the harness's alerts secret, signed by the
 * simulators' own signer (not Warden's); expects it stored (202).
 */
export async function sendSignedAlert(
  h: { base: string; tenant: SandboxTenant },
  finding: JsonFinding,
): Promise<void> {
  const target = { tenant: h.tenant, wardenUrl: h.base, alertsSecret: 'test-alerts-webhook-secret' };
  expect(await postSignedAlert(target, finding)).toBe(202);
}
