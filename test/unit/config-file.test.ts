import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { ConfigError } from '../../src/errors.js';

function problems(yaml: string): string[] {
  try {
    parseConfigFile(yaml, 'w.yaml');
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((i) => `${i.key}: ${i.problem}`);
  }
  throw new Error('expected a ConfigError');
}

describe('WARDEN_CONFIG poller', () => {
  it('reads short and full names of the states and types the tenant publishes', () => {
    const { poller } = parseConfigFile(
      'poller:\n  states: [open, IN_PROGRESS, FINDING_STATE_SNOOZED]\n  findingTypes: [serviceAccountUnowned, FINDING_TYPE_UNUSED_SECRET]\n',
      'w.yaml',
    );
    expect(poller.states).toEqual([
      'FINDING_STATE_OPEN',
      'FINDING_STATE_IN_PROGRESS',
      'FINDING_STATE_SNOOZED',
    ]);
    expect(poller.findingTypes).toEqual([
      'FINDING_TYPE_SERVICE_ACCOUNT_UNOWNED',
      'FINDING_TYPE_UNUSED_SECRET',
    ]);
  });

  it('refuses at start, with its line, a state or type the tenant does not know, naming it', () => {
    const found = problems(
      'poller:\n  states: [open, opne]\n  findingTypes: [serviceAccountUnowned, FINDING_TYPE_UNUSED_SECRETS]\n',
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^w\.yaml:2 poller\.states\.1: "opne" is not a finding state/);
    expect(found[1]).toMatch(
      /^w\.yaml:3 poller\.findingTypes\.1: "FINDING_TYPE_UNUSED_SECRETS" is not a finding type/,
    );
  });

  it('sends a newer state or type only when written in full and allowed explicitly', () => {
    const yaml =
      'poller:\n  states: [open, FINDING_STATE_ESCALATED]\n  findingTypes: [FINDING_TYPE_QUANTUM_KEY]\n';
    expect(problems(yaml)).toHaveLength(2);
    const { poller } = parseConfigFile(`${yaml}  allowUnknown: true\n`, 'w.yaml');
    expect(poller.states).toEqual(['FINDING_STATE_OPEN', 'FINDING_STATE_ESCALATED']);
    expect(poller.findingTypes).toEqual(['FINDING_TYPE_QUANTUM_KEY']);
    // a short name is still a typo, allowed or not
    expect(problems('poller:\n  allowUnknown: true\n  states: [escalatd]\n')).toEqual([
      expect.stringMatching(/^w\.yaml:3 poller\.states\.0: "escalatd"/),
    ]);
  });
});

describe('WARDEN_CONFIG workspaces', () => {
  const two = 'workspaces:\n  - { team: T0ALPHA, channels: [C0ALPHA] }\n  - { team: T0BRAVO }\n';
  it('with several workspaces, each routed or digest channel says whose it is', () => {
    const found = problems(
      `${two}routing:\n  rules:\n    - { channel: C0NOWHERE }\n    - { channel: C0BRAVO, workspace: T0NOPE }\ndigest:\n  - { channel: C0ELSE, at: '09:00', timezone: UTC }\n`,
    );
    expect(found).toEqual([
      expect.stringMatching(/routing\.rules\.0\.workspace: is required with several workspaces/),
      expect.stringMatching(/routing\.rules\.1\.workspace: is not one of `workspaces`/),
      expect.stringMatching(/digest\.0\.channel: must be a routed channel or listed/),
    ]);
    const ok = parseConfigFile(
      `${two}routing:\n  rules:\n    - { channel: C0ALPHA }\n    - { channel: C0BRAVO, workspace: T0BRAVO, allowExternal: true }\ndigest:\n  - { channel: C0BRAVO, at: '09:00', timezone: UTC }\n`,
      'w.yaml',
    );
    expect(ok.workspaces.map((w) => w.team)).toEqual(['T0ALPHA', 'T0BRAVO']);
  });
});
