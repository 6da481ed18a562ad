import { seedFindings } from '@warden/simulators';
import { type Finding, FindingSchema } from '../../src/model/finding.js';

/** The simulated tenant's seed findings, read as Warden reads a finding. */
const seeds = new Map(seedFindings().map((s) => [s.id, FindingSchema.parse(s)]));

/** One seed finding by id (a test naming one that is not there fails at once). */
export function seedFinding(id: string): Finding {
  const f = seeds.get(id);
  if (!f) throw new Error(`no seed ${id}`);
  return f;
}

/** Every seed finding, read as Warden reads a finding. */
export const allSeedFindings = (): Finding[] => [...seeds.values()];
