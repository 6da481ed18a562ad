import { finding, type JsonFinding } from './finding-fixture.js';
import { deliberateFindings } from './seed-deliberate.js';
import { SEED_IDS } from './seed-ids.js';

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
      dedupKeyParts: [SEED_IDS.apps.github, SEED_IDS.appUsers.deployBot],
      customTags: { team: 'platform' },
      annotations: { environment: 'production' },
      serviceAccountUnowned: {},
      appUserTarget: { appId: SEED_IDS.apps.github, appUserId: SEED_IDS.appUsers.deployBot },
      // A oneof: one member set (proto3 writes the set member even when it is empty).
      computedOwner: { appOwnerAppId: SEED_IDS.apps.github },
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
      appResourceTarget: {
        appId: SEED_IDS.apps.aws,
        appResourceId: SEED_IDS.resources.ciRole,
        appResourceTypeId: SEED_IDS.resourceTypes.iamRole,
      },
    }),
    finding('FND_SIMILAR_USER', {
      severity: 'FINDING_SEVERITY_LOW',
      description: 'App user j.doe looks like identity jane.doe.',
      similarUsernameMatch: { proposedIdentityUserId: SEED_IDS.users.jane },
      similarUsernameMatchEvidence: {
        appUsername: 'j.doe',
        identityUsername: 'jane.doe',
        similarityScore: 0.91,
      },
      appUserTarget: { appId: SEED_IDS.apps.github, appUserId: SEED_IDS.appUsers.jdoe },
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
      appUserTarget: { appId: SEED_IDS.apps.github, appUserId: SEED_IDS.appUsers.buildSvc },
      computedOwner: { identityUserId: SEED_IDS.users.carol },
    }),
    finding('FND_DECOY_USED', {
      severity: 'FINDING_SEVERITY_CRITICAL',
      description: 'Decoy AWS key was used from 203.0.113.7.',
      appId: SEED_IDS.apps.aws,
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
      assignedOwner: { identityUserId: SEED_IDS.users.stranger },
    }),
    finding('FND_CONNECTOR_ANOMALY_OFF', {
      description: 'Anomaly detection is disabled on the Okta connector.',
      connectorAnomalyDetectionDisabled: {},
      connectorTarget: { appId: SEED_IDS.apps.okta, connectorId: SEED_IDS.connectors.okta },
      computedOwner: { identityUserId: SEED_IDS.users.bob },
    }),
    finding('FND_DEACTIVATED_OWNER', {
      description: 'The owners of app Payroll were deactivated.',
      deactivatedOwner: { source: 'DEACTIVATED_OWNER_SOURCE_OWNERSHIP_ASSIGNED' },
      deactivatedOwnerEvidence: {
        deactivatedOwners: [
          { reason: 'DEACTIVATED_OWNER_REASON_USER_DISABLED', userId: SEED_IDS.users.bob },
          { reason: 'DEACTIVATED_OWNER_REASON_UNSPECIFIED', userId: SEED_IDS.users.carol },
        ],
      },
      identityUserTarget: { identityUserId: SEED_IDS.users.bob },
      assignedOwner: { identityUserId: SEED_IDS.users.alice },
    }),
    finding('FND_UNUSED_SECRET', {
      severity: 'FINDING_SEVERITY_LOW',
      description: 'Client secret for reporting-app unused for 120 days.',
      unusedSecret: {},
      unusedSecretEvidence: { lastUsedAt: '2026-07-23T00:00:00Z' },
      appResourceTarget: {
        appId: SEED_IDS.apps.azure,
        appResourceId: SEED_IDS.resources.reporting,
        appResourceTypeId: SEED_IDS.resourceTypes.appRegistration,
      },
    }),
    finding('FND_CRED_EXPOSED', {
      severity: 'FINDING_SEVERITY_CRITICAL',
      description: 'A GitHub token was found in a public repository.',
      // The credential ids are a oneof: the one that names this credential.
      credentialPubliclyExposed: { credentialDisplayName: 'deploy token', userClientId: 'UC_1' },
      credentialPubliclyExposedEvidence: exposure(false),
      appUserTarget: { appId: SEED_IDS.apps.github, appUserId: SEED_IDS.appUsers.deployBot },
    }),
    finding('FND_DECOY_EXPOSED', {
      severity: 'FINDING_SEVERITY_HIGH',
      description: 'A decoy credential appeared on a paste site.',
      decoyPubliclyExposed: { decoyDisplayName: 'fake-prod-db', decoyId: 'DCY_DB_1' },
      decoyPubliclyExposedEvidence: exposure(true),
      decoyTarget: { decoyId: 'DCY_DB_1' },
      // A guest in Slack (is_restricted there).
      assignedOwner: { identityUserId: SEED_IDS.users.gus },
    }),
    finding('FND_CRED_EXPIRING', {
      description: 'Credential sync-key expires in 5 days.',
      credentialExpiring: { credentialDisplayName: 'sync-key', userClientId: 'UC_2' },
      credentialExpiringEvidence: { expired: false, expiresAt: '2026-11-27T00:00:00Z' },
      connectorTarget: { appId: SEED_IDS.apps.okta, connectorId: SEED_IDS.connectors.okta },
      // A service identity: no email to find a Slack person by.
      assignedOwner: { identityUserId: SEED_IDS.users.noEmail },
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
      connectorTarget: { appId: SEED_IDS.apps.salesforce, connectorId: SEED_IDS.connectors.salesforce },
      // Slack hides her email: no lookup by email finds her.
      computedOwner: { identityUserId: SEED_IDS.users.hanna },
    }),
    finding('FND_SHADOW_MCP', {
      description: 'An unapproved MCP server is in use.',
      shadowMcp: { mcpIdentifier: 'mcp://files.example.net' },
      shadowMcpEvidence: { deviceCount: 14, userCount: 9 },
      tenantTarget: {},
      computedOwner: { identityUserId: SEED_IDS.users.dave },
    }),
    // States other than open.
    finding('FND_SNOOZED', {
      state: 'FINDING_STATE_SNOOZED',
      description: 'Service account etl has no owner.',
      serviceAccountUnowned: {},
      snoozeReason: 'Owner back from leave',
      stateUpdatedById: SEED_IDS.users.alice,
      snoozeUntil: '2027-01-15T09:00:00Z',
      appUserTarget: { appId: SEED_IDS.apps.aws, appUserId: SEED_IDS.appUsers.etl },
    }),
    finding('FND_RISK_ACCEPTED', {
      state: 'FINDING_STATE_RISK_ACCEPTED',
      description: 'Secret for legacy-app unused.',
      unusedSecret: {},
      riskAcceptanceJustification: 'Break-glass secret; kept on purpose, monitored by SIEM.',
      riskAcceptanceExpiresAt: '2027-03-01T00:00:00Z',
      appResourceTarget: {
        appId: SEED_IDS.apps.azure,
        appResourceId: SEED_IDS.resources.legacy,
        appResourceTypeId: SEED_IDS.resourceTypes.appRegistration,
      },
      // Deactivated in Slack: the acceptance's owner can no longer be reached there.
      computedOwner: { identityUserId: SEED_IDS.users.frank },
    }),
    finding('FND_SUPPRESSED', {
      state: 'FINDING_STATE_SUPPRESSED',
      severity: 'FINDING_SEVERITY_INFO',
      description: 'Similar usernames: test vs test1.',
      similarUsernameMatch: { proposedIdentityUserId: SEED_IDS.users.test },
      suppressReason: 'Test accounts',
      identityUserTarget: { identityUserId: SEED_IDS.users.test },
    }),
    finding('FND_RESOLVED', {
      state: 'FINDING_STATE_RESOLVED',
      description: 'Connector sync failing (fixed).',
      connectorSyncFailing: {},
      resolvedAt: '2026-11-21T12:00:00Z',
      connectorTarget: { appId: SEED_IDS.apps.salesforce, connectorId: SEED_IDS.connectors.salesforce },
    }),
    finding('FND_IN_PROGRESS', {
      state: 'FINDING_STATE_IN_PROGRESS',
      description: 'Service account backup-svc has no owner.',
      serviceAccountUnowned: {},
      assigneeIdentityUserId: SEED_IDS.users.alice,
      taskId: 'TSK_42',
      appUserTarget: { appId: SEED_IDS.apps.aws, appUserId: SEED_IDS.appUsers.backup },
    }),
  ];
}
