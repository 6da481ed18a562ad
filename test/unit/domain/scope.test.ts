import { SEED_IDS, seedCampaigns } from '@warden/simulators';
import { describe, expect, it } from 'vitest';
import { type DescribedScope, describeScope, durationDays } from '../../../src/domain/scope.js';
import { SetupEntitlementAndScopeResponseSchema } from '../../../src/model/campaign.js';

const campaigns = seedCampaigns();
const scopeOf = (id: string) =>
  describeScope(SetupEntitlementAndScopeResponseSchema.parse(campaigns[id]).scopeV2);
/** Lines flattened to text, code parts in backticks. */
const words = (d: DescribedScope) =>
  Object.fromEntries(
    d.groups.map((g) => [
      g.title,
      g.lines.map((l) => l.map((p) => (typeof p === 'string' ? p : `\`${p.code}\``)).join('')),
    ]),
  );

describe('describeScope', () => {
  it('says "not set" for every group of an empty scope, and users for the principal filter', () => {
    const w = words(describeScope(null));
    for (const title of [
      'Apps and resources',
      'Users',
      'Accounts',
      'Grants',
      'Access conflicts',
      'Excluded',
      'Resource selection',
    ]) {
      expect(w[title]).toEqual(['not set']);
    }
    expect(w['Principals reviewed']).toEqual(['Users']);
  });

  it('puts every member of the full campaign in words', () => {
    const w = words(scopeOf('CAMP_FULL'));
    expect(w['Apps and resources']).toEqual(['Access to the selected apps']);
    expect(w.Users).toEqual([
      'Users managed by `IU_MANAGER_1`, `IU_MANAGER_2`',
      `Users holding the group entitlements \`${SEED_IDS.apps.okta}/ENT_OKTA_ENGINEERING\``,
      'Users whose `department` is `Engineering`, `SRE`',
      'Users whose `location` is `Berlin`',
      'Users with status enabled or disabled',
    ]);
    expect(w.Accounts).toEqual([
      'Accounts in the external domain, of type service account or system account, with status enabled, with no owner',
    ]);
    expect(w.Grants).toEqual([
      'Grants added in the last 90 days',
      'Grants unused for 30 days',
      'Direct grants only',
      'Permanent grants only',
      'Excluding grants from 2 access profiles: `AP_BREAKGLASS`, `AP_ONCALL`',
    ]);
    expect(w['Access conflicts']).toEqual(['Specific access conflicts']);
    expect(w['Resource selection']).toEqual([
      'Selected resources, together with scope-and-role pairs on infrastructure apps (the union of both)',
    ]);
    expect(w.Excluded).toEqual(['Selected resource types are excluded']);
    expect(w['Principals reviewed']).toEqual(['Users and resources']);
  });

  it('shows CEL expressions as code, date ranges, inherited and temporary grants', () => {
    const w = words(scopeOf('CAMP_BARE'));
    expect(w.Users).toEqual([
      'Users matching the expression `user.department == "Finance" && !user.is_contractor`',
    ]);
    expect(w.Accounts?.[0]).toMatch(/^Accounts matching the expression `account.last_login/);
    expect(w.Grants).toEqual([
      'Grants added between 2026-01-01 and 2026-06-30',
      'Inherited grants only',
      'Temporary grants only',
      'Only grants from 1 access profile: `AP_1`',
    ]);
    expect(w['Apps and resources']).toEqual([
      'Apps matching compliance frameworks `SOX` and risk levels `HIGH`',
    ]);
    expect(w['Principals reviewed']).toEqual(['Users']);
  });

  it('says each member of the oneofs CAMP_FULL leaves unset, alone, with no warning', () => {
    const resources = scopeOf('CAMP_RESOURCES');
    expect(words(resources)['Apps and resources']).toEqual(['Specific resources of the selected apps']);
    expect(words(resources).Users).toEqual([
      `2 selected users: \`${SEED_IDS.users.alice}\`, \`${SEED_IDS.users.bob}\``,
    ]);
    const types = scopeOf('CAMP_TYPES');
    expect(words(types)['Apps and resources']).toEqual(['Selected resource types']);
    expect(words(types).Users).toEqual(['All users']);
    expect(words(types)['Principals reviewed']).toEqual(['Resources']);
    for (const d of [resources, types]) expect(d.groups.filter((g) => g.warning)).toEqual([]);
  });

  it('keeps a principal type filter newer than the spec (a newer tenant)', () => {
    expect(words(scopeOf('CAMP_NEWER'))['Principals reviewed']).toEqual([
      'PRINCIPAL_TYPE_FILTER_SERVICE_IDENTITIES',
    ]);
  });

  it('shows and flags two members of one oneof group (no tenant writes it; Warden still says it)', () => {
    const d = describeScope({
      allUsers: {},
      selectedUsers: { userIds: [SEED_IDS.users.alice, SEED_IDS.users.bob] },
      specificResources: {},
      resourceTypeSelections: {},
      principalTypeFilter: 'PRINCIPAL_TYPE_FILTER_SERVICE_IDENTITIES',
    });
    const users = d.groups.find((g) => g.title === 'Users');
    expect(users?.lines).toHaveLength(2);
    expect(users?.warning).toMatch(/allUsers, selectedUsers/);
    expect(d.groups.find((g) => g.title === 'Apps and resources')?.warning).toBeDefined();
    expect(words(d)['Principals reviewed']).toEqual(['PRINCIPAL_TYPE_FILTER_SERVICE_IDENTITIES']);
  });

  it('says only the app selection criteria that are set', () => {
    const w = (c: Record<string, unknown>) =>
      words(describeScope({ appSelectionCriteria: c }))['Apps and resources'];
    expect(w({ complianceFrameworkAttributeValueIds: ['SOX'] })).toEqual([
      'Apps matching compliance frameworks `SOX`',
    ]);
    expect(w({ riskLevelAttributeValueIds: ['HIGH'], complianceFrameworkAttributeValueIds: [] })).toEqual([
      'Apps matching risk levels `HIGH`',
    ]);
    expect(w({})).toEqual(['Apps matching criteria (none given)']);
  });

  it('shows an unknown user status as it came', () => {
    const d = describeScope({ userCriteria: { userStatus: ['ENABLED', 'SUSPENDED'] } });
    expect(words(d).Users).toEqual(['Users with status enabled or SUSPENDED']);
  });

  it('flags two of the grant time criteria set together', () => {
    const d = describeScope({ grantsByCriteria: { daysSinceAdded: '86400s', daysSinceReviewed: '172800s' } });
    expect(words(d).Grants).toEqual([
      '⚠ More than one of "added", "not reviewed" and "added between" is set (the tenant allows one):',
      'Grants added in the last 1 day',
      'Grants not reviewed in 2 days',
    ]);
  });
});

describe('durationDays', () => {
  it.each([
    ['86400s', '1 day'],
    ['7776000s', '90 days'],
    ['129600s', '1.5 days'],
    ['P3D', 'P3D'],
    [null, 'an unspecified time'],
  ])('%s', (input, out) => {
    expect(durationDays(input)).toBe(out);
  });
});
