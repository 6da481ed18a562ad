import { isObject, nonEmpty } from './answer.js';
import { findingTypeValue } from './finding-types.js';
import type { JsonFinding } from './seed-findings.js';

/** The filters of FindingSearchRequest (api-facts.md "More finding operations"), as the tenant applies them. */

export interface SearchFilters {
  query?: unknown;
  states?: unknown;
  severities?: unknown;
  findingTypes?: unknown;
  sourceKinds?: unknown;
  appIds?: unknown;
  refs?: unknown;
  ownerIdentityUserIds?: unknown;
  includeUnassigned?: unknown;
}

const list = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.length > 0 ? v.filter((x): x is string => typeof x === 'string') : undefined;

/**
 * `refs` is a list of FindingRef messages, `[{"id": …}]` (the vendor's FindingSearchRequest). A
 * bare string where a message belongs is a JSON parse error on the server: not ok here.
 */
function refIds(v: unknown): { ok: true; ids: string[] | undefined } | { ok: false } {
  if (v === undefined || v === null || (Array.isArray(v) && v.length === 0))
    return { ok: true, ids: undefined };
  if (!Array.isArray(v)) return { ok: false };
  const ids: string[] = [];
  for (const ref of v) {
    if (!isObject(ref) || (ref.id !== undefined && typeof ref.id !== 'string')) return { ok: false };
    ids.push(typeof ref.id === 'string' ? ref.id : '');
  }
  return { ok: true, ids };
}

/** A predicate for the findings a search matches, or undefined when a filter is malformed. */
export function findingMatcher(filters: SearchFilters): ((f: JsonFinding) => boolean) | undefined {
  const refs = refIds(filters.refs);
  if (!refs.ok) return undefined;
  const states = list(filters.states);
  const severities = list(filters.severities);
  const types = list(filters.findingTypes);
  const sources = list(filters.sourceKinds);
  const apps = list(filters.appIds);
  const owners = list(filters.ownerIdentityUserIds);
  const query = typeof filters.query === 'string' ? filters.query.toLowerCase() : '';
  return (f) => {
    if (states && !states.includes(f.state)) return false;
    if (severities && !severities.includes(String(f.severity))) return false;
    if (sources && !sources.includes(String(f.sourceKind))) return false;
    if (apps && !apps.includes(String(f.appId))) return false;
    if (refs.ids && !refs.ids.includes(f.id)) return false;
    if (types && !types.includes(findingTypeValue(f))) return false;
    if (owners) {
      const owner = isObject(f.assignedOwner) ? f.assignedOwner.identityUserId : undefined;
      const unassigned = !nonEmpty(owner);
      if (
        !(typeof owner === 'string' && owners.includes(owner)) &&
        !(unassigned && filters.includeUnassigned === true)
      )
        return false;
    }
    if (
      query &&
      !String(f.description ?? '')
        .toLowerCase()
        .includes(query)
    )
      return false;
    return true;
  };
}
