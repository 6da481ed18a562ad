import type { AuditEntry } from '../ports/store.js';

/**
 * What a person did, in their own words, from an audit entry: the Home tab's *Recent activity*
 * ("you suppressed …", "you asked for a fresh sign-in to suppress …"). Never an internal key
 * (`stepUp.suppress`, `bulk.snooze`): a key this does not know yet is told in words ("acted
 * (rotate key) on"). test/unit/blockkit/activity-words.test.ts lists every key Warden writes.
 */

/** Past tense, with the object to follow: "snoozed" FND_… */
const DONE: Record<string, string> = {
  snooze: 'snoozed',
  acceptRisk: 'accepted the risk of',
  'acceptRisk.request': 'asked to accept the risk of',
  'acceptRisk.deny': 'denied a risk acceptance of',
  suppress: 'suppressed',
  resolve: 'resolved',
  reopen: 'reopened',
  unsuppress: 'unsuppressed',
  createTask: 'created a task for',
  notifyOwner: 'sent to its owner',
  assignOwner: 'assigned an owner to',
  letEnd: 'let the end come of',
  'attest.ask': 'were asked about',
  'attest.answer': 'answered a question about',
  'attest.escalate': 'had a question escalated about',
  'attest.note': 'added a note to your answer about',
  'attest.comment': 'commented on',
  'note.attach': 'attached a note to',
  'report.activity': 'reported suspicious activity on',
  'contain.request': 'asked for a containment of',
  'contain.approve': 'approved a containment of',
  'contain.deny': 'denied a containment of',
  'contain.revoke': 'revoked the access behind',
  'contain.offboard': 'offboarded the person behind',
  'contain.state': 'were told how it went with the containment of',
  'contain.attempts': 'listed the uses of the decoy of',
  'contain.expire': 'had a containment request expire without a decision on',
};

/** Access reviews: the entry names a review task, not a finding (nothing to link). */
const REVIEWED: Record<string, string> = {
  'review.certify': 'certified an access in a review',
  'review.verified': 'certified an access in a review after the tenant’s check',
  'review.revoke': 'asked to revoke an access in a review',
  'review.reassign': 'reassigned an access review',
  'review.comment': 'commented on an access review',
  'review.link': 'linked your access-review account',
  'review.unlink': 'unlinked your access-review account',
  'review.unchanged': 'certified the unchanged accesses of a review',
};

/** The infinitive, for what a fresh sign-in was asked for: "to suppress" FND_… */
const TO_DO: Record<string, string> = {
  snooze: 'snooze',
  acceptRisk: 'accept the risk of',
  suppress: 'suppress',
  resolve: 'resolve',
  reopen: 'reopen',
  unsuppress: 'unsuppress',
  approve: 'approve a risk acceptance of',
  deny: 'deny a risk acceptance of',
  bulk: 'change several findings of',
  show: 'show',
  notifyOwner: 'send to its owner',
  contain: 'contain',
  'contain.revoke': 'revoke the access behind',
  'contain.offboard': 'offboard the person behind',
};

/** The infinitive of an access review's step-up: nothing to link. */
const TO_REVIEW: Record<string, string> = {
  'review.certify': 'certify an access in a review',
  'review.revoke': 'revoke an access in a review',
  'review.reassign': 'reassign an access review',
  'review.link': 'link your access-review account',
};

/** A key this file does not know yet, in words: `stepUp.rotateKey` -> "rotate key". */
export function humanisedKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[._\s-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  return words.join(' ') || 'something';
}

/** What the entry's `finding_id` names: a finding, a roll-up of many, or nothing to link. */
export type ActivityTarget = 'finding' | 'group' | 'none';

export function activityWords(entry: Pick<AuditEntry, 'action' | 'outcome' | 'params'>): {
  what: string;
  target: ActivityTarget;
} {
  const { action, outcome } = entry;
  const known = DONE[action];
  if (known) return { what: known, target: 'finding' };
  const reviewed = REVIEWED[action];
  if (reviewed) return { what: reviewed, target: 'none' };
  if (action.startsWith('bulk.')) {
    const verb = DONE[action.slice('bulk.'.length)] ?? 'changed';
    const count = entry.params.findings;
    const many =
      typeof count === 'number' && count > 0 ? `${count} finding${count === 1 ? '' : 's'}` : 'findings';
    return { what: `${verb} ${many} of a roll-up`, target: 'none' };
  }
  if (action.startsWith('stepUp.')) {
    const key = action.slice('stepUp.'.length);
    const review = TO_REVIEW[key];
    const todo = key.startsWith('attest.')
      ? 'answer a question about'
      : (review ?? TO_DO[key] ?? `act (${humanisedKey(key)}) on`);
    const target: ActivityTarget = key === 'bulk' || review ? 'none' : 'finding';
    if (outcome === 'requested') return { what: `asked for a fresh sign-in to ${todo}`, target };
    if (outcome === 'ok') return { what: `signed in again to ${todo}`, target };
    return { what: `were refused a fresh sign-in to ${todo}`, target };
  }
  if (action.startsWith('review.')) return { what: `acted (${humanisedKey(action)})`, target: 'none' };
  return { what: `acted (${humanisedKey(action)}) on`, target: 'finding' };
}
