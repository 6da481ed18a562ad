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
  closure: 'closure',
  expires: 'expires',
  evidence: 'evidence',
} as const;

/** Create task (a remediation task in the tenant), offered on a finding without one. */
export const TASK_ACTION_ID = 'finding.task';

/** A card's owner and history buttons (value: the finding id). */
export const OwnerActionId = {
  notify: 'finding.notify_owner',
  assign: 'finding.assign_owner',
  history: 'finding.history',
} as const;
/** Assign owner…: its form's callback id, and the block of its user picker. */
export const ASSIGN_CALLBACK_ID = 'owner.assign';
export const AssignBlockId = { user: 'owner' } as const;

/** History: the modal's callback id and its paging buttons (value: `<page> <finding id>`). */
export const HistoryId = {
  callback: 'history',
  prev: 'history.page.prev',
  next: 'history.page.next',
} as const;
export const HISTORY_PAGE_ID = idPattern('history.page.', ['prev', 'next']);

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

/** A roll-up summary's buttons (value: the group id) and the thread listing's "Open card". */
export const RollupId = {
  review: 'rollup_review',
  snoozeAll: 'rollup_snooze_all',
  suppressAll: 'rollup_suppress_all',
  acceptAll: 'rollup_accept_all',
  reopenAll: 'rollup_reopen_all',
  openCard: 'rollup_open_card',
} as const;

/** The bulk forms (Snooze all…, Suppress all…, Accept risk for all…): `bulk.<kind>`. */
export const BULK_PREFIX = 'bulk.';
export const BULK_FORM_KINDS = ['snooze', 'suppress', 'acceptRisk'] as const;
export const bulkCallbackId = (kind: string): string => `${BULK_PREFIX}${kind}`;
export const BULK_CALLBACK_ID = idPattern(BULK_PREFIX, BULK_FORM_KINDS);

/** Review…: a modal paging through a roll-up's findings, each with its actions. */
export const ReviewId = {
  callback: 'review',
  /** The overflow next to each finding: value `<kind> <finding id>`. */
  finding: 'review.finding',
  /** The checkboxes picking findings on the page (acked, read from the view state). */
  pick: 'review.pick',
  prev: 'review.page.prev',
  next: 'review.page.next',
  /** The bulk buttons for the findings picked on the page: `review.picked.<kind>`. */
  pickedPrefix: 'review.picked.',
} as const;
export const REVIEW_PICKED_KINDS = ['snooze', 'suppress', 'acceptRisk', 'reopen'] as const;
export const REVIEW_PICKED_ID = idPattern(ReviewId.pickedPrefix, REVIEW_PICKED_KINDS);
export const REVIEW_PAGE_ID = idPattern('review.page.', ['prev', 'next']);
export const ReviewBlockId = { pick: 'review.pick', picked: 'review.picked', pages: 'review.pages' } as const;

/** A reminder's buttons, also on the Home tab's "Ending soon" (value: the lifecycle job's id). */
/** Attestation ("Was this you?"): `attest.answer.<answer>` (value `ask_… <answer>`), and Resolve offered after *Not needed*. */
export const AttestId = {
  answerPrefix: 'attest.answer.',
  resolve: 'attest.resolve',
  /** Add a note… (value: the ask id); its form submits with the same callback id. */
  note: 'attest.note',
} as const;

export const LifecycleId = {
  extend: 'lifecycle.extend',
  letEnd: 'lifecycle.let_end',
} as const;

/**
 * Shortcuts (manifest `features.shortcuts`): their callback ids, their forms' callback ids (the
 * same), the blocks of their inputs and Find a finding's Open card button (value: the finding id).
 */
export const ShortcutId = {
  attach: 'shortcut.attach_note',
  report: 'shortcut.report_activity',
  find: 'shortcut.find_finding',
  openCard: 'shortcut.find.open_card',
} as const;
export const ShortcutBlockId = {
  finding: 'finding',
  what: 'what',
  who: 'who',
  severity: 'severity',
  query: 'query',
  evidence: 'evidence',
} as const;

/** Access reviews in Slack: their ids live in their own module. */
export { AccessReviewBlock, AccessReviewCallback, AccessReviewId } from './access-review-ids.js';
/**
 * Contain… (issue 39): the card's button and the thread's offer (value: the finding id), its form's
 * callback id and blocks, and Approve / Deny on a containment request (value: the containment id).
 */
export const ContainId = {
  open: 'contain.open',
  /** In a thread (after *No, not me*): not on a card, so checked as the command is, in its channel. */
  offer: 'contain.offer',
  form: 'contain.form',
  approve: 'contain.approve',
  deny: 'contain.deny',
} as const;
export const ContainBlockId = { what: 'contain.what', reason: 'contain.reason' } as const;
