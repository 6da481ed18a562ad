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

/** An app of the campaign and how many live entitlements it has selected. */
export interface AppCount {
  appId: string;
  appName: string;
  count: number;
}

export interface CampaignEntitlements {
  /** Live entitlements, sorted by app name then entitlement name, numbers as numbers. */
  rows: EntitlementRow[];
  deleted: EntitlementRow[];
  appCount: number;
  /** Every app with live entitlements, in the same order as the rows. */
  apps: AppCount[];
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

// Natural order: "Role 109" before "Role 1009", "App 2" before "App 10".
const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;

const byName = (a: EntitlementRow, b: EntitlementRow) =>
  natural(a.appName, b.appName) ||
  natural(a.appId, b.appId) ||
  natural(a.entitlementName, b.entitlementName) ||
  natural(a.entitlementId, b.entitlementId);

function appsOf(rows: readonly EntitlementRow[]): AppCount[] {
  const apps: AppCount[] = [];
  for (const row of rows) {
    const last = apps.at(-1);
    if (last?.appId === row.appId) last.count++;
    else apps.push({ appId: row.appId, appName: row.appName, count: 1 });
  }
  return apps;
}

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
  return { rows, deleted, appCount: new Set(rows.map((r) => r.appId)).size, apps: appsOf(rows) };
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
