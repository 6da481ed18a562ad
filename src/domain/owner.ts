/**
 * Whose a finding is: the owner the tenant names as a person (an identity user), assigned first,
 * else computed. Owners that are not one person (an app's owners, a user set, someone's manager)
 * are not mapped to Slack. Pure.
 */

export interface OwnerRefView {
  identityUserId?: string | null | undefined;
}

export interface OwnedFinding {
  assignedOwner?: OwnerRefView | null | undefined;
  computedOwner?: OwnerRefView | null | undefined;
}

export interface PersonalOwner {
  which: 'assigned' | 'computed';
  identityUserId: string;
}

export function personalOwnerOf(f: OwnedFinding): PersonalOwner | undefined {
  const assigned = f.assignedOwner;
  // An assigned owner of another kind (app owners, a user set) wins over a computed person.
  if (assigned && Object.values(assigned).some((v) => typeof v === 'string' && v !== '')) {
    return assigned.identityUserId
      ? { which: 'assigned', identityUserId: assigned.identityUserId }
      : undefined;
  }
  const computed = f.computedOwner?.identityUserId;
  return computed ? { which: 'computed', identityUserId: computed } : undefined;
}
