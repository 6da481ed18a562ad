import { Refusal } from '../../blockkit/interaction-words.js';
import { decide, type PolicyAction } from '../../domain/policy.js';
import type { Ports } from '../../ports/index.js';
import type { Audience } from '../../ports/slack.js';
import type { Approval } from '../../ports/store.js';
import { recordAudit } from './record-audit.js';

/**
 * Who may do what, asked the same way from every surface (button, form, slash command, approval):
 * the resource check (a button must be on the card Warden posted for that finding), the
 * permissions policy (WARDEN_CONFIG `permissions`) and the four-eyes rule for deciding on a risk
 * acceptance. A refusal is logged, counted and written to the audit log; the caller shows it.
 */

export type AuthorizePorts = Pick<
  Ports,
  'people' | 'groups' | 'cards' | 'audit' | 'settings' | 'clock' | 'logger' | 'metrics'
>;

export type AccessRequest = (
  | {
      kind: 'act';
      userId: string;
      action: PolicyAction;
      channel: string | undefined;
      findingId?: string | undefined;
      /** The card the button or form came from: it must be Warden's card for this finding. */
      cardTs?: string | undefined;
    }
  | { kind: 'decide'; userId: string; approval: Approval | undefined }
) & {
  /**
   * Ask Slack who the person is now, not the hour-long cache: a decision taken after a wait (a
   * held action resuming once its step-up verification passed) must see a person made a guest
   * or deactivated meanwhile.
   */
  fresh?: boolean;
};

async function isTrackedCard(p: AuthorizePorts, findingId: string, channel: string, ts: string) {
  try {
    return (await p.cards.messagesFor(findingId)).some((m) => m.channel === channel && m.ts === ts);
  } catch (error) {
    p.logger.error({ err: error }, 'card index unavailable; refusing the button');
    return false;
  }
}

/** Why `req` is refused, with the detail for the log (the reason shown may say less). */
async function check(
  p: AuthorizePorts,
  req: AccessRequest,
): Promise<{ shown: string; logged?: string } | undefined> {
  if (req.kind === 'act' && req.cardTs !== undefined) {
    const { findingId = '', channel = '', cardTs } = req;
    if (!findingId || !channel || !(await isTrackedCard(p, findingId, channel, cardTs))) {
      return {
        shown: Refusal.unknownCard(p.settings.slashCommand),
        logged: `resource check failed: ${findingId || '?'} is not the alert in ${channel || '?'} at ${cardTs}`,
      };
    }
  }
  if (req.kind === 'decide') {
    const why = decisionRefusal(p, req.approval, req.userId);
    if (why) return { shown: why };
  }
  let person: { id: string; teamId: string | undefined; isGuest: boolean; isBot: boolean; deleted: boolean };
  try {
    person = req.fresh ? await p.people.fresh(req.userId) : await p.people.get(req.userId);
  } catch (error) {
    // Who the person is cannot be told: refuse rather than guess.
    p.logger.warn({ err: error, user: req.userId }, 'users.info failed; refusing');
    return {
      shown: Refusal.cannotCheck,
    };
  }
  // Slack Connect: the person's own workspace decides, not the channel's (users.info says which).
  const ownTeam =
    person.teamId === undefined ||
    person.teamId === p.settings.teamId ||
    p.settings.servedTeams?.includes(person.teamId) === true;
  if (!ownTeam)
    return {
      shown: Refusal.otherWorkspace,
      logged: `person of another workspace (${person.teamId})`,
    };
  if (person.deleted) return { shown: Refusal.deactivated, logged: 'deactivated in Slack' };
  if (req.kind === 'decide') {
    const approvers = p.settings.approvers;
    if (!approvers) return { shown: Refusal.noFourEyes };
    if (person.isGuest || person.isBot) return { shown: Refusal.guestApprover };
    if (!(await p.groups.isMember(req.userId, [approvers]))) return { shown: Refusal.notApprover(approvers) };
    return undefined;
  }
  // Group membership is looked up only when the rule turns on it.
  const rule = p.settings.policy.actions[req.action];
  const needsGroups = rule?.usergroups?.length && !rule.everyone && !rule.users?.includes(req.userId);
  const member = needsGroups ? await p.groups.isMember(req.userId, rule.usergroups ?? []) : false;
  const decision = decide(p.settings.policy, req.action, person, req.channel, () => member);
  return decision.allowed ? undefined : { shown: decision.reason };
}

/** The four-eyes rules that need no lookup: the request exists, is open, and is not one's own. */
function decisionRefusal(p: AuthorizePorts, approval: Approval | undefined, userId: string) {
  if (!approval) return Refusal.noRequest;
  if (approval.status !== 'pending') return Refusal.decided(approval.status);
  if (approval.expireAt <= p.clock()) return Refusal.expired;
  if (approval.requesterId === userId) return Refusal.ownRequest;
  return undefined;
}

/**
 * Whether the person may do it, asked quietly (nothing logged or audited): what Warden offers
 * someone who has not clicked yet, e.g. an Extend… button on a reminder.
 */
export async function mayAct(p: AuthorizePorts, req: AccessRequest): Promise<boolean> {
  return (await check(p, req)) === undefined;
}

/** Undefined when allowed; otherwise why not (logged, counted and in the audit log). */
export async function refusal(
  p: AuthorizePorts,
  req: AccessRequest,
  ref: string,
): Promise<string | undefined> {
  const refused = await check(p, req);
  if (!refused) return undefined;
  const action = req.kind === 'act' ? req.action : 'acceptRisk.decide';
  const findingId = req.kind === 'act' ? req.findingId : req.approval?.findingId;
  const channel = req.kind === 'act' ? req.channel : req.approval?.channel;
  p.metrics.stateChanges.inc({ action, outcome: 'denied' });
  p.logger.warn(
    { user: req.userId, action, channel, findingId, ref, reason: refused.logged ?? refused.shown },
    'action refused',
  );
  await recordAudit(p, {
    userId: req.userId,
    action,
    channel,
    findingId,
    params: { ref, ...(req.kind === 'decide' ? { approval: req.approval?.id ?? null } : {}) },
    outcome: 'denied',
    error: refused.logged ?? refused.shown,
  });
  return refused.shown;
}

/** The check, telling the person when they are refused. */
export async function authorize(
  p: AuthorizePorts & Pick<Ports, 'privately'>,
  req: AccessRequest,
  ref: string,
  audience: Audience,
): Promise<boolean> {
  const why = await refusal(p, req, ref);
  if (why) await p.privately.tell(audience, `:no_entry_sign: ${why}`);
  return why === undefined;
}
