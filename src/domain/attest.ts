import { type FindingTypeMember, findingTypeOf } from './finding-type.js';
import { type OwnedFinding, personalOwnerOf } from './owner.js';

/**
 * Attestation ("Was this you?", WARDEN_CONFIG `attest`): per finding type, whom Warden asks,
 * which answers it offers and when silence is reminded, then escalated. Pure.
 */

/** Whom to ask: the finding's owner, the identity its app account looks like, its proposed owner. */
export const ASK_WHO = ['owner', 'matchedIdentity', 'proposedOwner'] as const;
export type AskWho = (typeof ASK_WHO)[number];

export const ANSWERS = ['yes', 'no', 'notOwner', 'stillNeeded', 'notNeeded'] as const;
export type Answer = (typeof ANSWERS)[number];

export interface AttestRule {
  ask: AskWho;
  remindAfterMs: number;
  escalateAfterMs: number;
  /** The answers offered, in this order (defaults by finding type: answersFor). */
  answers?: readonly Answer[] | undefined;
}

/** The configured rules, by finding type member. */
export type AttestRules = Partial<Record<FindingTypeMember, AttestRule>>;

/** Finding types where *No, not me* means someone else holds the credential: raised at once. */
const RAISED_ON_NO: ReadonlySet<string> = new Set([
  'decoyCredentialUsed',
  'decoyPubliclyExposed',
  'credentialPubliclyExposed',
]);

/** Secrets and credentials are asked whether they are still needed; activity whether it was them. */
const NEEDED_TYPES: ReadonlySet<string> = new Set([
  'unusedSecret',
  'credentialExpiring',
  'serviceAccountUnowned',
  'nhiUnowned',
]);

/** The answers offered when the rule names none. */
export function answersFor(type: string, rule?: Pick<AttestRule, 'answers'>): readonly Answer[] {
  if (rule?.answers?.length) return rule.answers;
  return NEEDED_TYPES.has(type) ? ['stillNeeded', 'notNeeded', 'notOwner'] : ['yes', 'no', 'notOwner'];
}

/** A *No, not me* on a decoy or an exposed credential: someone else has it. Escalated at once. */
export const raisesAtOnce = (type: string, answer: Answer): boolean =>
  answer === 'no' && RAISED_ON_NO.has(type);

/** An answer that settles the finding: the channel is offered Resolve with this closure. */
export const settles = (answer: Answer): boolean => answer === 'notNeeded';

export interface AskFinding extends OwnedFinding {
  similarUsernameMatch?: { proposedIdentityUserId?: string | null | undefined } | null | undefined;
  identityUserTarget?: { identityUserId?: string | null | undefined } | null | undefined;
  [member: string]: unknown;
}

/**
 * The tenant identity user to ask, or undefined when the finding names none: the owner (assigned,
 * else computed); the identity an app account resembles (similar-username match); the proposed
 * owner (the tenant's computed owner, else the identity the finding is about).
 */
export function askedIdentityOf(f: AskFinding, who: AskWho): string | undefined {
  if (who === 'owner') return personalOwnerOf(f)?.identityUserId;
  if (who === 'matchedIdentity')
    return (
      f.similarUsernameMatch?.proposedIdentityUserId || f.identityUserTarget?.identityUserId || undefined
    );
  return f.computedOwner?.identityUserId || f.identityUserTarget?.identityUserId || undefined;
}

/** The configured rule for a finding, with its type member; undefined when its type is not asked. */
export function attestRuleOf(
  rules: AttestRules,
  f: Readonly<Record<string, unknown>>,
): { type: FindingTypeMember; rule: AttestRule } | undefined {
  const type = findingTypeOf(f)?.member;
  const rule = type ? rules[type] : undefined;
  return type && rule ? { type, rule } : undefined;
}
