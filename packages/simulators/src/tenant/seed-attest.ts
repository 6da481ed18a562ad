import { finding, type JsonFinding } from './finding-fixture.js';
import { SEED_IDS } from './seed-ids.js';

/**
 * Findings about people, for attestation ("Was this you?"): one of each type Warden asks about,
 * each naming a person of seed-users.ts the way the vendor's schema does (an owner, the identity
 * an app account resembles, a proposed owner). Faithful to the schema; not in the default seed
 * (other tests count the seed), a test or the demo puts them into the tenant:
 *
 * | finding          | type                       | asked                      | manager       |
 * |------------------|----------------------------|----------------------------|---------------|
 * | FND_ATT_DECOY    | decoyCredentialUsed        | owner alice    (U0ALICE)   | carol         |
 * | FND_ATT_SIMILAR  | similarUsernameMatch       | matched bob    (U0BOB)     | carol         |
 * | FND_ATT_EXPOSED  | credentialPubliclyExposed  | owner bob   ; task TSK_ATT | carol         |
 * | FND_ATT_UNUSED   | unusedSecret               | proposed dave    (U0DAVE)  | none: group   |
 * | FND_ATT_STRANGER | decoyCredentialUsed        | owner stranger   : no Slack| –             |
 */
export function attestFindings(): JsonFinding[] {
  const T = '2026-11-20T10:00:00Z';
  return [
    finding('FND_ATT_DECOY', {
      severity: 'FINDING_SEVERITY_HIGH',
      appId: SEED_IDS.apps.aws,
      description: 'The decoy access key AKIA…DECOY was used from 203.0.113.9.',
      decoyCredentialUsed: { decoyId: 'DCY_AWS_2', kind: 'DECOY_CREDENTIAL_KIND_ACCESS_TOKEN' },
      decoyTarget: { decoyId: 'DCY_AWS_2' },
      assignedOwner: { identityUserId: SEED_IDS.users.alice },
    }),
    finding('FND_ATT_SIMILAR', {
      description: 'App account jbrown looks like Bob Brown.',
      similarUsernameMatch: { proposedIdentityUserId: SEED_IDS.users.bob },
      similarUsernameMatchEvidence: {
        appUsername: 'bbrown-gh',
        identityUsername: 'bob',
        similarityScore: 0.88,
      },
      appUserTarget: { appId: SEED_IDS.apps.github, appUserId: SEED_IDS.appUsers.bbrown },
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
      appUserTarget: { appId: SEED_IDS.apps.github, appUserId: SEED_IDS.appUsers.bob },
      assignedOwner: { identityUserId: SEED_IDS.users.bob },
      taskId: 'TSK_ATT_1',
    }),
    finding('FND_ATT_UNUSED', {
      description: 'Client secret for billing-app unused for 200 days.',
      unusedSecret: {},
      unusedSecretEvidence: { lastUsedAt: '2026-05-01T00:00:00Z' },
      appResourceTarget: {
        appId: SEED_IDS.apps.azure,
        appResourceId: SEED_IDS.resources.billing,
        appResourceTypeId: SEED_IDS.resourceTypes.appRegistration,
      },
      computedOwner: { identityUserId: SEED_IDS.users.dave },
    }),
    finding('FND_ATT_STRANGER', {
      severity: 'FINDING_SEVERITY_HIGH',
      description: 'A decoy credential was used by an account outside Slack.',
      decoyCredentialUsed: { decoyId: 'DCY_AWS_3', kind: 'DECOY_CREDENTIAL_KIND_ACCESS_TOKEN' },
      decoyTarget: { decoyId: 'DCY_AWS_3' },
      assignedOwner: { identityUserId: SEED_IDS.users.stranger },
    }),
  ];
}
