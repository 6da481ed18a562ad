import { describe, expect, it } from 'vitest';
import { personalOwnerOf } from '../../../src/domain/owner.js';

describe('personalOwnerOf', () => {
  it('takes the assigned person first, else the computed one', () => {
    expect(
      personalOwnerOf({
        assignedOwner: { identityUserId: 'IU_A' },
        computedOwner: { identityUserId: 'IU_C' },
      }),
    ).toEqual({ which: 'assigned', identityUserId: 'IU_A' });
    expect(personalOwnerOf({ assignedOwner: null, computedOwner: { identityUserId: 'IU_C' } })).toEqual({
      which: 'computed',
      identityUserId: 'IU_C',
    });
    // proto3: an unset oneof member may come as "" (zero value)
    expect(
      personalOwnerOf({ assignedOwner: { identityUserId: '' }, computedOwner: { identityUserId: 'IU_C' } }),
    ).toEqual({
      which: 'computed',
      identityUserId: 'IU_C',
    });
  });

  it('maps no person when the assigned owner is not one (an app’s owners, a user set)', () => {
    const appOwners = { appOwnerAppId: 'APP_1' } as Record<string, string>;
    expect(
      personalOwnerOf({ assignedOwner: appOwners, computedOwner: { identityUserId: 'IU_C' } }),
    ).toBeUndefined();
    expect(personalOwnerOf({})).toBeUndefined();
  });
});
