import { t } from '../i18n/speak.js';

/**
 * The finding_type oneof of a Finding (spec): which member is set, its FINDING_TYPE_* search
 * value (api-facts.md) and a title people read. `shadowMcp` has no published search value.
 */
export const FINDING_TYPES = [
  {
    member: 'similarUsernameMatch',
    searchValue: 'FINDING_TYPE_SIMILAR_USERNAME_MATCH',
    title: 'Similar username match',
  },
  {
    member: 'serviceAccountMisclassification',
    searchValue: 'FINDING_TYPE_SERVICE_ACCOUNT_MISCLASSIFICATION',
    title: 'Service account misclassified',
  },
  { member: 'nhiUnowned', searchValue: 'FINDING_TYPE_NHI_UNOWNED', title: 'Unowned non-human identity' },
  {
    member: 'serviceAccountUnowned',
    searchValue: 'FINDING_TYPE_SERVICE_ACCOUNT_UNOWNED',
    title: 'Unowned service account',
  },
  {
    member: 'decoyCredentialUsed',
    searchValue: 'FINDING_TYPE_DECOY_CREDENTIAL_USED',
    title: 'Decoy credential used',
  },
  { member: 'custom', searchValue: 'FINDING_TYPE_CUSTOM', title: 'Custom finding' },
  {
    member: 'connectorAnomalyDetectionDisabled',
    searchValue: 'FINDING_TYPE_CONNECTOR_ANOMALY_DETECTION_DISABLED',
    title: 'Connector anomaly detection disabled',
  },
  { member: 'deactivatedOwner', searchValue: 'FINDING_TYPE_DEACTIVATED_OWNER', title: 'Owner deactivated' },
  { member: 'unusedSecret', searchValue: 'FINDING_TYPE_UNUSED_SECRET', title: 'Unused secret' },
  {
    member: 'credentialPubliclyExposed',
    searchValue: 'FINDING_TYPE_CREDENTIAL_PUBLICLY_EXPOSED',
    title: 'Credential publicly exposed',
  },
  {
    member: 'decoyPubliclyExposed',
    searchValue: 'FINDING_TYPE_DECOY_PUBLICLY_EXPOSED',
    title: 'Decoy publicly exposed',
  },
  {
    member: 'credentialExpiring',
    searchValue: 'FINDING_TYPE_CREDENTIAL_EXPIRING',
    title: 'Credential expiring',
  },
  {
    member: 'connectorSyncFailing',
    searchValue: 'FINDING_TYPE_CONNECTOR_SYNC_FAILING',
    title: 'Connector sync failing',
  },
  { member: 'shadowMcp', searchValue: 'FINDING_TYPE_SHADOW_MCP', title: 'Shadow MCP server' },
] as const;

export type FindingTypeMember = (typeof FINDING_TYPES)[number]['member'];
export type FindingTypeInfo = (typeof FINDING_TYPES)[number];

/**
 * The finding_type member set on a finding. `custom` is also a plain object field, so it counts
 * as the type only when no other type member is set.
 */
export function findingTypeOf(finding: Readonly<Record<string, unknown>>): FindingTypeInfo | undefined {
  const set = FINDING_TYPES.filter((t) => finding[t.member] != null);
  return set.find((t) => t.member !== 'custom') ?? set[0];
}

/**
 * The type's title in the language of the current scope (i18n/catalog/card/labels.ts); `title`
 * above stays the English one, for metrics and logs.
 */
export const typeTitle = (type: Pick<FindingTypeInfo, 'member'>): string => t(`type.${type.member}`);

/** The title of a FINDING_TYPE_* search value, in words; undefined for a value Warden does not know. */
export function typeTitleOf(searchValue: string | null | undefined): string | undefined {
  const type = FINDING_TYPES.find((x) => x.searchValue === searchValue);
  return type ? typeTitle(type) : undefined;
}
