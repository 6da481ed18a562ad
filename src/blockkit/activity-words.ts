import type { AuditEntry } from '../ports/store.js';

/**
 * What a person did, in their own words, from an audit entry: the Home tab's *Recent activity*
 * ("you suppressed …", "you asked for a fresh sign-in to suppress …"). Never an internal key
 * (`stepUp.suppress`, `bulk.snooze`): a key this does not know yet reads "acted on".
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
};

/** What the entry's `finding_id` names: a finding, a roll-up of many, or nothing to link. */
export type ActivityTarget = 'finding' | 'group' | 'none';

export function activityWords(entry: Pick<AuditEntry, 'action' | 'outcome' | 'params'>): {
  what: string;
  target: ActivityTarget;
} {
  const { action, outcome } = entry;
  const known = DONE[action];
  if (known) return { what: known, target: 'finding' };
  if (action.startsWith('bulk.')) {
    const verb = DONE[action.slice('bulk.'.length)] ?? 'changed';
    const count = entry.params.findings;
    const many =
      typeof count === 'number' && count > 0 ? `${count} finding${count === 1 ? '' : 's'}` : 'findings';
    return { what: `${verb} ${many} of a roll-up`, target: 'none' };
  }
  if (action.startsWith('stepUp.')) {
    const key = action.slice('stepUp.'.length);
    const todo = key.startsWith('attest.') ? 'answer a question about' : (TO_DO[key] ?? 'act on');
    const target: ActivityTarget = key === 'bulk' ? 'none' : 'finding';
    if (outcome === 'requested') return { what: `asked for a fresh sign-in to ${todo}`, target };
    if (outcome === 'ok') return { what: `signed in again to ${todo}`, target };
    return { what: `were refused a fresh sign-in to ${todo}`, target };
  }
  return { what: 'acted on', target: 'finding' };
}
