/**
 * Severity as an order (critical first) and by name, for delivery order and roll-up rules. The
 * finding is read loosely: an unknown or missing severity sorts after the known ones.
 */
export const SEVERITY_NAMES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type SeverityName = (typeof SEVERITY_NAMES)[number];

const PREFIX = 'FINDING_SEVERITY_';
const UNKNOWN_RANK = SEVERITY_NAMES.length;

export function severityRank(severity: unknown): number {
  if (typeof severity !== 'string' || !severity.startsWith(PREFIX)) return UNKNOWN_RANK;
  const i = SEVERITY_NAMES.indexOf(severity.slice(PREFIX.length).toLowerCase() as SeverityName);
  return i === -1 ? UNKNOWN_RANK : i;
}

/** The rank of a stored finding (JSON as received). */
export function findingSeverityRank(finding: unknown): number {
  return typeof finding === 'object' && finding !== null && 'severity' in finding
    ? severityRank(finding.severity)
    : UNKNOWN_RANK;
}

export function rankOf(name: SeverityName): number {
  return SEVERITY_NAMES.indexOf(name);
}
