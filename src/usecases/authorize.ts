import { decide, type PolicyAction } from '../domain/policy.js';
import type { WardenDeps } from './deps.js';
import { type Audience, tellUser } from './tell-user.js';

export interface AuthorizeInput {
  userId: string;
  action: PolicyAction;
  channel: string | undefined;
  findingId?: string | undefined;
  ref: string;
}

async function recordRefusal(deps: WardenDeps, input: AuthorizeInput, reason: string): Promise<void> {
  deps.metrics.stateChanges.inc({ action: input.action, outcome: 'denied' });
  deps.logger.warn(
    {
      user: input.userId,
      action: input.action,
      channel: input.channel,
      findingId: input.findingId,
      ref: input.ref,
      reason,
    },
    'action refused',
  );
  try {
    await deps.store.appendAudit({
      at: deps.now().getTime(),
      team_id: deps.teamId,
      user_id: input.userId,
      channel: input.channel ?? null,
      finding_id: input.findingId ?? '',
      action: input.action,
      params: { ref: input.ref },
      outcome: 'denied',
      error: reason,
    });
  } catch (error) {
    deps.logger.error({ err: error }, 'audit entry could not be written');
  }
}

/**
 * Why this person may not take this action here, or undefined if they may (the permissions
 * policy). A refusal is logged and goes to the audit log; the caller shows it to the person.
 */
export async function permissionRefusal(
  deps: WardenDeps,
  input: AuthorizeInput,
): Promise<string | undefined> {
  let person: { id: string; isGuest: boolean; isBot: boolean };
  try {
    person = await deps.users.get(input.userId);
  } catch (error) {
    // Who the person is cannot be told: refuse rather than guess.
    deps.logger.warn({ err: error, user: input.userId, ref: input.ref }, 'users.info failed; refusing');
    const reason =
      'Warden could not check your permissions just now (Slack did not answer). Try again in a moment.';
    await recordRefusal(deps, input, reason);
    return reason;
  }
  // Group membership is looked up only when the rule turns on it.
  const rule = deps.policy.actions[input.action];
  const needsGroups = rule?.usergroups?.length && !rule.everyone && !rule.users?.includes(input.userId);
  const member = needsGroups ? await deps.usergroups.isMember(input.userId, rule.usergroups ?? []) : false;
  const decision = decide(deps.policy, input.action, person, input.channel, () => member);
  if (decision.allowed) return undefined;
  await recordRefusal(deps, input, decision.reason);
  return decision.reason;
}

/**
 * The resource check: a button's finding must be the one Warden posted in that message (the
 * message index). A forged value naming another finding, or a copy Warden no longer tracks, is
 * refused.
 */
export async function alertRefusal(
  deps: WardenDeps,
  input: AuthorizeInput & { messageTs: string | undefined },
): Promise<string | undefined> {
  const { findingId, channel, messageTs } = input;
  let known = false;
  try {
    known =
      !!findingId &&
      !!messageTs &&
      (await deps.store.messagesFor(findingId)).some((m) => m.channel === channel && m.ts === messageTs);
  } catch (error) {
    deps.logger.error({ err: error, ref: input.ref }, 'message index unavailable; refusing the button');
  }
  if (known) return undefined;
  const reason =
    'This button does not belong to a current Warden alert for that finding, so nothing was done. Use the latest alert, or `/warden show <finding-id>`.';
  await recordRefusal(
    deps,
    input,
    `resource check failed: ${findingId ?? '?'} is not the alert in ${channel ?? '?'} at ${messageTs ?? '?'}`,
  );
  return reason;
}

/** The permission check, telling the person when they are refused. */
export async function authorize(
  deps: WardenDeps,
  input: AuthorizeInput,
  audience: Audience,
): Promise<boolean> {
  const reason = await permissionRefusal(deps, input);
  if (reason) await tellUser(deps, audience, `:no_entry_sign: ${reason}`);
  return reason === undefined;
}
