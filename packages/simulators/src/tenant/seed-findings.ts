import { finding, type JsonFinding } from './finding-fixture.js';
import { deliberateFindings } from './seed-deliberate.js';

export type { JsonFinding };

/**
 * Seed findings of the sandbox tenant: every finding type, target and evidence of the spec at
 * least once, and every state. Plain JSON as the tenant writes it, not our own types, and only
 * what the vendor's schema and proto3 JSON allow (the contract test holds them to it): at most
 * one member of each oneof, integers as numbers, known enum values, nulls only where the schema
 * says nullable. The deliberately unfaithful fixtures live apart, in seed-deliberate.ts.
 * Owners that name an identity user name one of seed-users.ts, each a case of finding that
 * person in Slack (a member, a guest, a hidden email, a deactivated account, none, no email).
 */

const exposure = (revoked: boolean) => ({
  credentialRevoked: revoked,
  fingerprintPrefix: 'ghp_Ab12',
  firstObservedAt: '2026-11-19T22:14:05Z',
  firstScannerId: 'scanner-github-public',
  reportingScanners: ['scanner-github-public', 'scanner-pastebin'],
  revokedAt: revoked ? '2026-11-20T08:00:00Z' : null,
  sourceKind: 'public_repository',
  sourceUrl: 'https://github.example/acme/infra/blob/main/.env',
});

/** Every seed finding; `deliberate: false` leaves out the deliberately unfaithful ones. */
export function seedFindings(opts: { deliberate?: boolean } = {}): JsonFinding[] {
  return opts.deliberate === false ? faithfulFindings() : [...faithfulFindings(), ...deliberateFindings()];
}

/** The findings a faithful tenant could send. */
export function faithfulFindings(): JsonFinding[] {
  return [
    finding('FND_SA_UNOWNED', {
      severity: 'FINDING_SEVERITY_HIGH',
      description: 'Service account deploy-bot has no owner.',
      remediationDescription: 'Assign an owner or disable the account.',
      dedupKeyParts: ['APP_GITHUB', 'AU_DEPLOY_BOT'],
      customTags: { team: 'platform' },
      annotations: { environment: 'production' },
      serviceAccountUnowned: {},
      appUserTarget: { appId: 'APP_GITHUB', appUserId: 'AU_DEPLOY_BOT' },
      // A oneof: one member set (proto3 writes the set member even when it is empty).
      computedOwner: { appOwnerAppId: 'APP_GITHUB' },
      riskScore: {
        score: 72,
        systemScore: 72,
        originalScore: 72,
        // Nothing overridden: proto3 writes the zero values (api-facts.md).
        overrideScore: 0,
        overrideByUserId: '',
        riskFactors: [
          {
            name: 'no_owner',
            description: 'No accountable owner',
            severity: 'FINDING_SEVERITY_HIGH',
            weight: 60,
          },
          {
            name: 'admin_rights',
            description: 'Holds org admin',
            severity: 'FINDING_SEVERITY_CRITICAL',
            weight: 40,
          },
        ],
      },
    }),
    finding('FND_NHI_UNOWNED', {
      description: 'API client ci-runner has no owner.',
      nhiUnowned: {},
      appResourceTarget: { appId: 'APP_AWS', appResourceId: 'RES_CI_ROLE', appResourceTypeId: 'RT_IAM_ROLE' },
    }),
    finding('FND_SIMILAR_USER', {
      severity: 'FINDING_SEVERITY_LOW',
      description: 'App user j.doe looks like identity jane.doe.',
      similarUsernameMatch: { proposedIdentityUserId: 'IU_JANE' },
      similarUsernameMatchEvidence: {
        appUsername: 'j.doe',
        identityUsername: 'jane.doe',
        similarityScore: 0.91,
      },
      appUserTarget: { appId: 'APP_GITHUB', appUserId: 'AU_JDOE' },
    }),
    finding('FND_SA_MISCLASSIFIED', {
      description: 'Account build-svc behaves like a service account.',
      serviceAccountMisclassification: {
        currentAccountType: 'APP_USER_TYPE_USER',
        detectedAccountType: 'APP_USER_TYPE_SERVICE_ACCOUNT',
      },
      serviceAccountMisclassificationEvidence: {
        detectionReason: 'No interactive logins in 180 days; API use only.',
      },
      appUserTarget: { appId: 'APP_GITHUB', appUserId: 'AU_BUILD_SVC' },
      computedOwner: { identityUserId: 'IU_CAROL' },
    }),
    finding('FND_DECOY_USED', {
      severity: 'FINDING_SEVERITY_CRITICAL',
      description: 'Decoy AWS key was used from 203.0.113.7.',
      decoyCredentialUsed: { decoyId: 'DCY_AWS_1', kind: 'DECOY_CREDENTIAL_KIND_ACCESS_TOKEN' },
      decoyTarget: { decoyId: 'DCY_AWS_1' },
    }),
    finding('FND_CUSTOM', {
      sourceKind: 'FINDING_SOURCE_KIND_EXTERNAL',
      description: 'External scanner: shared admin password in vault.',
      custom: { scanner: 'acme-audit', ruleName: 'shared-admin' },
      customSubType: 'shared_credential',
      tenantTarget: {},
      // Assigned to someone the tenant knows who has no Slack account.
      assignedOwner: { identityUserId: 'IU_STRANGER' },
    }),
    finding('FND_CONNECTOR_ANOMALY_OFF', {
      description: 'Anomaly detection is disabled on the Okta connector.',
      connectorAnomalyDetectionDisabled: {},
      connectorTarget: { appId: 'APP_OKTA', connectorId: 'CON_OKTA' },
      computedOwner: { identityUserId: 'IU_BOB' },
    }),
    finding('FND_DEACTIVATED_OWNER', {
      description: 'The owners of app Payroll were deactivated.',
      deactivatedOwner: { source: 'DEACTIVATED_OWNER_SOURCE_OWNERSHIP_ASSIGNED' },
      deactivatedOwnerEvidence: {
        deactivatedOwners: [
          { reason: 'DEACTIVATED_OWNER_REASON_USER_DISABLED', userId: 'IU_BOB' },
          { reason: 'DEACTIVATED_OWNER_REASON_UNSPECIFIED', userId: 'IU_CAROL' },
        ],
      },
      identityUserTarget: { identityUserId: 'IU_BOB' },
      assignedOwner: { identityUserId: 'IU_ALICE' },
    }),
    finding('FND_UNUSED_SECRET', {
      severity: 'FINDING_SEVERITY_LOW',
      description: 'Client secret for reporting-app unused for 120 days.',
      unusedSecret: {},
      unusedSecretEvidence: { lastUsedAt: '2026-07-23T00:00:00Z' },
      appResourceTarget: {
        appId: 'APP_AZURE',
        appResourceId: 'RES_REPORTING',
        appResourceTypeId: 'RT_APP_REG',
      },
    }),
    finding('FND_CRED_EXPOSED', {
      severity: 'FINDING_SEVERITY_CRITICAL',
      description: 'A GitHub token was found in a public repository.',
      // The credential ids are a oneof: the one that names this credential.
      credentialPubliclyExposed: { credentialDisplayName: 'deploy token', userClientId: 'UC_1' },
      credentialPubliclyExposedEvidence: exposure(false),
      appUserTarget: { appId: 'APP_GITHUB', appUserId: 'AU_DEPLOY_BOT' },
    }),
    finding('FND_DECOY_EXPOSED', {
      severity: 'FINDING_SEVERITY_HIGH',
      description: 'A decoy credential appeared on a paste site.',
      decoyPubliclyExposed: { decoyDisplayName: 'fake-prod-db', decoyId: 'DCY_DB_1' },
      decoyPubliclyExposedEvidence: exposure(true),
      decoyTarget: { decoyId: 'DCY_DB_1' },
      // A guest in Slack (is_restricted there).
      assignedOwner: { identityUserId: 'IU_GUS' },
    }),
    finding('FND_CRED_EXPIRING', {
      description: 'Credential sync-key expires in 5 days.',
      credentialExpiring: { credentialDisplayName: 'sync-key', userClientId: 'UC_2' },
      credentialExpiringEvidence: { expired: false, expiresAt: '2026-11-27T00:00:00Z' },
      connectorTarget: { appId: 'APP_OKTA', connectorId: 'CON_OKTA' },
      // A service identity: no email to find a Slack person by.
      assignedOwner: { identityUserId: 'IU_NOEMAIL' },
    }),
    finding('FND_SYNC_FAILING', {
      severity: 'FINDING_SEVERITY_HIGH',
      description: 'Salesforce connector sync has failed 6 times in a row.',
      connectorSyncFailing: {},
      connectorSyncFailingEvidence: {
        consecutiveFailureCount: 6,
        lastFailedAt: '2026-11-20T09:30:00Z',
        lastSyncLifecycleId: 'SYNC_991',
        streakStartedAt: '2026-11-19T15:00:00Z',
      },
      connectorTarget: { appId: 'APP_SFDC', connectorId: 'CON_SFDC' },
      // Slack hides her email: no lookup by email finds her.
      computedOwner: { identityUserId: 'IU_HANNA' },
    }),
    finding('FND_SHADOW_MCP', {
      description: 'An unapproved MCP server is in use.',
      shadowMcp: { mcpIdentifier: 'mcp://files.example.net' },
      shadowMcpEvidence: { deviceCount: 14, userCount: 9 },
      tenantTarget: {},
      computedOwner: { identityUserId: 'IU_DAVE' },
    }),
    // States other than open.
    finding('FND_SNOOZED', {
      state: 'FINDING_STATE_SNOOZED',
      description: 'Service account etl has no owner.',
      serviceAccountUnowned: {},
      snoozeReason: 'Owner back from leave',
      stateUpdatedById: 'IU_ALICE',
      snoozeUntil: '2027-01-15T09:00:00Z',
      appUserTarget: { appId: 'APP_GITHUB', appUserId: 'AU_ETL' },
    }),
    finding('FND_RISK_ACCEPTED', {
      state: 'FINDING_STATE_RISK_ACCEPTED',
      description: 'Secret for legacy-app unused.',
      unusedSecret: {},
      riskAcceptanceJustification: 'Break-glass secret; kept on purpose, monitored by SIEM.',
      riskAcceptanceExpiresAt: '2027-03-01T00:00:00Z',
      appResourceTarget: { appId: 'APP_AZURE', appResourceId: 'RES_LEGACY', appResourceTypeId: 'RT_APP_REG' },
      // Deactivated in Slack: the acceptance's owner can no longer be reached there.
      computedOwner: { identityUserId: 'IU_FRANK' },
    }),
    finding('FND_SUPPRESSED', {
      state: 'FINDING_STATE_SUPPRESSED',
      severity: 'FINDING_SEVERITY_INFO',
      description: 'Similar usernames: test vs test1.',
      similarUsernameMatch: { proposedIdentityUserId: 'IU_TEST' },
      suppressReason: 'Test accounts',
      identityUserTarget: { identityUserId: 'IU_TEST' },
    }),
    finding('FND_RESOLVED', {
      state: 'FINDING_STATE_RESOLVED',
      description: 'Connector sync failing (fixed).',
      connectorSyncFailing: {},
      resolvedAt: '2026-11-21T12:00:00Z',
      connectorTarget: { appId: 'APP_SFDC', connectorId: 'CON_SFDC' },
    }),
    finding('FND_IN_PROGRESS', {
      state: 'FINDING_STATE_IN_PROGRESS',
      description: 'Service account backup-svc has no owner.',
      serviceAccountUnowned: {},
      assigneeIdentityUserId: 'IU_ALICE',
      taskId: 'TSK_42',
      appUserTarget: { appId: 'APP_AWS', appUserId: 'AU_BACKUP' },
    }),
  ];
}
