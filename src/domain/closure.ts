import type { MessageKey } from '../i18n/catalog/index.js';
import { t } from '../i18n/speak.js';

/**
 * Why a finding is closed (resolved or suppressed), from a fixed list (WARDEN_CONFIG
 * `closure.reasons`), so detector noise can be measured: `warden_closures_total` by reason and
 * finding type. `other` needs the person's own words.
 */
export interface ClosureReason {
  id: string;
  label: string;
}

export const OTHER_REASON = 'other';

export const DEFAULT_CLOSURE_REASONS: readonly ClosureReason[] = [
  { id: 'false_positive', label: 'False positive' },
  { id: 'expected', label: 'Expected / benign' },
  { id: 'compensating_control', label: 'Compensating control' },
  { id: 'fixed', label: 'Fixed' },
  { id: 'duplicate', label: 'Duplicate' },
  { id: OTHER_REASON, label: 'Other' },
];

const DEFAULT_LABELS: ReadonlyMap<string, string> = new Map(
  DEFAULT_CLOSURE_REASONS.map((r) => [r.id, r.label]),
);

/**
 * A closure reason as a person reads it: a default reason (its English label unchanged by
 * WARDEN_CONFIG) in the language of the current scope, a configured label as it was written.
 * The tenant's record keeps the English label (closureReasonText).
 */
export function closureLabel(reason: ClosureReason): string {
  if (DEFAULT_LABELS.get(reason.id) !== reason.label) return reason.label;
  return t(`closure.${reason.id}` as MessageKey);
}

/**
 * `other` names no reason by itself: chosen (in a form) or typed (`/warden suppress <id> other`)
 * without the person's words, it is refused. One rule for the forms and the command.
 */
export function lacksWords(closureId: string | undefined, words: string): boolean {
  return closureId?.toLowerCase() === OTHER_REASON && words.trim() === '';
}

/** What the tenant records as the reason: the closure's label, then the person's words. */
export function closureReasonText(reason: ClosureReason, words: string): string {
  return words ? `${reason.label}: ${words}` : reason.label;
}

/**
 * A reason typed in a command: when its first word is a closure id (`false_positive test rig`),
 * that closure and the rest; otherwise no closure and the words as they are.
 */
export function closureFromWords(
  reasons: readonly ClosureReason[],
  text: string,
): { closure: ClosureReason | undefined; words: string } {
  const [first = '', ...rest] = text.trim().split(/\s+/);
  const closure = reasons.find((r) => r.id === first.toLowerCase());
  return closure ? { closure, words: rest.join(' ') } : { closure: undefined, words: text };
}

/** The labels a closure is counted under (`warden_closures_total`). */
export function closureLabels(
  action: { kind: string; closure?: string | undefined },
  findingType: string | undefined,
): { action: string; reason: string; finding_type: string } | undefined {
  if (action.kind !== 'resolve' && action.kind !== 'suppress') return undefined;
  return {
    action: action.kind,
    reason: action.closure ?? 'unspecified',
    finding_type: findingType ?? 'unknown',
  };
}

/**
 * A note chosen as closure evidence (Resolve…, Suppress…): its id, and its message's permalink
 * once the use case has re-read the note from the store (the form's value is only an id).
 */
export interface Evidence {
  note: string;
  link?: string | undefined;
}

/** At most this many notes are offered and taken (Slack's checkboxes hold at most 10 options). */
export const EVIDENCE_MAX = 10;
export const NOTE_ID = /^note_[0-9a-f]{18}$/;

/**
 * The vendor's reason fields publish no maxLength; Warden keeps what it sends within the 2,000
 * characters its own forms allow, so evidence never pushes a reason past what a person could type.
 */
export const REASON_FIELD_MAX = 2_000;

/**
 * The reason with a short reference to its evidence ("evidence: <permalink>, …"), only when it
 * fits: the links are a courtesy in the tenant's record; Warden's audit keeps them in full.
 */
export function withEvidenceRef(reason: string, evidence: readonly Evidence[] | undefined): string {
  const links = (evidence ?? []).flatMap((e) => (e.link ? [e.link] : []));
  if (links.length === 0) return reason;
  const withRef = `${reason} (evidence: ${links.join(', ')})`;
  return withRef.length <= REASON_FIELD_MAX ? withRef : reason;
}
