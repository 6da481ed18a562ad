import { BULK_FORM_KINDS, bulkCallbackId } from '../../src/blockkit/ids.js';
import { STEP_IDS } from '../../src/domain/workflow-steps.js';
import { ROUTES } from '../../src/listeners/index.js';
import { COMMANDS } from '../../src/listeners/routes/commands.js';

/**
 * What Warden registers, classified for test/e2e/step-up-ways.test.ts: the ways to a change of a
 * finding's state (each taken there, each must be held by the step-up gate), the buttons that
 * only open such a way's form, the ways gated by keys of their own, and what changes nothing.
 */

/** Ways to a change, taken below (actions, form submissions, subcommands, steps). */
export const TAKEN = [
  'finding.reopen',
  'finding.unsuppress',
  'view:finding.snooze',
  'view:finding.suppress',
  'view:finding.acceptRisk',
  'view:finding.resolve',
  'command:snooze',
  'command:suppress',
  'command:acceptRisk',
  'command:resolve',
  'command:reopen',
  'command:unsuppress',
  'review.finding',
  'review.picked.reopen',
  'rollup_reopen_all',
  ...BULK_FORM_KINDS.map((k) => `view:${bulkCallbackId(k)}`),
  'step:snooze_finding',
  'step:resolve_finding',
  'step:request_risk_acceptance',
];

/** Buttons that open a form whose submission is one of the ways above (no change of their own). */
export const OPENS_A_FORM = [
  // Contain…: its form (view:contain.form) is the way, gated by its own keys.
  'contain.open',
  'contain.offer',
  'command:contain',
  'finding.snooze',
  'finding.suppress',
  'finding.acceptRisk',
  'finding.resolve',
  'rollup_snooze_all',
  'rollup_suppress_all',
  'rollup_accept_all',
  'review.picked.snooze',
  'review.picked.suppress',
  'review.picked.acceptRisk',
  // Extend… on a reminder or the Home tab: the action's own form (view:finding.*).
  'lifecycle.extend',
];

/** Gated by keys of their own, in the same gate, and taken in their own files. */
export const OWN_KEYS: Record<string, string> = {
  'approval.approve': 'approve (step-up-gates.test.ts)',
  'approval.deny': 'deny',
  'view:approval.approve': 'approve (step-up-gates.test.ts)',
  'view:approval.deny': 'deny',
  'attest.answer.yes': 'attest.<answer> (attest-step-up.test.ts)',
  'attest.answer.no': 'attest.<answer>',
  'attest.answer.notOwner': 'attest.<answer>',
  'attest.answer.stillNeeded': 'attest.<answer>',
  'attest.answer.notNeeded': 'attest.<answer>',
  // Resolve after an answer: submit-action.ts, so the change's own gate (resolve).
  'attest.resolve': 'resolve, through the one change (not taken here: it needs an attestation)',
  // Access reviews decide certification tasks, not findings: their own keys (review.*), taken in
  // access-reviews-work.test.ts; linking is gated by its own key too (access-reviews-link.test.ts).
  'reviews.certify': 'review.certify',
  'reviews.revoke': 'review.revoke (opens its form)',
  'reviews.reassign': 'review.reassign (opens its form)',
  'reviews.unchanged': 'review.certify (opens its confirmation)',
  'view:reviews.form.revoke': 'review.revoke',
  'view:reviews.form.reassign': 'review.reassign',
  'view:reviews.form.unchanged': 'review.certify',
  // Containment takes access away, not a finding's state: contain.revoke / contain.offboard (the
  // contain: rule's stepUp), and approve / deny for its four-eyes (contain-step-up.test.ts).
  'view:contain.form': 'contain.<action> (contain-step-up.test.ts)',
  'contain.approve': 'approve',
  'contain.deny': 'deny',
  'step:contain_finding': 'contain.<action>',
  'reviews.link': 'review.link (linking always asks when step-up is on)',
  'command:link': 'review.link (linking always asks when step-up is on)',
};

/** Change no finding's state: nothing to gate. */
export const NO_CHANGE = [
  // the SLA report, to the person alone
  'command:report',
  // access reviews: reading, paging, a comment, the tenant's own step-up answered, unlinking
  'reviews.open',
  'reviews.page.prev',
  'reviews.page.next',
  'reviews.comment',
  'view:reviews.form.comment',
  'reviews.stepup.verified',
  'event:user_change',
  'command:unlink',
  'finding.task',
  'finding.notify_owner',
  'finding.assign_owner',
  'view:owner.assign', // the assigned owner is no state and no step-up key
  'finding.history',
  'history.page.prev',
  'history.page.next',
  'rollup_review',
  'rollup_open_card',
  'review.pick',
  'review.page.prev',
  'review.page.next',
  'campaign.page.prev',
  'campaign.page.next',
  'campaign.csv',
  'campaign.share',
  'lifecycle.let_end',
  'attest.note',
  'view:attest.note',
  'view:shortcut.attach_note',
  'view:shortcut.report_activity',
  'view:shortcut.find_finding',
  'shortcut.find.open_card',
  'event:app_home_opened',
  'event:link_shared', // a preview's buttons are the card's: finding.*
  'command:show',
  'command:campaign',
  'command:approvals',
  'command:createTask',
  'command:history',
  'step:get_finding',
  'step:find_owner',
  'step:notify_owner',
];

export function registered(): string[] {
  const ids = ROUTES.flatMap((r) => {
    if (r.kind === 'action') return [...r.ids];
    if (r.kind === 'view') return r.callbackIds.map((id) => `view:${id}`);
    if (r.kind === 'event') return [`event:${r.event}`];
    return []; // a shortcut opens a modal: its submission is a view above
  });
  return [...ids, ...Object.keys(COMMANDS).map((c) => `command:${c}`), ...STEP_IDS.map((s) => `step:${s}`)];
}
