import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { describeContain } from '../../src/config-sections/contain.js';
import { decoyAttemptsOf } from '../../src/domain/decoy-attempts.js';
import { taskStatusOf } from '../../src/domain/task-status.js';
import { ConfigError } from '../../src/errors.js';

/** WARDEN_CONFIG `contain:` and `--check-config`; the pure parts of following a task and a decoy's uses. */
describe('contain: in WARDEN_CONFIG', () => {
  it('turns step-up and four-eyes on by default: without a provider or approvers it is a configuration error', () => {
    const problems = () => {
      try {
        parseConfigFile('contain:\n  decoyCredentialUsed: { actions: [offboard] }\n', 'c.yaml');
      } catch (error) {
        return error instanceof ConfigError ? error.message : String(error);
      }
      return '';
    };
    expect(problems()).toMatch(/contain\.decoyCredentialUsed\.stepUp/);
    expect(problems()).toMatch(/contain\.decoyCredentialUsed\.fourEyes/);
    expect(() => parseConfigFile('contain:\n  notAType: { actions: [revoke] }\n', 'c.yaml')).toThrow(
      /not a finding type/,
    );
  });

  it('--check-config says what is offered and warns for each safety turned off', () => {
    const file = parseConfigFile(
      'contain:\n  credentialPubliclyExposed: { actions: [revoke, offboard], stepUp: false, fourEyes: false }\n',
      'c.yaml',
    );
    const said = describeContain(file.contain);
    expect(said).toContain('credentialPubliclyExposed (revoke, offboard)');
    expect(said).toMatch(/Warning: contain\.credentialPubliclyExposed\.stepUp is false/);
    expect(said).toMatch(/Warning: contain\.credentialPubliclyExposed\.fourEyes is false/);
    expect(describeContain({})).toMatch(/off/);
  });
});

describe('a task’s status and a decoy’s uses', () => {
  it('reads final outcomes first, then the state and the policy step; an unknown outcome never looks final while open', () => {
    expect(taskStatusOf({ id: 'T', state: 'TASK_STATE_OPEN', policy: { current: { approval: {} } } })).toBe(
      'approval',
    );
    expect(taskStatusOf({ id: 'T', state: 'TASK_STATE_OPEN', policy: { current: { provision: {} } } })).toBe(
      'provisioning',
    );
    expect(
      taskStatusOf({
        id: 'T',
        state: 'TASK_STATE_CLOSED',
        type: { revoke: { outcome: 'REVOKE_OUTCOME_REVOKED' } },
      }),
    ).toBe('done');
    expect(
      taskStatusOf({
        id: 'T',
        state: 'TASK_STATE_CLOSED',
        type: { offboarding: { outcome: 'OFFBOARDING_OUTCOME_ERROR' } },
      }),
    ).toBe('error');
    expect(
      taskStatusOf({
        id: 'T',
        state: 'TASK_STATE_OPEN',
        type: { revoke: { outcome: 'REVOKE_OUTCOME_NEWER' } },
      }),
    ).toBe('waiting');
    expect(taskStatusOf({ id: 'T', state: 'TASK_STATE_CLOSED' })).toBe('closed');
  });

  it('takes four fields of an OCSF event by name, newest first, and nothing that is not an IP as one', () => {
    const { attempts, total } = decoyAttemptsOf([
      {
        createdAt: '2026-11-20T10:00:00Z',
        ocsf: {
          src_endpoint: { ip: '203.0.113.7' },
          http_request: {
            user_agent: 'curl\u0007/8',
            url: { path: '/x' },
            http_headers: [{ value: 'SECRET' }],
          },
        },
      },
      {
        createdAt: '2026-11-20T11:00:00Z',
        ocsf: { src_endpoint: { ip: '999.1.1.1' }, http_request: { user_agent: 'boto3' } },
      },
      { createdAt: '2026-11-20T12:00:00Z', ocsf: { unmapped: { presented_secret: 'SECRET' } } },
    ]);
    expect(total).toBe(2);
    expect(attempts[0]).toMatchObject({ ip: undefined, userAgent: 'boto3' });
    expect(attempts[1]).toMatchObject({ ip: '203.0.113.7', userAgent: 'curl /8', endpoint: '/x' });
    expect(JSON.stringify(attempts)).not.toContain('SECRET');
  });
});
