import type { Locale } from '../i18n/locale.js';
import { FINDING_TYPES, findingTypeOf } from './finding-type.js';

/**
 * Alert routing (WARDEN_CONFIG `routing.rules`): the first rule whose conditions all hold
 * chooses a channel or drops the alert; with no match, ALERTS_CHANNEL. Pure.
 */

export const SEVERITY_RANK: Record<string, number> = {
  FINDING_SEVERITY_UNSPECIFIED: 0,
  FINDING_SEVERITY_INFO: 1,
  FINDING_SEVERITY_LOW: 2,
  FINDING_SEVERITY_MEDIUM: 3,
  FINDING_SEVERITY_HIGH: 4,
  FINDING_SEVERITY_CRITICAL: 5,
};

/** `high` or `FINDING_SEVERITY_HIGH` -> `FINDING_SEVERITY_HIGH`. */
export function normaliseSeverity(value: string): string {
  const upper = value.trim().toUpperCase();
  return upper.startsWith('FINDING_SEVERITY_') ? upper : `FINDING_SEVERITY_${upper}`;
}

/** `decoyCredentialUsed` or `FINDING_TYPE_DECOY_CREDENTIAL_USED` -> the search value; undefined if unknown. */
export function normaliseFindingType(value: string): string | undefined {
  const byMember = FINDING_TYPES.find((t) => t.member === value);
  if (byMember) return byMember.searchValue;
  const upper = value.trim().toUpperCase();
  return upper.startsWith('FINDING_TYPE_') ? upper : undefined;
}

/**
 * Severity rank for thresholds. A severity this code does not know ranks above all: an alert is
 * never hidden because its severity is newer than Warden.
 */
export function severityRank(severity: string | null | undefined): number {
  if (!severity) return 0;
  return SEVERITY_RANK[severity] ?? Number.POSITIVE_INFINITY;
}

export interface RouteConditions {
  severities?: string[] | undefined;
  minSeverity?: string | undefined;
  findingTypes?: string[] | undefined;
  appIds?: string[] | undefined;
  annotations?: Record<string, string> | undefined;
}

export type RoutingRule = {
  name?: string | undefined;
  when: RouteConditions;
  /** Also send the card to the finding's owner in a direct message (usecases/owners/owner-dm.ts). */
  notifyOwner?: boolean | undefined;
} & ({ channel: string; locale?: Locale | undefined } | { drop: true });

/**
 * The outbox channel of an alert for the finding's owner: the delivery worker resolves it to the
 * owner's direct message when it delivers (the mapping takes I/O the intake must not wait for).
 */
export const OWNER_ROUTE = '@owner';

export interface RoutableFinding {
  severity?: string | null | undefined;
  appId?: string | null | undefined;
  annotations?: Record<string, unknown> | null | undefined;
  [member: string]: unknown;
}

export function matches(f: RoutableFinding, when: RouteConditions): boolean {
  const severity = f.severity ?? 'FINDING_SEVERITY_UNSPECIFIED';
  if (when.severities && !when.severities.includes(severity)) return false;
  if (when.minSeverity && severityRank(severity) < severityRank(when.minSeverity)) return false;
  if (when.findingTypes) {
    const type = findingTypeOf(f)?.searchValue ?? 'FINDING_TYPE_UNSPECIFIED';
    if (!when.findingTypes.includes(type)) return false;
  }
  if (when.appIds && !when.appIds.includes(f.appId ?? '')) return false;
  for (const [key, value] of Object.entries(when.annotations ?? {})) {
    const actual = f.annotations?.[key];
    if (actual === undefined || actual === null || String(actual) !== value) return false;
  }
  return true;
}

export type Route = ({ channel: string; rule: string } | { drop: true; rule: string } | { none: true }) & {
  notifyOwner?: boolean;
};

export function routeAlert(
  f: RoutableFinding,
  rules: readonly RoutingRule[],
  defaultChannel: string | undefined,
): Route {
  for (const [i, rule] of rules.entries()) {
    if (!matches(f, rule.when)) continue;
    const name = rule.name ?? `rule ${i + 1}`;
    const owner = rule.notifyOwner ? { notifyOwner: true } : {};
    return 'drop' in rule
      ? { drop: true, rule: name, ...owner }
      : { channel: rule.channel, rule: name, ...owner };
  }
  return defaultChannel ? { channel: defaultChannel, rule: 'ALERTS_CHANNEL' } : { none: true };
}

/** Each channel's language where a rule names one; the first rule naming the channel decides. */
export function channelLocalesOf(rules: readonly RoutingRule[]): ReadonlyMap<string, Locale> {
  const out = new Map<string, Locale>();
  for (const r of rules) if ('channel' in r && r.locale && !out.has(r.channel)) out.set(r.channel, r.locale);
  return out;
}

/** `--check-config`: each channel's language, as people will read it. */
export function describeLanguages(rules: readonly RoutingRule[]): string {
  const named = [...channelLocalesOf(rules)].map(
    ([channel, locale]) => `${channel}: ${LANGUAGE_NAMES[locale]}`,
  );
  return named.length === 0
    ? 'Languages: every channel in English; each person reads their own messages in their Slack language (English, German or Japanese).'
    : `Languages: ${named.join(', ')}; other channels in English; each person reads their own messages in their Slack language (English, German or Japanese).`;
}

const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'German',
  ja: 'Japanese',
  'en-XA': 'pseudo-English',
};
