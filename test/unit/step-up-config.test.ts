import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../src/config.js';
import { parseConfigFile } from '../../src/config-file.js';
import { describeStepUp } from '../../src/config-sections/step-up.js';
import { needsStepUp, type StepUpPolicy } from '../../src/domain/step-up.js';
import { ConfigError } from '../../src/errors.js';

const BASE = {
  SLACK_BOT_TOKEN: 'xoxb-1-very-secret-bot-token',
  SLACK_SIGNING_SECRET: 'signing-secret-value-123',
  SLACK_TEAM_ID: 'T0WARDEN',
  TENANT_BASE_URL: 'https://acme.tenant.example/',
  TENANT_ACCESS_TOKEN: 'tenant-token-value-789',
};

const WORKED = `stepUp:
  actions: [suppress, approve, deny, bulk]
  acceptRiskFrom: high
  bulkOver: 20
  oidc: { issuer: "https://idp.example.com", clientId: warden, acr: "mfa" }
`;

function withFile<T>(yaml: string, f: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'warden-stepup-'));
  try {
    writeFileSync(join(dir, 'w.yaml'), yaml);
    return f(join(dir, 'w.yaml'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('WARDEN_CONFIG stepUp', () => {
  it('reads the worked example of the README', () => {
    const { stepUp } = parseConfigFile(WORKED, 'w.yaml');
    expect(stepUp).toEqual({
      actions: ['suppress', 'approve', 'deny', 'bulk'],
      acceptRiskFrom: 'FINDING_SEVERITY_HIGH',
      bulkOver: 20,
      oidc: { issuer: 'https://idp.example.com', clientId: 'warden', acr: 'mfa' },
    });
    expect(describeStepUp(stepUp)).toBe(
      'Step-up verification: suppress, approve, deny, bulk, acceptRisk from high, bulk over 20 need a fresh ' +
        'sign-in at https://idp.example.com (client warden; acr mfa).',
    );
    expect(describeStepUp(undefined)).toMatch(/off/);
  });

  it('takes attestation keys and refuses an unknown action with its line', () => {
    const file =
      'stepUp:\n  actions: [attest.decoyCredentialUsed.yes, attest.yes]\n  oidc: { issuer: "https://i.example", clientId: w }\n';
    expect(parseConfigFile(file, 'w.yaml').stepUp?.actions).toEqual([
      'attest.decoyCredentialUsed.yes',
      'attest.yes',
    ]);
    expect(() =>
      parseConfigFile(
        'stepUp:\n  actions: [delete]\n  oidc: { issuer: "https://i.example", clientId: w }\n',
        'w.yaml',
      ),
    ).toThrow(/w\.yaml:2 stepUp\.actions\.0: must be one of/);
    expect(() => parseConfigFile('stepUp:\n  actions: [suppress]\n', 'w.yaml')).toThrow(/stepUp\.oidc/);
  });

  it('needs WARDEN_OIDC_CLIENT_SECRET and WARDEN_PUBLIC_URL, and never prints the secret', () => {
    withFile(WORKED, (path) => {
      let error: unknown;
      try {
        loadSettings({ ...BASE, WARDEN_CONFIG: path });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const keys = error instanceof ConfigError ? error.issues.map((i) => i.key) : [];
      expect(keys).toEqual(['WARDEN_PUBLIC_URL', 'WARDEN_OIDC_CLIENT_SECRET']);
      const { config } = loadSettings({
        ...BASE,
        WARDEN_CONFIG: path,
        WARDEN_PUBLIC_URL: 'https://warden.example',
        WARDEN_OIDC_CLIENT_SECRET: 'oidc-secret-value-xyz',
      });
      expect(config.oidcClientSecret?.reveal()).toBe('oidc-secret-value-xyz');
      expect(inspect(config)).not.toContain('oidc-secret-value-xyz');
      expect(JSON.stringify(config)).not.toContain('oidc-secret-value-xyz');
    });
  });
});

describe('which actions need a step-up', () => {
  const policy: StepUpPolicy = {
    actions: ['suppress', 'approve'],
    acceptRiskFrom: 'FINDING_SEVERITY_HIGH',
    bulkOver: 20,
  };

  it('asks for the listed actions only', () => {
    expect(needsStepUp(policy, { key: 'suppress' })).toBe(true);
    expect(needsStepUp(policy, { key: 'approve' })).toBe(true);
    expect(needsStepUp(policy, { key: 'resolve' })).toBe(false);
    expect(needsStepUp(undefined, { key: 'suppress' })).toBe(false);
  });

  it('asks for accept risk at or above the severity, and where the severity is unknown', () => {
    expect(needsStepUp(policy, { key: 'acceptRisk', severity: 'FINDING_SEVERITY_CRITICAL' })).toBe(true);
    expect(needsStepUp(policy, { key: 'acceptRisk', severity: 'FINDING_SEVERITY_HIGH' })).toBe(true);
    expect(needsStepUp(policy, { key: 'acceptRisk', severity: 'FINDING_SEVERITY_MEDIUM' })).toBe(false);
    expect(needsStepUp(policy, { key: 'acceptRisk', severity: 'FINDING_SEVERITY_NEWER' })).toBe(true);
    expect(needsStepUp(policy, { key: 'acceptRisk' })).toBe(true);
  });

  it('asks for bulk changes over N; `bulk` alone asks for every one', () => {
    expect(needsStepUp(policy, { key: 'bulk', count: 20 })).toBe(false);
    expect(needsStepUp(policy, { key: 'bulk', count: 21 })).toBe(true);
    const every = { actions: ['bulk'], acceptRiskFrom: undefined, bulkOver: undefined };
    expect(needsStepUp(every, { key: 'bulk', count: 2 })).toBe(true);
  });
});
