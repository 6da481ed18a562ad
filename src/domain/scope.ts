import type { ScopeV2 } from '../model/campaign.js';

/**
 * A campaign's ScopeV2 in plain words (spec: ScopeV2 and its messages). Pure: lines are plain
 * text with `code` marks for ids and expressions; the renderer escapes and formats them.
 * Every oneof group gets a line; an empty group says "not set"; two members set in one group (a
 * tenant bug) are both shown and flagged; unknown enum values are shown as they came.
 */

/** A span of text that must be shown as code (ids, expressions), never as formatting. */
export type Part = string | { code: string };
export type ScopeLine = Part[];

export interface DescribedScope {
  /** Each group's lines; `warning` is set when the tenant broke the oneof rule. */
  groups: { title: string; lines: ScopeLine[]; warning?: string }[];
}

const MAX_IDS = 10;
const isSet = (v: unknown) => v !== null && v !== undefined;

function ids(list: readonly (string | null | undefined)[] | null | undefined): Part[] {
  const values = (list ?? []).filter((v): v is string => typeof v === 'string' && v !== '');
  if (values.length === 0) return ['none'];
  const shown: Part[] = [];
  values.slice(0, MAX_IDS).forEach((v, i) => {
    if (i > 0) shown.push(', ');
    shown.push({ code: v });
  });
  if (values.length > MAX_IDS) shown.push(` and ${values.length - MAX_IDS} more`);
  return shown;
}

/** `APP_USER_STATUS_ENABLED` with prefix `APP_USER_STATUS_` -> `enabled`; unknown values as they are. */
export function enumText(value: string | null | undefined, prefix: string): string {
  if (!value) return 'unspecified';
  return value.startsWith(prefix) ? value.slice(prefix.length).toLowerCase().replaceAll('_', ' ') : value;
}

function enumList(values: readonly string[] | null | undefined, prefix: string, joiner = ' or '): string {
  const words = (values ?? []).map((v) => enumText(v, prefix));
  return words.length > 0 ? words.join(joiner) : 'any';
}

/** A protobuf JSON duration (`7776000s`) in days. Other forms are shown as they came. */
export function durationDays(value: string | null | undefined): string {
  if (!value) return 'an unspecified time';
  const m = /^(\d+(?:\.\d+)?)s$/.exec(value);
  if (!m) return value;
  const days = Number(m[1]) / 86_400;
  const rounded = Number.isInteger(days) ? String(days) : days.toFixed(1);
  return `${rounded} day${rounded === '1' ? '' : 's'}`;
}

function dateText(value: string | null | undefined): string {
  if (!value) return 'an open date';
  const t = Date.parse(value);
  return Number.isFinite(t) ? new Date(t).toISOString().slice(0, 10) : value;
}

type Member<K extends keyof ScopeV2> = NonNullable<ScopeV2[K]>;

/** Only the criteria that are set: "risk levels none" would read as a criterion of its own. */
function describeAppSelection(c: Member<'appSelectionCriteria'>): ScopeLine {
  const criteria: Part[][] = [];
  if ((c.complianceFrameworkAttributeValueIds ?? []).some(Boolean))
    criteria.push(['compliance frameworks ', ...ids(c.complianceFrameworkAttributeValueIds)]);
  if ((c.riskLevelAttributeValueIds ?? []).some(Boolean))
    criteria.push(['risk levels ', ...ids(c.riskLevelAttributeValueIds)]);
  if (criteria.length === 0) return ['Apps matching criteria (none given)'];
  return ['Apps matching ', ...criteria.flatMap((parts, i) => (i > 0 ? [' and ', ...parts] : parts))];
}

const KNOWN_USER_STATUS = new Set(['UNKNOWN', 'ENABLED', 'DISABLED', 'DELETED']);

function describeUserCriteria(c: Member<'userCriteria'>): ScopeLine[] {
  const lines: ScopeLine[] = [];
  if ((c.managerUserIds ?? []).length > 0) lines.push(['Users managed by ', ...ids(c.managerUserIds)]);
  const groups = (c.groupAppEntitlementsRef ?? []).map((g) => `${g.appId ?? '?'}/${g.id ?? '?'}`);
  if (groups.length > 0) lines.push(['Users holding the group entitlements ', ...ids(groups)]);
  for (const [attribute, values] of Object.entries(c.multiUserProfileAttributes ?? {})) {
    const list = (values?.values ?? []).map((v) => v.value ?? '').filter(Boolean);
    lines.push(['Users whose ', { code: attribute }, ' is ', ...ids(list)]);
  }
  const statuses = (c.userStatus ?? []).map((v) => (KNOWN_USER_STATUS.has(v) ? v.toLowerCase() : v));
  if (statuses.length > 0) lines.push([`Users with status ${statuses.join(' or ')}`]);
  return lines.length > 0 ? lines : [['Users matching criteria (none given)']];
}

function describeAccountCriteria(c: Member<'accountCriteria'>): ScopeLine {
  const parts: string[] = [];
  if (c.accountDomain) parts.push(`in the ${enumText(c.accountDomain, 'APP_USER_DOMAIN_')} domain`);
  if ((c.accountTypes ?? []).length > 0) parts.push(`of type ${enumList(c.accountTypes, 'APP_USER_TYPE_')}`);
  if ((c.appUserStatuses ?? []).length > 0)
    parts.push(`with status ${enumList(c.appUserStatuses, 'APP_USER_STATUS_')}`);
  if (c.noAccountOwner) parts.push('with no owner');
  return [parts.length > 0 ? `Accounts ${parts.join(', ')}` : 'Accounts matching criteria (none given)'];
}

const PROFILE_FILTER = 'ACCESS_PROFILE_FILTER_TYPE_';

function describeGrantCriteria(c: Member<'grantsByCriteria'>): ScopeLine[] {
  const lines: ScopeLine[] = [];
  const when = [c.daysSinceAdded, c.daysSinceReviewed, c.grantsAddedBetween].filter(isSet).length;
  if (when > 1)
    lines.push([
      '⚠ More than one of "added", "not reviewed" and "added between" is set (the tenant allows one):',
    ]);
  if (c.daysSinceAdded) lines.push([`Grants added in the last ${durationDays(c.daysSinceAdded)}`]);
  if (c.daysSinceReviewed) lines.push([`Grants not reviewed in ${durationDays(c.daysSinceReviewed)}`]);
  if (c.grantsAddedBetween) {
    lines.push([
      `Grants added between ${dateText(c.grantsAddedBetween.startDate)} and ${dateText(c.grantsAddedBetween.endDate)}`,
    ]);
  }
  if (c.daysSinceLastUsed) lines.push([`Grants unused for ${durationDays(c.daysSinceLastUsed)}`]);
  const source = c.sourceFilter;
  if (source && source !== 'GRANT_SOURCE_FILTER_UNSPECIFIED') {
    lines.push([
      source === 'GRANT_SOURCE_FILTER_DIRECT'
        ? 'Direct grants only'
        : source === 'GRANT_SOURCE_FILTER_INHERITED'
          ? 'Inherited grants only'
          : `Grant source: ${source}`,
    ]);
  }
  const type = c.typeFilter;
  if (type && type !== 'GRANT_FILTER_TYPE_UNSPECIFIED') {
    lines.push([
      type === 'GRANT_FILTER_TYPE_PERMANENT'
        ? 'Permanent grants only'
        : type === 'GRANT_FILTER_TYPE_TEMPORARY'
          ? 'Temporary grants only'
          : `Grant type: ${type}`,
    ]);
  }
  const p = c.accessProfileFilter;
  if (p?.filterType && p.filterType !== `${PROFILE_FILTER}UNSPECIFIED`) {
    const included = p.includedAccessProfileIds ?? [];
    const excluded = p.excludedAccessProfileIds ?? [];
    switch (p.filterType) {
      case `${PROFILE_FILTER}INCLUDE_ALL`:
        lines.push(['Including grants from all access profiles']);
        break;
      case `${PROFILE_FILTER}EXCLUDE_ALL`:
        lines.push(['Excluding grants from all access profiles']);
        break;
      case `${PROFILE_FILTER}INCLUDE_SPECIFIC`:
        lines.push([
          `Only grants from ${included.length} access profile${included.length === 1 ? '' : 's'}: `,
          ...ids(included),
        ]);
        break;
      case `${PROFILE_FILTER}EXCLUDE_SPECIFIC`:
        lines.push([
          `Excluding grants from ${excluded.length} access profile${excluded.length === 1 ? '' : 's'}: `,
          ...ids(excluded),
        ]);
        break;
      default:
        lines.push([`Access profile filter: ${p.filterType}`]);
    }
  }
  return lines.length > 0 ? lines : [['Grants matching criteria (none given)']];
}

interface GroupSpec {
  title: string;
  members: { key: keyof ScopeV2; describe: (s: ScopeV2) => ScopeLine[] }[];
}

const one = (line: ScopeLine) => () => [line];

const GROUPS: GroupSpec[] = [
  {
    title: 'Apps and resources',
    members: [
      { key: 'appAccess', describe: one(['Access to the selected apps']) },
      { key: 'specificResources', describe: one(['Specific resources of the selected apps']) },
      {
        key: 'appSelectionCriteria',
        describe: (s) => (s.appSelectionCriteria ? [describeAppSelection(s.appSelectionCriteria)] : []),
      },
      { key: 'resourceTypeSelections', describe: one(['Selected resource types']) },
    ],
  },
  {
    title: 'Users',
    members: [
      { key: 'allUsers', describe: one(['All users']) },
      {
        key: 'selectedUsers',
        describe: (s) => [
          [`${(s.selectedUsers?.userIds ?? []).length} selected users: `, ...ids(s.selectedUsers?.userIds)],
        ],
      },
      { key: 'userCriteria', describe: (s) => (s.userCriteria ? describeUserCriteria(s.userCriteria) : []) },
      {
        key: 'celExpression',
        describe: (s) => [['Users matching the expression ', { code: s.celExpression?.expression ?? '' }]],
      },
    ],
  },
  {
    title: 'Accounts',
    members: [
      { key: 'allAccounts', describe: one(['All accounts']) },
      {
        key: 'accountCriteria',
        describe: (s) => (s.accountCriteria ? [describeAccountCriteria(s.accountCriteria)] : []),
      },
      {
        key: 'accountCelExpression',
        describe: (s) => [
          ['Accounts matching the expression ', { code: s.accountCelExpression?.expression ?? '' }],
        ],
      },
    ],
  },
  {
    title: 'Grants',
    members: [
      { key: 'allGrants', describe: one(['All grants']) },
      {
        key: 'grantsByCriteria',
        describe: (s) => (s.grantsByCriteria ? describeGrantCriteria(s.grantsByCriteria) : []),
      },
    ],
  },
  {
    title: 'Access conflicts',
    members: [
      { key: 'allAccessConflicts', describe: one(['All access conflicts']) },
      { key: 'specificAccessConflicts', describe: one(['Specific access conflicts']) },
    ],
  },
  {
    title: 'Excluded',
    members: [
      { key: 'excludedSpecificResources', describe: one(['Specific resources are excluded']) },
      { key: 'excludedResourceTypeSelections', describe: one(['Selected resource types are excluded']) },
    ],
  },
];

const PRINCIPALS: Record<string, string> = {
  PRINCIPAL_TYPE_FILTER_UNSPECIFIED: 'Users',
  PRINCIPAL_TYPE_FILTER_USERS: 'Users',
  PRINCIPAL_TYPE_FILTER_RESOURCES: 'Resources',
  PRINCIPAL_TYPE_FILTER_USERS_AND_RESOURCES: 'Users and resources',
};

export function describeScope(scope: ScopeV2 | null | undefined): DescribedScope {
  const s: ScopeV2 = scope ?? {};
  const groups: DescribedScope['groups'] = [];
  for (const spec of GROUPS) {
    const set = spec.members.filter((m) => isSet(s[m.key]));
    const lines = set.flatMap((m) => m.describe(s));
    const group: DescribedScope['groups'][number] = {
      title: spec.title,
      lines: lines.length > 0 ? lines : [['not set']],
    };
    if (set.length > 1)
      group.warning = `More than one option is set (${set.map((m) => m.key).join(', ')}); the tenant allows one. All are shown.`;
    groups.push(group);
  }
  // resource_scope and scopeRoleSelection may be set together: preparation takes the union.
  const resource = isSet(s.resourceSelection);
  const roles = isSet(s.scopeRoleSelection);
  groups.push({
    title: 'Resource selection',
    lines:
      resource && roles
        ? [
            [
              'Selected resources, together with scope-and-role pairs on infrastructure apps (the union of both)',
            ],
          ]
        : resource
          ? [['Selected resources']]
          : roles
            ? [['Scope-and-role pairs on infrastructure apps']]
            : [['not set']],
  });
  const principal = s.principalTypeFilter ?? 'PRINCIPAL_TYPE_FILTER_UNSPECIFIED';
  groups.push({ title: 'Principals reviewed', lines: [[PRINCIPALS[principal] ?? principal]] });
  return { groups };
}
