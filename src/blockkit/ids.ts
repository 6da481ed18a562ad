/**
 * The routing contract between what Warden renders and what its listeners match: every
 * action_id, block_id and callback_id lives here (the finding actions' own ids are derived from
 * the action table, blockkit/action-table.ts). Change one here and both sides follow.
 */

/** A finding action's button: `finding.<kind>`; its form submits with the same callback id. */
export const FINDING_PREFIX = 'finding.';
export const findingActionId = (kind: string): string => `${FINDING_PREFIX}${kind}`;

/** `^prefix(a|b|c)$` for a set of names: how a listener matches a family of ids. */
export function idPattern(prefix: string, names: readonly string[]): RegExp {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal(prefix)}(${names.map(literal).join('|')})$`);
}

/** Block ids of the finding card and of the action forms' inputs. */
export const BlockId = {
  findingActions: 'finding.actions',
  preset: 'preset',
  date: 'date',
  time: 'time',
  reason: 'reason',
  justification: 'justification',
  expires: 'expires',
} as const;

/** Every input element uses this action_id; the block_id tells the fields apart. */
export const INPUT_ACTION = 'value';

/** The Loading… and error modals: nothing to submit. */
export const INFO_CALLBACK_ID = 'finding.loading';

/** Four-eyes: Approve… / Deny… buttons on a request, and their forms' callback ids. */
export const ApprovalId = {
  approve: 'approval.approve',
  deny: 'approval.deny',
} as const;
export const APPROVAL_ID = idPattern('approval.', ['approve', 'deny']);
export const ApprovalBlockId = {
  actions: 'approval.actions',
  expires: 'expires',
  time: 'time',
  confirm: 'confirm',
  reason: 'reason',
} as const;

/** A campaign view's buttons: paging, CSV, share. */
export const CampaignActionId = {
  prev: 'campaign.page.prev',
  next: 'campaign.page.next',
  csv: 'campaign.csv',
  share: 'campaign.share',
} as const;
export const CAMPAIGN_ACTION_ID = idPattern('campaign.', ['page.prev', 'page.next', 'csv', 'share']);
export const CampaignBlockId = { actions: 'campaign.actions' } as const;
