import type { SetupEntitlementAndScopeResponse } from '../model/campaign.js';

/**
 * The selected entitlements of a campaign as rows people can read: names come from `expanded`
 * through the `appPath` / `entitlementPath` / `policyPath` JSONPath expressions
 * (api-facts.md: `$.expanded[3]`), falling back to ids. Deleted ones are kept apart and counted.
 */

export interface EntitlementRow {
  appId: string;
  appName: string;
  entitlementId: string;
  entitlementName: string;
  policyId: string;
  policyName: string;
  customPolicyId: string;
  createdAt: string;
  deletedAt: string;
}

export interface CampaignEntitlements {
  /** Live entitlements, sorted by app name then entitlement name. */
  rows: EntitlementRow[];
  deleted: EntitlementRow[];
  appCount: number;
}

type Expanded = SetupEntitlementAndScopeResponse['expanded'];

const PATH = /^\$\.expanded\[(\d+)\]$/;

/** The `displayName` of the expanded object a JSONPath points at (only `$.expanded[N]` is resolved). */
export function nameAt(expanded: Expanded, path: string | null | undefined): string | undefined {
  if (!path || !expanded) return undefined;
  const m = PATH.exec(path.trim());
  if (!m) return undefined;
  const item = expanded[Number(m[1])];
  const name = item?.displayName ?? item?.name;
  return typeof name === 'string' && name.trim() !== '' ? name : undefined;
}

const byName = (a: EntitlementRow, b: EntitlementRow) =>
  a.appName.localeCompare(b.appName) ||
  a.appId.localeCompare(b.appId) ||
  a.entitlementName.localeCompare(b.entitlementName);

export function groupEntitlements(response: SetupEntitlementAndScopeResponse): CampaignEntitlements {
  const rows: EntitlementRow[] = [];
  const deleted: EntitlementRow[] = [];
  const expanded = response.expanded;
  for (const view of response.list ?? []) {
    const e = view.accessReviewEntitlement;
    const appId = e?.appId ?? '';
    const entitlementId = e?.appEntitlementId ?? '';
    const row: EntitlementRow = {
      appId,
      appName: nameAt(expanded, view.appPath) ?? appId ?? '',
      entitlementId,
      entitlementName: nameAt(expanded, view.entitlementPath) ?? entitlementId,
      policyId: e?.policyId ?? '',
      policyName: nameAt(expanded, view.policyPath) ?? e?.policyId ?? '',
      customPolicyId: e?.customPolicyId ?? '',
      createdAt: e?.createdAt ?? '',
      deletedAt: e?.deletedAt ?? '',
    };
    (row.deletedAt ? deleted : rows).push(row);
  }
  rows.sort(byName);
  return { rows, deleted, appCount: new Set(rows.map((r) => r.appId)).size };
}

const CSV_COLUMNS: (keyof EntitlementRow)[] = [
  'appId',
  'appName',
  'entitlementId',
  'entitlementName',
  'policyId',
  'policyName',
  'customPolicyId',
  'createdAt',
  'deletedAt',
];

/**
 * One CSV field: quoted when it holds a separator, quote or line break; a leading `=`, `+`, `-`
 * or `@` gets a `'` so a spreadsheet does not run tenant text as a formula.
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The whole list, live and deleted, as CSV (RFC 4180, CRLF line ends). */
export function entitlementsCsv(data: CampaignEntitlements): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of [...data.rows, ...data.deleted])
    lines.push(CSV_COLUMNS.map((c) => csvField(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
