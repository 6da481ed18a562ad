import { z } from 'zod';
import { CONTAIN_ACTIONS, type ContainRules } from '../domain/contain.js';
import { FINDING_TYPES, type FindingTypeMember } from '../domain/finding-type.js';

/**
 * WARDEN_CONFIG `contain`: per finding type (its member name, e.g. `decoyCredentialUsed`), which
 * containments Contain… offers — `revoke` (a grant of the finding's account) and `offboard` (the
 * person it names) — and whether they need a fresh sign-in (`stepUp`) and a second person's
 * approval (`fourEyes`). Both are on unless turned off here; `--check-config` warns when they are.
 *
 *   contain:
 *     decoyCredentialUsed:       { actions: [offboard] }
 *     credentialPubliclyExposed: { actions: [revoke, offboard] }
 */
const RuleSchema = z
  .object({
    actions: z
      .array(z.enum(CONTAIN_ACTIONS, { message: `must be one of ${CONTAIN_ACTIONS.join(', ')}` }))
      .min(1)
      .max(2),
    stepUp: z.boolean().default(true),
    fourEyes: z.boolean().default(true),
  })
  .strict()
  .transform((r) => ({ ...r, actions: [...new Set(r.actions)] }));

const MEMBERS = new Set<string>(FINDING_TYPES.map((t) => t.member));

export const ContainSchema = z
  .record(z.string(), RuleSchema)
  .default({})
  .superRefine((all, ctx) => {
    for (const key of Object.keys(all))
      if (!MEMBERS.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `"${key.slice(0, 60)}" is not a finding type (e.g. decoyCredentialUsed)`,
        });
  })
  .transform((all): ContainRules => {
    const rules: ContainRules = {};
    for (const [key, rule] of Object.entries(all)) rules[key as FindingTypeMember] = rule;
    return rules;
  });

/** What the rest of the file must give containment: an approvers' group, a step-up provider. */
export interface ContainNeeds {
  contain: ContainRules;
  /** Whether `stepUp` (with its provider) is configured. */
  stepUp: boolean;
  /** Every set of permissions in force (the top level, or each workspace's own): its approvers. */
  approverGroups: readonly (string | undefined)[];
}

interface PermissionsView {
  contain?: { approvers?: string | undefined } | undefined;
  acceptRisk?: { approvers?: string | undefined } | undefined;
}

/** What containment needs of the rest of the file, read from it. */
export function containNeedsOf(file: {
  contain: ContainRules;
  stepUp?: unknown;
  permissions: PermissionsView;
  workspaces: readonly { permissions?: PermissionsView | undefined }[];
}): ContainNeeds {
  // Each workspace with permissions of its own has its own approvers; the others use the top level's.
  const sets = file.workspaces.length
    ? file.workspaces.map((w) => w.permissions ?? file.permissions)
    : [file.permissions];
  return {
    contain: file.contain,
    stepUp: file.stepUp !== undefined,
    approverGroups: sets.map((p) => p.contain?.approvers ?? p.acceptRisk?.approvers),
  };
}

/** Where the file turns on what it cannot do: the issues, by path under `contain`. */
export function containIssues(n: ContainNeeds): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  for (const [type, rule] of Object.entries(n.contain)) {
    if (!rule) continue;
    if (rule.stepUp && !n.stepUp)
      issues.push({
        path: [type, 'stepUp'],
        message:
          'needs `stepUp` (its `oidc` provider) in WARDEN_CONFIG: containment asks for a fresh sign-in by default. Configure it, or set `stepUp: false` here',
      });
    if (rule.fourEyes && n.approverGroups.some((g) => g === undefined))
      issues.push({
        path: [type, 'fourEyes'],
        message:
          'needs an approvers group (`permissions.contain.approvers`, or `permissions.acceptRisk.approvers`) in every set of permissions: containment asks for a second person by default. Name one, or set `fourEyes: false` here',
      });
  }
  return issues;
}

/** What `--check-config` says about it: what is offered, and a warning for each safety turned off. */
export function describeContain(rules: ContainRules): string {
  const entries = Object.entries(rules).flatMap(([type, r]) => (r ? [[type, r] as const] : []));
  if (entries.length === 0) return 'Containment: off (no contain in WARDEN_CONFIG).';
  const lines = [
    `Containment: ${entries.map(([type, r]) => `${type} (${r.actions.join(', ')})`).join('; ')}.`,
  ];
  for (const [type, r] of entries) {
    if (!r.stepUp)
      lines.push(
        `Warning: contain.${type}.stepUp is false: its containments are sent without a fresh sign-in.`,
      );
    if (!r.fourEyes)
      lines.push(
        `Warning: contain.${type}.fourEyes is false: its containments are sent without a second person's approval.`,
      );
  }
  return lines.join('\n');
}
