import { type FindingTypeMember, findingTypeOf } from './finding-type.js';
import { type OwnedFinding, personalOwnerOf } from './owner.js';

/**
 * Containment (WARDEN_CONFIG `contain`): taking access away through the tenant's own tasks — a
 * revoke of a grant the finding's account holds, or the offboarding of the person it names. Per
 * finding type, which of the two is offered and whether a fresh sign-in (step-up) and a second
 * person's approval (four-eyes) are needed: both are on unless the configuration turns them off.
 * What is taken away, and from whom, comes from the finding's target only: never guessed. Pure.
 */

export const CONTAIN_ACTIONS = ['revoke', 'offboard'] as const;
export type ContainAction = (typeof CONTAIN_ACTIONS)[number];

export interface ContainRule {
  actions: readonly ContainAction[];
  stepUp: boolean;
  fourEyes: boolean;
}

/** The configured rules, by finding type member. */
export type ContainRules = Partial<Record<FindingTypeMember, ContainRule>>;

/** The step-up gate's key of a containment (usecases/shared/step-up.ts). */
export const containStepUpKey = (action: ContainAction): string => `contain.${action}`;

/** The configured rule for a finding, with its type member; undefined when its type is not configured. */
export function containRuleOf(
  rules: ContainRules,
  f: Readonly<Record<string, unknown>>,
): { type: FindingTypeMember; rule: ContainRule } | undefined {
  const type = findingTypeOf(f)?.member;
  const rule = type ? rules[type] : undefined;
  return type && rule ? { type, rule } : undefined;
}

export interface TargetFinding extends OwnedFinding {
  appUserTarget?:
    | { appId?: string | null | undefined; appUserId?: string | null | undefined }
    | null
    | undefined;
  identityUserTarget?: { identityUserId?: string | null | undefined } | null | undefined;
  decoyTarget?: { decoyId?: string | null | undefined } | null | undefined;
}

/**
 * What a finding names to take access from:
 * - an account in an app (`appUserTarget`): its grants may be revoked (the person picks which,
 *   from what the tenant says it holds), and the identity the tenant matched it to offboarded;
 * - a person (`identityUserTarget`): offboarded;
 * - a decoy (`decoyTarget`): the person whose credential store held it, as the tenant names the
 *   finding's owner, offboarded (whoever used the decoy took it from them).
 * Any other target (a resource, a connector, the tenant) names no one: nothing is offered.
 */
export type ContainTarget =
  | { kind: 'account'; appId: string; appUserId: string }
  | { kind: 'identity'; identityUserId: string }
  | { kind: 'decoy'; decoyId: string; ownerIdentityUserId: string | undefined };

export function containTargetOf(f: TargetFinding): ContainTarget | undefined {
  const account = f.appUserTarget;
  if (account?.appId && account.appUserId)
    return { kind: 'account', appId: account.appId, appUserId: account.appUserId };
  const person = f.identityUserTarget?.identityUserId;
  if (person) return { kind: 'identity', identityUserId: person };
  const decoy = f.decoyTarget?.decoyId;
  if (decoy)
    return { kind: 'decoy', decoyId: decoy, ownerIdentityUserId: personalOwnerOf(f)?.identityUserId };
  return undefined;
}

/** Whether a target can offer this action at all (the tenant then says what it holds, who it is). */
export function targetAllows(target: ContainTarget, action: ContainAction): boolean {
  if (action === 'revoke') return target.kind === 'account';
  return target.kind !== 'decoy' || target.ownerIdentityUserId !== undefined;
}

/**
 * The target as a key: equal while the finding names the same account, person or decoy owner.
 * A form or a request made for one key is refused once the finding names another.
 */
export function targetKeyOf(f: TargetFinding): string {
  const t = containTargetOf(f);
  if (!t) return 'none';
  if (t.kind === 'account') return `account:${t.appId}/${t.appUserId}`;
  if (t.kind === 'identity') return `identity:${t.identityUserId}`;
  return `decoy:${t.decoyId}/${t.ownerIdentityUserId ?? ''}`;
}

const OPEN_STATES: ReadonlySet<string> = new Set(['FINDING_STATE_OPEN', 'FINDING_STATE_IN_PROGRESS']);

/**
 * Whether a card offers Contain…: its type is configured, it is open or in progress, and its
 * target can offer one of the configured actions. (The form asks the tenant for the rest.)
 */
export function offersContain(
  rules: ContainRules | undefined,
  f: TargetFinding & { state?: string | null | undefined } & Readonly<Record<string, unknown>>,
): boolean {
  if (!rules || !OPEN_STATES.has(String(f.state ?? ''))) return false;
  const rule = containRuleOf(rules, f)?.rule;
  const target = containTargetOf(f);
  return rule !== undefined && target !== undefined && rule.actions.some((a) => targetAllows(target, a));
}

/** A containment's reference, in the task's description: unique, and how the task is found again. */
export const containReference = (id: string): string => `warden-contain:${id}`;
