import { z } from 'zod';
import { POLICY_ACTIONS } from '../domain/policy.js';

/** WARDEN_CONFIG `permissions`: who may do what, where; the four-eyes approvers. */

const slackUserId = z.string().regex(/^[UW][A-Z0-9]{2,}$/, { message: 'must be a Slack user id (U…)' });
const usergroupId = z.string().regex(/^S[A-Z0-9]{2,}$/, { message: 'must be a user group id (S…)' });
const policyAction = z.enum(POLICY_ACTIONS, { message: `must be one of ${POLICY_ACTIONS.join(', ')}` });

const ActionRuleSchema = z
  .object({
    everyone: z.boolean().optional(),
    users: z.array(slackUserId).optional(),
    usergroups: z.array(usergroupId).optional(),
  })
  .strict();

export const PermissionsSchema = z
  .object({
    snooze: ActionRuleSchema.optional(),
    suppress: ActionRuleSchema.optional(),
    acceptRisk: ActionRuleSchema.extend({
      /** Four-eyes: a member of this group, not the requester, must approve. */
      approvers: usergroupId.optional(),
    })
      .strict()
      .optional(),
    resolve: ActionRuleSchema.optional(),
    reopen: ActionRuleSchema.optional(),
    unsuppress: ActionRuleSchema.optional(),
    campaign: ActionRuleSchema.optional(),
    /** `/warden show`: posting a finding's card in a channel. */
    show: ActionRuleSchema.optional(),
    /** Create task / `/warden task`: a remediation task in the tenant. */
    createTask: ActionRuleSchema.optional(),
    /** Notify owner: the card sent to the finding's owner in a direct message. */
    notifyOwner: ActionRuleSchema.optional(),
    /** Assign owner…: a new assigned owner in the tenant. */
    assignOwner: ActionRuleSchema.optional(),
    /** History / `/warden history`: the finding's audit events. */
    history: ActionRuleSchema.optional(),
    /** Access reviews in Slack: link a personal credential, decide one's own review tasks. */
    review: ActionRuleSchema.optional(),
    /** Contain…: revoke access or start offboarding through the tenant's tasks (four-eyes by `approvers`). */
    contain: ActionRuleSchema.extend({ approvers: usergroupId.optional() }).strict().optional(),
    channels: z
      .record(
        z.string().regex(/^[CG][A-Z0-9]{2,}$/, { message: 'must be a channel id' }),
        z.array(policyAction),
      )
      .default({}),
  })
  .strict();
