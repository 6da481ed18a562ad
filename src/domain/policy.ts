/**
 * Who may do what (WARDEN_CONFIG `permissions`). Pure: the caller supplies who the person is and
 * which user groups they are in. Guests and bots are refused unless named in `users`; with no
 * rule for an action, every full member of the workspace may take it.
 */

export const POLICY_ACTIONS = [
  'snooze',
  'suppress',
  'acceptRisk',
  'resolve',
  'reopen',
  'unsuppress',
  'campaign',
  'show',
  'createTask',
  'notifyOwner',
  'assignOwner',
  'history',
  'review',
  'contain',
] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

export interface ActionRule {
  /** Every full member; the default when the rule names no users or groups. */
  everyone?: boolean | undefined;
  users?: string[] | undefined;
  usergroups?: string[] | undefined;
}

export interface Policy {
  actions: { [A in PolicyAction]?: ActionRule | undefined };
  /** When set for a channel, only these actions may be taken in it. */
  channels: Record<string, PolicyAction[]>;
}

export interface Person {
  id: string;
  isGuest: boolean;
  isBot: boolean;
}

export type Decision = { allowed: true } | { allowed: false; reason: string };

const ACTION_WORDS: Record<PolicyAction, string> = {
  snooze: 'snooze findings',
  suppress: 'suppress findings',
  acceptRisk: 'accept risks',
  resolve: 'resolve findings',
  reopen: 'reopen findings',
  unsuppress: 'unsuppress findings',
  campaign: 'view access review campaigns',
  show: 'post findings',
  createTask: 'create remediation tasks',
  notifyOwner: 'send findings to their owners',
  assignOwner: 'assign owners to findings',
  history: "see findings' history",
  review: 'decide access reviews in Slack',
  contain: 'contain findings (revoke access, start offboarding)',
};

/**
 * Decides for one person, action and channel. `inGroup` answers membership of the rule's user
 * groups (looked up by the caller, only when needed).
 */
export function decide(
  policy: Policy,
  action: PolicyAction,
  person: Person,
  channel: string | undefined,
  inGroups: (groups: readonly string[]) => boolean,
): Decision {
  const words = ACTION_WORDS[action];
  const limited = channel ? policy.channels[channel] : undefined;
  if (limited && !limited.includes(action)) {
    return { allowed: false, reason: `Warden is set up so that nobody may ${words} in this channel.` };
  }
  const rule: ActionRule = policy.actions[action] ?? { everyone: true };
  const named = rule.users?.includes(person.id) ?? false;
  if (person.isBot && !named)
    return { allowed: false, reason: `Bots may not ${words} unless named in Warden's permissions.` };
  if (person.isGuest && !named) {
    return {
      allowed: false,
      reason: `Guests may not ${words} unless named in Warden's permissions (permission \`${action}\`).`,
    };
  }
  const groups = rule.usergroups ?? [];
  // A rule naming nobody (e.g. only four-eyes approvers) leaves the action open to members.
  const everyone = rule.everyone ?? (groups.length === 0 && (rule.users ?? []).length === 0);
  if (named || everyone) return { allowed: true };
  if (groups.length > 0 && inGroups(groups)) return { allowed: true };
  const who =
    groups.length > 0 ? ` Ask to be added to ${groups.map((g) => `<!subteam^${g}>`).join(' or ')}.` : '';
  return {
    allowed: false,
    reason: `You do not have the \`${action}\` permission, needed to ${words}.${who}`,
  };
}
