/**
 * Seed findings of the sandbox tenant: every finding type, target and evidence of the spec at
 * least once, every state, and one finding with enum values and a type no client knows.
 * Plain JSON as the tenant would send it (nulls included), not our own types.
 */

export type JsonFinding = Record<string, unknown> & { id: string; state: string };

const T0 = '2026-11-20T10:00:00Z';

function finding(id: string, fields: Record<string, unknown>): JsonFinding {
  return {
    id,
    appId: 'APP_GITHUB',
    state: 'FINDING_STATE_OPEN',
    severity: 'FINDING_SEVERITY_MEDIUM',
    sourceKind: 'FINDING_SOURCE_KIND_DETECTOR',
    sourceDetectorId: 'DET_BUILTIN',
    description: '',
    remediationDescription: '',
    fingerprint: `fp-${id.toLowerCase()}`,
    dedupKeyParts: null,
    recurrenceCount: 1,
    createdAt: T0,
    updatedAt: T0,
    firstObservedAt: T0,
    lastObservedAt: T0,
    lastAppearedAt: T0,
    resolvedAt: null,
    snoozeReason: '',
    snoozeUntil: null,
    suppressReason: '',
    riskAcceptanceExpiresAt: null,
    riskAcceptanceJustification: '',
    stateUpdatedById: '',
    taskId: '',
    assigneeIdentityUserId: '',
    assignedOwner: null,
    computedOwner: null,
    annotations: {},
    customTags: null,
    objectPermissions: { read: true, edit: true, delete: false, extra: null },
    ...fields,
  };
}

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

export function seedFindings(): JsonFinding[] {
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
      computedOwner: { appOwnerAppId: 'APP_GITHUB', identityUserId: '', managerOfUserId: '', userSetId: '' },
      riskScore: {
        score: 72,
        systemScore: 72,
        originalScore: 72,
        overrideScore: null,
        overrideByUserId: '',
        riskFactors: [
          {
            name: 'no_owner',
            description: 'No accountable owner',
            severity: 'FINDING_SEVERITY_HIGH',
            weight: 0.6,
          },
          {
            name: 'admin_rights',
            description: 'Holds org admin',
            severity: 'FINDING_SEVERITY_CRITICAL',
            weight: 0.4,
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
    }),
    finding('FND_DECOY_USED', {
      severity: 'FINDING_SEVERITY_CRITICAL',
      description: 'Decoy AWS key was used from 203.0.113.7.',
      decoyCredentialUsed: { decoyId: 'DCY_AWS_1', kind: 'DECOY_CREDENTIAL_KIND_AWS_ACCESS_KEY' },
      decoyTarget: { decoyId: 'DCY_AWS_1' },
    }),
    finding('FND_CUSTOM', {
      sourceKind: 'FINDING_SOURCE_KIND_EXTERNAL',
      description: 'External scanner: shared admin password in vault.',
      custom: { scanner: 'acme-audit', ruleName: 'shared-admin' },
      customSubType: 'shared_credential',
      tenantTarget: {},
    }),
    finding('FND_CONNECTOR_ANOMALY_OFF', {
      description: 'Anomaly detection is disabled on the Okta connector.',
      connectorAnomalyDetectionDisabled: {},
      connectorTarget: { appId: 'APP_OKTA', connectorId: 'CON_OKTA' },
    }),
    finding('FND_DEACTIVATED_OWNER', {
      description: 'The owners of app Payroll were deactivated.',
      deactivatedOwner: { source: 'DEACTIVATED_OWNER_SOURCE_APP_OWNER' },
      deactivatedOwnerEvidence: {
        deactivatedOwners: [
          { reason: 'DEACTIVATED_OWNER_REASON_OFFBOARDED', userId: 'IU_BOB' },
          { reason: 'DEACTIVATED_OWNER_REASON_UNSPECIFIED', userId: 'IU_CAROL' },
        ],
      },
      identityUserTarget: { identityUserId: 'IU_BOB' },
      assignedOwner: { identityUserId: 'IU_ALICE', appOwnerAppId: '', managerOfUserId: '', userSetId: '' },
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
      credentialPubliclyExposed: {
        connectorClientId: '',
        connectorManagedCredentialId: 'CMC_1',
        credentialDisplayName: 'deploy token',
        functionClientId: '',
        userClientId: 'UC_1',
      },
      credentialPubliclyExposedEvidence: exposure(false),
      appUserTarget: { appId: 'APP_GITHUB', appUserId: 'AU_DEPLOY_BOT' },
    }),
    finding('FND_DECOY_EXPOSED', {
      severity: 'FINDING_SEVERITY_HIGH',
      description: 'A decoy credential appeared on a paste site.',
      decoyPubliclyExposed: { decoyDisplayName: 'fake-prod-db', decoyId: 'DCY_DB_1' },
      decoyPubliclyExposedEvidence: exposure(true),
      decoyTarget: { decoyId: 'DCY_DB_1' },
    }),
    finding('FND_CRED_EXPIRING', {
      description: 'Credential sync-key expires in 5 days.',
      credentialExpiring: { credentialDisplayName: 'sync-key', userClientId: 'UC_2' },
      credentialExpiringEvidence: { expired: false, expiresAt: '2026-11-27T00:00:00Z' },
      connectorTarget: { appId: 'APP_OKTA', connectorId: 'CON_OKTA' },
    }),
    finding('FND_SYNC_FAILING', {
      severity: 'FINDING_SEVERITY_HIGH',
      description: 'Salesforce connector sync has failed 6 times in a row.',
      connectorSyncFailing: {},
      connectorSyncFailingEvidence: {
        consecutiveFailureCount: '6',
        lastFailedAt: '2026-11-20T09:30:00Z',
        lastSyncLifecycleId: 'SYNC_991',
        streakStartedAt: '2026-11-19T15:00:00Z',
      },
      connectorTarget: { appId: 'APP_SFDC', connectorId: 'CON_SFDC' },
    }),
    finding('FND_SHADOW_MCP', {
      description: 'An unapproved MCP server is in use.',
      shadowMcp: { mcpIdentifier: 'mcp://files.example.net' },
      shadowMcpEvidence: { deviceCount: 14, userCount: 9 },
      tenantTarget: {},
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
    // Values no client knows: a newer tenant than the spec.
    finding('FND_FUTURE', {
      state: 'FINDING_STATE_ESCALATED',
      severity: 'FINDING_SEVERITY_URGENT',
      sourceKind: 'FINDING_SOURCE_KIND_PARTNER_FEED',
      description: 'A finding of a type newer than the spec.',
      quantumKeyDowngrade: { algorithm: 'RSA-1024', keyId: 'KEY_9' },
      quantumKeyDowngradeEvidence: { observedAt: '2026-11-20T10:00:00Z' },
      workloadTarget: { clusterId: 'K8S_1' },
      recurrenceCount: '3',
    }),
    // Hostile text from the tenant: Slack must not ping or link it.
    finding('FND_HOSTILE', {
      severity: 'FINDING_SEVERITY_HIGH',
      description: `<!channel> urgent <https://evil.example|your bank> & *bold* ${'x'.repeat(10_000)}`,
      remediationDescription: '<@U0ADMIN> please <!here>',
      serviceAccountUnowned: {},
      appUserTarget: { appId: 'APP_GITHUB', appUserId: 'AU_<script>' },
    }),
  ];
}
