import { z } from 'zod';
import {
  anyObject,
  bool,
  double,
  marker,
  num,
  type OpenEnum,
  openEnum,
  str,
  strArr,
  ts,
} from './wire-types.js';

/**
 * A finding and its parts (spec: Finding; api-facts.md: enums). Findings and evidence keep
 * unknown fields (looseObject) so a finding type newer than this code is still rendered, not
 * dropped.
 */

export const FINDING_STATES = [
  'FINDING_STATE_UNSPECIFIED',
  'FINDING_STATE_OPEN',
  'FINDING_STATE_IN_PROGRESS',
  'FINDING_STATE_RESOLVED',
  'FINDING_STATE_SNOOZED',
  'FINDING_STATE_RISK_ACCEPTED',
  'FINDING_STATE_SUPPRESSED',
] as const;
export type FindingState = OpenEnum<(typeof FINDING_STATES)[number]>;

export const FINDING_SEVERITIES = [
  'FINDING_SEVERITY_UNSPECIFIED',
  'FINDING_SEVERITY_INFO',
  'FINDING_SEVERITY_LOW',
  'FINDING_SEVERITY_MEDIUM',
  'FINDING_SEVERITY_HIGH',
  'FINDING_SEVERITY_CRITICAL',
] as const;
export type FindingSeverity = OpenEnum<(typeof FINDING_SEVERITIES)[number]>;

export const FINDING_SOURCE_KINDS = [
  'FINDING_SOURCE_KIND_UNSPECIFIED',
  'FINDING_SOURCE_KIND_DETECTOR',
  'FINDING_SOURCE_KIND_EXTERNAL',
] as const;

/** The values FindingSearchRequest.findingTypes publishes (the vendor's schema; open, as every enum). */
export const FINDING_TYPE_SEARCH_VALUES = [
  'FINDING_TYPE_UNSPECIFIED',
  'FINDING_TYPE_SIMILAR_USERNAME_MATCH',
  'FINDING_TYPE_SERVICE_ACCOUNT_MISCLASSIFICATION',
  'FINDING_TYPE_NHI_UNOWNED',
  'FINDING_TYPE_SERVICE_ACCOUNT_UNOWNED',
  'FINDING_TYPE_DECOY_CREDENTIAL_USED',
  'FINDING_TYPE_CUSTOM',
  'FINDING_TYPE_CONNECTOR_ANOMALY_DETECTION_DISABLED',
  'FINDING_TYPE_DEACTIVATED_OWNER',
  'FINDING_TYPE_UNUSED_SECRET',
  'FINDING_TYPE_CREDENTIAL_PUBLICLY_EXPOSED',
  'FINDING_TYPE_DECOY_PUBLICLY_EXPOSED',
  'FINDING_TYPE_CREDENTIAL_EXPIRING',
] as const;

export const APP_USER_TYPES = [
  'APP_USER_TYPE_UNSPECIFIED',
  'APP_USER_TYPE_USER',
  'APP_USER_TYPE_SERVICE_ACCOUNT',
  'APP_USER_TYPE_SYSTEM_ACCOUNT',
] as const;

const state = openEnum(FINDING_STATES).nullish();
const severity = openEnum(FINDING_SEVERITIES).nullish();

// ---- finding parts ----------------------------------------------------------------------

export const OwnerRefSchema = z.looseObject({
  appOwnerAppId: str,
  identityUserId: str,
  managerOfUserId: str,
  userSetId: str,
});

export const ExposureEvidenceSchema = z.looseObject({
  credentialRevoked: bool,
  fingerprintPrefix: str,
  firstObservedAt: ts,
  firstScannerId: str,
  reportingScanners: strArr,
  revokedAt: ts,
  sourceKind: str,
  sourceUrl: str,
});

export const RiskFactorSchema = z.looseObject({
  description: str,
  name: str,
  severity,
  weight: num,
});

export const RiskScoreSchema = z.looseObject({
  originalScore: num,
  overrideScore: num,
  score: num,
  systemScore: num,
  overrideByUserId: str,
  riskFactors: z.array(RiskFactorSchema).nullish(),
});

/** A finding as a search for its type reads it: its id and its finding_type members, nothing else. */
export type FindingTypeRef = { id: string } & Record<string, unknown>;

export const FindingSchema = z.looseObject({
  id: z.string().min(1),
  appId: str,
  description: str,
  remediationDescription: str,
  fingerprint: str,
  dedupKeyParts: strArr,
  sourceDetectorId: str,
  sourceKind: openEnum(FINDING_SOURCE_KINDS).nullish(),
  severity,
  state,
  stateUpdatedById: str,
  taskId: str,
  assigneeIdentityUserId: str,
  assignedOwner: OwnerRefSchema.nullish(),
  computedOwner: OwnerRefSchema.nullish(),
  annotations: anyObject,
  // `custom` is both a plain object field and the finding_type member for custom findings.
  custom: anyObject,
  customTags: anyObject,
  customSubType: str,
  recurrenceCount: num,
  createdAt: ts,
  updatedAt: ts,
  firstObservedAt: ts,
  lastObservedAt: ts,
  lastAppearedAt: ts,
  resolvedAt: ts,
  snoozeReason: str,
  snoozeUntil: ts,
  suppressReason: str,
  riskAcceptanceExpiresAt: ts,
  riskAcceptanceJustification: str,
  objectPermissions: z.looseObject({ delete: bool, edit: bool, read: bool, extra: anyObject }).nullish(),
  riskScore: RiskScoreSchema.nullish(),

  // target (oneof)
  identityUserTarget: z.looseObject({ identityUserId: str }).nullish(),
  appUserTarget: z.looseObject({ appId: str, appUserId: str }).nullish(),
  decoyTarget: z.looseObject({ decoyId: str }).nullish(),
  appResourceTarget: z.looseObject({ appId: str, appResourceId: str, appResourceTypeId: str }).nullish(),
  tenantTarget: marker,
  connectorTarget: z.looseObject({ appId: str, connectorId: str }).nullish(),

  // finding_type (oneof)
  similarUsernameMatch: z.looseObject({ proposedIdentityUserId: str }).nullish(),
  serviceAccountMisclassification: z
    .looseObject({
      currentAccountType: openEnum(APP_USER_TYPES).nullish(),
      detectedAccountType: openEnum(APP_USER_TYPES).nullish(),
    })
    .nullish(),
  nhiUnowned: marker,
  serviceAccountUnowned: marker,
  decoyCredentialUsed: z.looseObject({ decoyId: str, kind: str }).nullish(),
  connectorAnomalyDetectionDisabled: marker,
  deactivatedOwner: z.looseObject({ source: str }).nullish(),
  unusedSecret: marker,
  credentialPubliclyExposed: z
    .looseObject({
      connectorClientId: str,
      connectorManagedCredentialId: str,
      credentialDisplayName: str,
      functionClientId: str,
      userClientId: str,
    })
    .nullish(),
  decoyPubliclyExposed: z.looseObject({ decoyDisplayName: str, decoyId: str }).nullish(),
  credentialExpiring: z.looseObject({ credentialDisplayName: str, userClientId: str }).nullish(),
  connectorSyncFailing: marker,
  shadowMcp: z.looseObject({ mcpIdentifier: str }).nullish(),

  // evidence (oneof)
  similarUsernameMatchEvidence: z
    .looseObject({ appUsername: str, identityUsername: str, similarityScore: double })
    .nullish(),
  serviceAccountMisclassificationEvidence: z.looseObject({ detectionReason: str }).nullish(),
  deactivatedOwnerEvidence: z
    .looseObject({
      deactivatedOwners: z.array(z.looseObject({ reason: str, userId: str })).nullish(),
    })
    .nullish(),
  unusedSecretEvidence: z.looseObject({ lastUsedAt: ts }).nullish(),
  credentialPubliclyExposedEvidence: ExposureEvidenceSchema.nullish(),
  decoyPubliclyExposedEvidence: ExposureEvidenceSchema.nullish(),
  credentialExpiringEvidence: z.looseObject({ expired: bool, expiresAt: ts }).nullish(),
  connectorSyncFailingEvidence: z
    .looseObject({
      consecutiveFailureCount: num,
      lastFailedAt: ts,
      lastSyncLifecycleId: str,
      streakStartedAt: ts,
    })
    .nullish(),
  shadowMcpEvidence: z.looseObject({ deviceCount: num, userCount: num }).nullish(),
});
export type Finding = z.output<typeof FindingSchema>;

/** The finding may be null (the vendor's schema): the change was made, read the finding back. */
export const UpdateFindingStateResponseSchema = z.looseObject({ finding: FindingSchema.nullish() });

export const ExpandedItemSchema = z.looseObject({ '@type': str });
export type ExpandedItem = z.output<typeof ExpandedItemSchema>;

export const GetFindingResponseSchema = z.looseObject({
  finding: FindingSchema,
  expanded: z.array(ExpandedItemSchema).nullish(),
});

/**
 * The body of POST /api/v1/findings/{id}/state (spec: UpdateFindingStateRequest): exactly one
 * member of the `action` oneof.
 */
export type UpdateFindingStateBody =
  | { snooze: { reason: string; snoozeUntil: string } }
  | { suppress: { reason: string } }
  | { acceptRisk: { expiresAt: string; justification: string } }
  | { unsuppress: Record<string, never> }
  | { resolve: { reason: string } }
  | { reopen: Record<string, never> };

/** A reference to a finding, as search and bulk operations take it (the vendor's FindingRef). */
export interface FindingRef {
  id: string;
}

/** Filters of POST /api/v1/findings/search (api-facts.md); values in one list are ORed. */
export interface FindingSearchFilters {
  query?: string;
  states?: string[];
  severities?: string[];
  findingTypes?: string[];
  sourceKinds?: string[];
  appIds?: string[];
  /** Finding ids as FindingRef messages, `[{"id": …}]`: a bare string is not a FindingRef. */
  refs?: FindingRef[];
  ownerIdentityUserIds?: string[];
  includeUnassigned?: boolean;
}
