import { describe, expect, it } from 'vitest';
import { DEFAULT_ATTRIBUTION } from '../../../src/domain/attribution.js';
import { showsChange } from '../../../src/domain/credit.js';

const signed = (words: string) => `${words} — via Slack by "Alice Adams" (U0ALICE)`;
const made = (params: Record<string, unknown>) => ({
  action: 'suppress',
  params: { reason: 'test accounts', ...params },
});
const suppressed = (reason: string, by = 'IU_WARDEN_SERVICE') => ({
  state: 'FINDING_STATE_SUPPRESSED',
  suppressReason: reason,
  stateUpdatedById: by,
});

describe('showsChange: the tenant’s record of a finding is the change Warden made', () => {
  it('the same state, words and principal', () => {
    expect(
      showsChange(
        suppressed(signed('test accounts')),
        made({ principal: 'IU_WARDEN_SERVICE' }),
        DEFAULT_ATTRIBUTION,
      ),
    ).toBe(true);
  });

  it('not with other words, whoever the tenant names', () => {
    expect(showsChange(suppressed('known duplicate'), made({}), DEFAULT_ATTRIBUTION)).toBe(false);
    expect(showsChange(suppressed(signed('other words')), made({}), DEFAULT_ATTRIBUTION)).toBe(false);
  });

  it('not when the tenant names another principal than the one it named for Warden’s change', () => {
    const record = suppressed(signed('test accounts'), 'IU_BOB');
    expect(showsChange(record, made({ principal: 'IU_WARDEN_SERVICE' }), DEFAULT_ATTRIBUTION)).toBe(false);
    // an entry from before Warden kept the principal goes by the words
    expect(showsChange(record, made({}), DEFAULT_ATTRIBUTION)).toBe(true);
  });

  it('a reopen is Warden’s only while the tenant names Warden’s principal', () => {
    const open = (by: string) => ({ state: 'FINDING_STATE_OPEN', stateUpdatedById: by });
    const reopen = { action: 'reopen', params: { principal: 'IU_WARDEN_SERVICE' } };
    expect(showsChange(open('IU_WARDEN_SERVICE'), reopen, DEFAULT_ATTRIBUTION)).toBe(true);
    expect(showsChange(open('IU_BOB'), reopen, DEFAULT_ATTRIBUTION)).toBe(false);
  });
});
