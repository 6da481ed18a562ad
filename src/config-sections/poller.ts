import { z } from 'zod';
import { normaliseFindingType } from '../domain/routing.js';
import { FINDING_STATES, FINDING_TYPE_SEARCH_VALUES } from '../model/finding.js';
import { severity } from './values.js';

/**
 * WARDEN_CONFIG `poller`: what the poller asks the tenant's finding search for. A state or type
 * the tenant does not know would widen the search or break it without a word, so every value is
 * checked at start against the values the vendor publishes. One newer than Warden may still be
 * sent: written in full (FINDING_STATE_…, FINDING_TYPE_…) and with `allowUnknown: true`.
 */

const KNOWN_STATES = new Set<string>(FINDING_STATES);
const KNOWN_TYPES = new Set<string>(FINDING_TYPE_SEARCH_VALUES);
const short = (values: Iterable<string>, prefix: string) =>
  [...values]
    .filter((v) => !v.endsWith('_UNSPECIFIED'))
    .map((v) => v.slice(prefix.length).toLowerCase())
    .join(', ');

const stateOf = (value: string) => {
  const upper = value.trim().toUpperCase();
  return upper.startsWith('FINDING_STATE_') ? upper : `FINDING_STATE_${upper}`;
};

interface Checked {
  value: string;
  problem?: string;
}

function checkState(raw: string, allowUnknown: boolean): Checked {
  const value = stateOf(raw);
  if (KNOWN_STATES.has(value)) return { value };
  if (allowUnknown && raw.trim().toUpperCase().startsWith('FINDING_STATE_')) return { value };
  return {
    value,
    problem: `"${raw.slice(0, 60)}" is not a finding state the tenant publishes (${short(KNOWN_STATES, 'FINDING_STATE_')}); a newer one must be written in full (FINDING_STATE_…) with allowUnknown: true`,
  };
}

function checkType(raw: string, allowUnknown: boolean): Checked {
  const value = normaliseFindingType(raw);
  if (value && KNOWN_TYPES.has(value)) return { value };
  if (value && allowUnknown) return { value };
  return {
    value: value ?? raw,
    problem: `"${raw.slice(0, 60)}" is not a finding type the tenant's search publishes (e.g. serviceAccountUnowned or FINDING_TYPE_SERVICE_ACCOUNT_UNOWNED); a newer one must be written in full (FINDING_TYPE_…) with allowUnknown: true`,
  };
}

export const PollerSchema = z
  .object({
    states: z.array(z.string()).optional(),
    minSeverity: severity.optional(),
    findingTypes: z.array(z.string()).optional(),
    appIds: z.array(z.string().min(1)).optional(),
    /** Send states and types Warden does not know, written in full (for tenants newer than Warden). */
    allowUnknown: z.boolean().default(false),
    /** Stop a run after this many findings (a safety valve for a huge first poll). */
    maxPerRun: z.number().int().min(1).max(100_000).default(1_000),
  })
  .strict()
  .transform((poller, ctx) => {
    const checked = (key: 'states' | 'findingTypes', check: (raw: string, allow: boolean) => Checked) =>
      poller[key]?.map((raw, i) => {
        const result = check(raw, poller.allowUnknown);
        if (result.problem) ctx.addIssue({ code: 'custom', path: [key, i], message: result.problem });
        return result.value;
      });
    const states = checked('states', checkState);
    const findingTypes = checked('findingTypes', checkType);
    return { ...poller, ...(states ? { states } : {}), ...(findingTypes ? { findingTypes } : {}) };
  });
