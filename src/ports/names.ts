import type { Finding } from '../model/finding.js';

/**
 * Names of what a finding is about, read from the tenant (its apps, accounts, resources and
 * identity users are opaque ids there): what a card, a Home row or a title shows instead of ids.
 */

/** The names the tenant gives; each undefined when it cannot be read (the id is shown instead). */
export interface TargetNames {
  /** The app the finding is in (domain/target.ts `findingAppId`). */
  app?: string | undefined;
  /** The target itself: an account's, a resource's or an identity's name. */
  target?: string | undefined;
}

export interface NamesPort {
  /** Never throws: a name the tenant does not give, or not now, is left out. */
  targetNames(finding: Finding): Promise<TargetNames>;
}
