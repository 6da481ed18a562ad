import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../../src/config-file.js';
import { answersFor, askedIdentityOf, attestRuleOf, raisesAtOnce } from '../../../src/domain/attest.js';
import { ConfigError } from '../../../src/errors.js';

describe('WARDEN_CONFIG attest', () => {
  it('reads a rule per finding type, durations in ms', () => {
    const file = parseConfigFile(
      [
        'attest:',
        '  decoyCredentialUsed: { ask: owner, remindAfter: 4h, escalateAfter: 24h }',
        '  similarUsernameMatch: { ask: matchedIdentity, remindAfter: 1d, escalateAfter: 3d }',
      ].join('\n'),
      'w.yaml',
    );
    expect(file.attest.decoyCredentialUsed).toEqual({
      ask: 'owner',
      remindAfterMs: 4 * 3_600_000,
      escalateAfterMs: 24 * 3_600_000,
      answers: undefined,
    });
    expect(file.attest.similarUsernameMatch?.ask).toBe('matchedIdentity');
  });

  it.each([
    ['  decoyUsed: { ask: owner }', /w.yaml:2 attest.decoyUsed.*not a finding type/],
    ['  unusedSecret: { ask: boss }', /w.yaml:2 attest.unusedSecret.ask.*must be one of owner/],
    ['  unusedSecret: { ask: owner, remindAfter: 2d, escalateAfter: 1d }', /escalateAfter must be later/],
    ['  unusedSecret: { ask: owner, answers: [yes, maybe] }', /must be one of yes/],
  ])('names the line of a mistake: %s', (line, message) => {
    const read = () => parseConfigFile(`attest:\n${line}`, 'w.yaml');
    expect(read).toThrow(ConfigError);
    try {
      read();
    } catch (error) {
      expect(JSON.stringify((error as ConfigError).issues)).toMatch(message);
    }
  });
});

describe('whom to ask, and what', () => {
  const finding = {
    assignedOwner: { identityUserId: 'IU_A' },
    computedOwner: { identityUserId: 'IU_C' },
    similarUsernameMatch: { proposedIdentityUserId: 'IU_M' },
  };
  it('the owner, the matched identity, the proposed owner', () => {
    expect(askedIdentityOf(finding, 'owner')).toBe('IU_A');
    expect(askedIdentityOf(finding, 'matchedIdentity')).toBe('IU_M');
    expect(askedIdentityOf(finding, 'proposedOwner')).toBe('IU_C');
    expect(askedIdentityOf({}, 'owner')).toBeUndefined();
  });
  it('answers by type; No raises a decoy or an exposed credential at once, nothing else', () => {
    expect(answersFor('decoyCredentialUsed')).toEqual(['yes', 'no', 'notOwner']);
    expect(answersFor('unusedSecret')).toEqual(['stillNeeded', 'notNeeded', 'notOwner']);
    expect(answersFor('unusedSecret', { answers: ['yes', 'no'] })).toEqual(['yes', 'no']);
    expect(raisesAtOnce('decoyCredentialUsed', 'no')).toBe(true);
    expect(raisesAtOnce('credentialPubliclyExposed', 'no')).toBe(true);
    expect(raisesAtOnce('similarUsernameMatch', 'no')).toBe(false);
    expect(raisesAtOnce('decoyCredentialUsed', 'yes')).toBe(false);
  });
  it('a rule applies to its type only', () => {
    const rules = { unusedSecret: { ask: 'owner' as const, remindAfterMs: 1, escalateAfterMs: 2 } };
    expect(attestRuleOf(rules, { unusedSecret: {} })?.type).toBe('unusedSecret');
    expect(attestRuleOf(rules, { decoyCredentialUsed: {} })).toBeUndefined();
  });
});
