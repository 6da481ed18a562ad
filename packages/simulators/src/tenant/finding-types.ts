/**
 * The finding_type oneof members and their search values (FINDING_TYPE_*), as the vendor's
 * published API lists them (shared/spec/api-facts.md): what the simulated tenant filters
 * `findingTypes[]` by. Kept here, not borrowed from Warden, so the two can disagree.
 */
const SEARCH_VALUE: Record<string, string> = {
  similarUsernameMatch: 'FINDING_TYPE_SIMILAR_USERNAME_MATCH',
  serviceAccountMisclassification: 'FINDING_TYPE_SERVICE_ACCOUNT_MISCLASSIFICATION',
  nhiUnowned: 'FINDING_TYPE_NHI_UNOWNED',
  serviceAccountUnowned: 'FINDING_TYPE_SERVICE_ACCOUNT_UNOWNED',
  decoyCredentialUsed: 'FINDING_TYPE_DECOY_CREDENTIAL_USED',
  custom: 'FINDING_TYPE_CUSTOM',
  connectorAnomalyDetectionDisabled: 'FINDING_TYPE_CONNECTOR_ANOMALY_DETECTION_DISABLED',
  deactivatedOwner: 'FINDING_TYPE_DEACTIVATED_OWNER',
  unusedSecret: 'FINDING_TYPE_UNUSED_SECRET',
  credentialPubliclyExposed: 'FINDING_TYPE_CREDENTIAL_PUBLICLY_EXPOSED',
  decoyPubliclyExposed: 'FINDING_TYPE_DECOY_PUBLICLY_EXPOSED',
  credentialExpiring: 'FINDING_TYPE_CREDENTIAL_EXPIRING',
  connectorSyncFailing: 'FINDING_TYPE_CONNECTOR_SYNC_FAILING',
  shadowMcp: 'FINDING_TYPE_SHADOW_MCP',
};

/** The member of the finding_type oneof that is set (`custom` only when nothing else is). */
export function findingTypeMember(finding: Record<string, unknown>): string | undefined {
  const set = Object.keys(SEARCH_VALUE).filter((m) => finding[m] !== undefined && finding[m] !== null);
  return set.find((m) => m !== 'custom') ?? set[0];
}

/** The FINDING_TYPE_* value a search filters by. */
export function findingTypeValue(finding: Record<string, unknown>): string {
  const member = findingTypeMember(finding);
  return (member && SEARCH_VALUE[member]) || 'FINDING_TYPE_UNSPECIFIED';
}
