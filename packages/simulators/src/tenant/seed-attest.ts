import { finding, type JsonFinding } from './finding-fixture.js';

/**
 * Findings about people, for attestation ("Was this you?"): one of each type Warden asks about,
 * each naming a person of seed-users.ts the way the vendor's schema does (an owner, the identity
 * an app account resembles, a proposed owner). Faithful to the schema; not in the default seed
 * (other tests count the seed), a test or the demo puts them into the tenant:
 *
 * | finding          | type                       | asked                      | manager       |
 * |------------------|----------------------------|----------------------------|---------------|
 * | FND_ATT_DECOY    | decoyCredentialUsed        | owner IU_ALICE (U0ALICE)   | IU_CAROL      |
 * | FND_ATT_SIMILAR  | similarUsernameMatch       | matched IU_BOB (U0BOB)     | IU_CAROL      |
 * | FND_ATT_EXPOSED  | credentialPubliclyExposed  | owner IU_BOB; task TSK_ATT | IU_CAROL      |
 * | FND_ATT_UNUSED   | unusedSecret               | proposed IU_DAVE (U0DAVE)  | none: group   |
 * | FND_ATT_STRANGER | decoyCredentialUsed        | owner IU_STRANGER: no Slack| –             |
 */
export function attestFindings(): JsonFinding[] {
  const T = '2026-11-20T10:00:00Z';
  return [
    finding('FND_ATT_DECOY', {
      severity: 'FINDING_SEVERITY_HIGH',
      appId: 'APP_AWS',
      description: 'The decoy access key AKIA…DECOY was used from 203.0.113.9.',
      decoyCredentialUsed: { decoyId: 'DCY_AWS_2', kind: 'DECOY_CREDENTIAL_KIND_ACCESS_TOKEN' },
      decoyTarget: { decoyId: 'DCY_AWS_2' },
      assignedOwner: { identityUserId: 'IU_ALICE' },
    }),
    finding('FND_ATT_SIMILAR', {
      description: 'App account jbrown looks like Bob Brown.',
      similarUsernameMatch: { proposedIdentityUserId: 'IU_BOB' },
      similarUsernameMatchEvidence: {
        appUsername: 'bbrown-gh',
        identityUsername: 'bob',
        similarityScore: 0.88,
      },
      appUserTarget: { appId: 'APP_GITHUB', appUserId: 'AU_BBROWN' },
    }),
    finding('FND_ATT_EXPOSED', {
      severity: 'FINDING_SEVERITY_CRITICAL',
      description: 'A deploy token was found in a public repository.',
      credentialPubliclyExposed: { credentialDisplayName: 'bob deploy token', userClientId: 'UC_BOB' },
      credentialPubliclyExposedEvidence: {
        credentialRevoked: false,
        fingerprintPrefix: 'ghp_ab',
        firstObservedAt: T,
        firstScannerId: 'SCN_1',
        reportingScanners: ['SCN_1'],
        sourceKind: 'public_repository',
        sourceUrl: 'https://example.test/leak',
      },
      appUserTarget: { appId: 'APP_GITHUB', appUserId: 'AU_BOB' },
      assignedOwner: { identityUserId: 'IU_BOB' },
      taskId: 'TSK_ATT_1',
    }),
    finding('FND_ATT_UNUSED', {
      description: 'Client secret for billing-app unused for 200 days.',
      unusedSecret: {},
      unusedSecretEvidence: { lastUsedAt: '2026-05-01T00:00:00Z' },
      appResourceTarget: {
        appId: 'APP_AZURE',
        appResourceId: 'RES_BILLING',
        appResourceTypeId: 'RT_APP_REG',
      },
      computedOwner: { identityUserId: 'IU_DAVE' },
    }),
    finding('FND_ATT_STRANGER', {
      severity: 'FINDING_SEVERITY_HIGH',
      description: 'A decoy credential was used by an account outside Slack.',
      decoyCredentialUsed: { decoyId: 'DCY_AWS_3', kind: 'DECOY_CREDENTIAL_KIND_ACCESS_TOKEN' },
      decoyTarget: { decoyId: 'DCY_AWS_3' },
      assignedOwner: { identityUserId: 'IU_STRANGER' },
    }),
  ];
}
