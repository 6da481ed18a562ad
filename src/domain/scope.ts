import type { MessageKey } from '../i18n/catalog/index.js';
import { t } from '../i18n/speak.js';
import type { ScopeV2 } from '../model/campaign.js';
import {
  dateText,
  durationDays,
  enumList,
  enumText,
  enumWord,
  ids,
  line,
  type ScopeLine,
} from './scope-parts.js';

/**
 * A campaign's ScopeV2 in plain words (spec: ScopeV2 and its messages). Pure: lines are plain
 * text with `code` marks for ids and expressions; the renderer escapes and formats them.
 * Every oneof group gets a line; an empty group says "not set"; two members set in one group (a
 * tenant bug) are both shown and flagged; unknown enum values are shown as they came.
 */

export type { Part, ScopeLine } from './scope-parts.js';
export { durationDays, enumText } from './scope-parts.js';

export interface DescribedScope {
  /** Each group's lines; `warning` is set when the tenant broke the oneof rule. */
  groups: { title: string; lines: ScopeLine[]; warning?: string }[];
}

const isSet = (v: unknown) => v !== null && v !== undefined;

type Member<K extends keyof ScopeV2> = NonNullable<ScopeV2[K]>;

/** Only the criteria that are set: "risk levels none" would read as a criterion of its own. */
function describeAppSelection(c: Member<'appSelectionCriteria'>): ScopeLine {
  const frameworks = (c.complianceFrameworkAttributeValueIds ?? []).some(Boolean);
  const levels = (c.riskLevelAttributeValueIds ?? []).some(Boolean);
  const parts = {
    frameworks: ids(c.complianceFrameworkAttributeValueIds),
    levels: ids(c.riskLevelAttributeValueIds),
  };
  if (frameworks && levels) return line('scope.appsBoth', parts);
  if (frameworks) return line('scope.appsFrameworks', parts);
  if (levels) return line('scope.appsLevels', parts);
  return line('scope.appsNone');
}

const KNOWN_USER_STATUS = new Set(['UNKNOWN', 'ENABLED', 'DISABLED', 'DELETED']);

function describeUserCriteria(c: Member<'userCriteria'>): ScopeLine[] {
  const lines: ScopeLine[] = [];
  if ((c.managerUserIds ?? []).length > 0)
    lines.push(line('scope.usersManaged', { ids: ids(c.managerUserIds) }));
  const groups = (c.groupAppEntitlementsRef ?? []).map((g) => `${g.appId ?? '?'}/${g.id ?? '?'}`);
  if (groups.length > 0) lines.push(line('scope.usersGroups', { ids: ids(groups) }));
  for (const [attribute, values] of Object.entries(c.multiUserProfileAttributes ?? {})) {
    const list = (values?.values ?? []).map((v) => v.value ?? '').filter(Boolean);
    lines.push(line('scope.usersAttribute', { attribute: [{ code: attribute }], ids: ids(list) }));
  }
  const statuses = (c.userStatus ?? []).map((v) =>
    KNOWN_USER_STATUS.has(v) ? enumWord(v.toLowerCase()) : v,
  );
  if (statuses.length > 0)
    lines.push(line('scope.usersStatus', {}, { statuses: statuses.join(t('scope.or')) }));
  return lines.length > 0 ? lines : [line('scope.usersNone')];
}

function describeAccountCriteria(c: Member<'accountCriteria'>): ScopeLine {
  const parts: string[] = [];
  if (c.accountDomain)
    parts.push(t('scope.accountsDomain', { domain: enumText(c.accountDomain, 'APP_USER_DOMAIN_') }));
  if ((c.accountTypes ?? []).length > 0)
    parts.push(t('scope.accountsType', { types: enumList(c.accountTypes, 'APP_USER_TYPE_') }));
  if ((c.appUserStatuses ?? []).length > 0)
    parts.push(t('scope.accountsStatus', { statuses: enumList(c.appUserStatuses, 'APP_USER_STATUS_') }));
  if (c.noAccountOwner) parts.push(t('scope.accountsNoOwner'));
  return parts.length > 0
    ? line('scope.accounts', {}, { clauses: parts.join(t('scope.clauseSep')) })
    : line('scope.accountsNone');
}

const PROFILE_FILTER = 'ACCESS_PROFILE_FILTER_TYPE_';

function describeGrantCriteria(c: Member<'grantsByCriteria'>): ScopeLine[] {
  const lines: ScopeLine[] = [];
  const when = [c.daysSinceAdded, c.daysSinceReviewed, c.grantsAddedBetween].filter(isSet).length;
  if (when > 1) lines.push(line('scope.grantsWhenTwice'));
  if (c.daysSinceAdded)
    lines.push(line('scope.grantsAdded', {}, { duration: durationDays(c.daysSinceAdded) }));
  if (c.daysSinceReviewed)
    lines.push(line('scope.grantsNotReviewed', {}, { duration: durationDays(c.daysSinceReviewed) }));
  if (c.grantsAddedBetween) {
    const { startDate, endDate } = c.grantsAddedBetween;
    lines.push(line('scope.grantsBetween', {}, { start: dateText(startDate), end: dateText(endDate) }));
  }
  if (c.daysSinceLastUsed)
    lines.push(line('scope.grantsUnused', {}, { duration: durationDays(c.daysSinceLastUsed) }));
  const source = c.sourceFilter;
  if (source && source !== 'GRANT_SOURCE_FILTER_UNSPECIFIED') {
    lines.push(
      source === 'GRANT_SOURCE_FILTER_DIRECT'
        ? line('scope.grantsDirect')
        : source === 'GRANT_SOURCE_FILTER_INHERITED'
          ? line('scope.grantsInherited')
          : line('scope.grantSource', {}, { source }),
    );
  }
  const type = c.typeFilter;
  if (type && type !== 'GRANT_FILTER_TYPE_UNSPECIFIED') {
    lines.push(
      type === 'GRANT_FILTER_TYPE_PERMANENT'
        ? line('scope.grantsPermanent')
        : type === 'GRANT_FILTER_TYPE_TEMPORARY'
          ? line('scope.grantsTemporary')
          : line('scope.grantType', {}, { type }),
    );
  }
  const p = c.accessProfileFilter;
  if (p?.filterType && p.filterType !== `${PROFILE_FILTER}UNSPECIFIED`) {
    const included = p.includedAccessProfileIds ?? [];
    const excluded = p.excludedAccessProfileIds ?? [];
    switch (p.filterType) {
      case `${PROFILE_FILTER}INCLUDE_ALL`:
        lines.push(line('scope.profilesAll'));
        break;
      case `${PROFILE_FILTER}EXCLUDE_ALL`:
        lines.push(line('scope.profilesNone'));
        break;
      case `${PROFILE_FILTER}INCLUDE_SPECIFIC`:
        lines.push(
          line(
            'scope.profilesOnly',
            { ids: ids(included) },
            { count: included.length, n: String(included.length) },
          ),
        );
        break;
      case `${PROFILE_FILTER}EXCLUDE_SPECIFIC`:
        lines.push(
          line(
            'scope.profilesExcept',
            { ids: ids(excluded) },
            { count: excluded.length, n: String(excluded.length) },
          ),
        );
        break;
      default:
        lines.push(line('scope.profileFilter', {}, { filter: p.filterType }));
    }
  }
  return lines.length > 0 ? lines : [line('scope.grantsNone')];
}

interface GroupSpec {
  /** A key, not a sentence: the title is read in the scope's language each time. */
  title: MessageKey;
  members: { key: keyof ScopeV2; describe: (s: ScopeV2) => ScopeLine[] }[];
}

const one = (key: MessageKey) => () => [line(key)];

const GROUPS: GroupSpec[] = [
  {
    title: 'scope.titleApps',
    members: [
      { key: 'appAccess', describe: one('scope.appAccess') },
      { key: 'specificResources', describe: one('scope.specificResources') },
      {
        key: 'appSelectionCriteria',
        describe: (s) => (s.appSelectionCriteria ? [describeAppSelection(s.appSelectionCriteria)] : []),
      },
      { key: 'resourceTypeSelections', describe: one('scope.resourceTypes') },
    ],
  },
  {
    title: 'scope.titleUsers',
    members: [
      { key: 'allUsers', describe: one('scope.allUsers') },
      {
        key: 'selectedUsers',
        describe: (s) => [
          line(
            'scope.selectedUsers',
            { ids: ids(s.selectedUsers?.userIds) },
            { count: String((s.selectedUsers?.userIds ?? []).length) },
          ),
        ],
      },
      { key: 'userCriteria', describe: (s) => (s.userCriteria ? describeUserCriteria(s.userCriteria) : []) },
      {
        key: 'celExpression',
        describe: (s) => [
          line('scope.usersExpression', { expression: [{ code: s.celExpression?.expression ?? '' }] }),
        ],
      },
    ],
  },
  {
    title: 'scope.titleAccounts',
    members: [
      { key: 'allAccounts', describe: one('scope.allAccounts') },
      {
        key: 'accountCriteria',
        describe: (s) => (s.accountCriteria ? [describeAccountCriteria(s.accountCriteria)] : []),
      },
      {
        key: 'accountCelExpression',
        describe: (s) => [
          line('scope.accountsExpression', {
            expression: [{ code: s.accountCelExpression?.expression ?? '' }],
          }),
        ],
      },
    ],
  },
  {
    title: 'scope.titleGrants',
    members: [
      { key: 'allGrants', describe: one('scope.allGrants') },
      {
        key: 'grantsByCriteria',
        describe: (s) => (s.grantsByCriteria ? describeGrantCriteria(s.grantsByCriteria) : []),
      },
    ],
  },
  {
    title: 'scope.titleConflicts',
    members: [
      { key: 'allAccessConflicts', describe: one('scope.allConflicts') },
      { key: 'specificAccessConflicts', describe: one('scope.specificConflicts') },
    ],
  },
  {
    title: 'scope.titleExcluded',
    members: [
      { key: 'excludedSpecificResources', describe: one('scope.excludedResources') },
      { key: 'excludedResourceTypeSelections', describe: one('scope.excludedTypes') },
    ],
  },
];

const PRINCIPALS: Record<string, MessageKey> = {
  PRINCIPAL_TYPE_FILTER_UNSPECIFIED: 'scope.principalsUsers',
  PRINCIPAL_TYPE_FILTER_USERS: 'scope.principalsUsers',
  PRINCIPAL_TYPE_FILTER_RESOURCES: 'scope.principalsResources',
  PRINCIPAL_TYPE_FILTER_USERS_AND_RESOURCES: 'scope.principalsBoth',
};

export function describeScope(scope: ScopeV2 | null | undefined): DescribedScope {
  const s: ScopeV2 = scope ?? {};
  const groups: DescribedScope['groups'] = [];
  for (const spec of GROUPS) {
    const set = spec.members.filter((m) => isSet(s[m.key]));
    const lines = set.flatMap((m) => m.describe(s));
    const group: DescribedScope['groups'][number] = {
      title: t(spec.title),
      lines: lines.length > 0 ? lines : [line('scope.notSet')],
    };
    if (set.length > 1) group.warning = t('scope.twoSet', { keys: set.map((m) => m.key).join(', ') });
    groups.push(group);
  }
  // resource_scope and scopeRoleSelection may be set together: preparation takes the union.
  const resource = isSet(s.resourceSelection);
  const roles = isSet(s.scopeRoleSelection);
  groups.push({
    title: t('scope.titleResources'),
    lines: [
      line(
        resource && roles
          ? 'scope.resourcesBoth'
          : resource
            ? 'scope.resourcesSelected'
            : roles
              ? 'scope.resourcesRoles'
              : 'scope.notSet',
      ),
    ],
  });
  const principal = s.principalTypeFilter ?? 'PRINCIPAL_TYPE_FILTER_UNSPECIFIED';
  const known = PRINCIPALS[principal];
  groups.push({ title: t('scope.titlePrincipals'), lines: [known ? line(known) : [principal]] });
  return { groups };
}
