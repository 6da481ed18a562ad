import type { ModalView } from '@slack/types';
import { FINDING_ACTION_KINDS, type FindingActionKind } from '../domain/actions.js';
import type { ClosureReason } from '../domain/closure.js';
import { acceptRiskForm } from './forms/accept-risk.js';
import type { SubmissionResult } from './forms/form-state.js';
import type { ModalContext, ModalMetadata } from './forms/form-view.js';
import { resolveForm } from './forms/resolve.js';
import { snoozeForm } from './forms/snooze.js';
import { suppressForm } from './forms/suppress.js';
import { FINDING_PREFIX, findingActionId, idPattern } from './ids.js';

/**
 * The one table of finding actions as people meet them in Slack: the button, its confirmation,
 * the form it opens (renderer and parser), the words of the thread reply and of a failure, the
 * limit its dates obey. Listeners route by the ids derived here; adding an action is a row here,
 * its form (if it takes input) and its place in domain/actions.ts.
 */

export interface FormSpec {
  render(ctx: ModalContext): ModalView;
  parse(
    values: unknown,
    meta: ModalMetadata,
    now: Date,
    maxDays: number,
    closureReasons: readonly ClosureReason[],
  ): SubmissionResult;
}

export interface ActionRow {
  button: string;
  style?: 'danger' | 'primary';
  /** Actions without a form act at once: Slack asks this first. */
  confirm?: { title: string; text: string; confirm: string };
  form?: FormSpec;
  /** The days limit of its dates (WARDEN_CONFIG `limits`). */
  maxDays?: 'snoozeMaxDays' | 'riskAcceptanceMaxDays';
  /** "@alice <done> until <date>: <reason>" in the alert's thread. */
  done: string;
  /** The finding field holding the end the tenant actually recorded. */
  endField?: 'snoozeUntil' | 'riskAcceptanceExpiresAt';
  /** "could not <verb> finding X". */
  verb: string;
}

const REOPEN_TEXT =
  'It becomes open again and ends any snooze, risk acceptance or suppression. Everyone in the channel sees who did it.';

export const ACTION_TABLE = {
  snooze: {
    button: 'Snooze…',
    form: snoozeForm,
    maxDays: 'snoozeMaxDays',
    done: 'snoozed this',
    endField: 'snoozeUntil',
    verb: 'snooze',
  },
  acceptRisk: {
    button: 'Accept risk…',
    form: acceptRiskForm,
    maxDays: 'riskAcceptanceMaxDays',
    done: 'accepted the risk',
    endField: 'riskAcceptanceExpiresAt',
    verb: 'accept the risk of',
  },
  suppress: {
    button: 'Suppress (permanent)…',
    style: 'danger',
    form: suppressForm,
    done: 'suppressed this until someone reopens it',
    verb: 'suppress',
  },
  resolve: { button: 'Resolve…', form: resolveForm, done: 'resolved this', verb: 'resolve' },
  reopen: {
    button: 'Reopen',
    confirm: { title: 'Reopen this finding?', text: REOPEN_TEXT, confirm: 'Reopen' },
    done: 'reopened this',
    verb: 'reopen',
  },
  unsuppress: {
    button: 'Unsuppress',
    confirm: { title: 'Unsuppress this finding?', text: REOPEN_TEXT, confirm: 'Unsuppress' },
    done: 'unsuppressed this',
    verb: 'unsuppress',
  },
} as const satisfies Record<FindingActionKind, ActionRow>;

type Table = typeof ACTION_TABLE;

/** The actions that open a form. */
export type FormKind = { [K in keyof Table]: Table[K] extends { form: FormSpec } ? K : never }[keyof Table];

const KINDS = FINDING_ACTION_KINDS;
const FORM_KINDS = KINDS.filter((k): k is FormKind => 'form' in ACTION_TABLE[k]);

export const actionRow = (kind: FindingActionKind): ActionRow => ACTION_TABLE[kind];
export const formOf = (kind: FormKind): FormSpec => ACTION_TABLE[kind].form;
export const isFormKind = (kind: FindingActionKind): kind is FormKind =>
  (FORM_KINDS as readonly string[]).includes(kind);

/** Every finding button's action_id, one by one, and every form's callback_id. */
export const FINDING_ACTION_IDS: readonly string[] = KINDS.map(findingActionId);
export const FORM_CALLBACK_IDS: readonly string[] = FORM_KINDS.map(findingActionId);

/** Every finding button's action_id. */
export const FINDING_ACTION_ID = idPattern(FINDING_PREFIX, KINDS);
/** Every action form's callback_id (the same ids: a form submits its action). */
export const FORM_CALLBACK_ID = idPattern(FINDING_PREFIX, FORM_KINDS);

/** The action a button's action_id stands for, if it is one of ours. */
export function actionKindOf(actionId: string): FindingActionKind | undefined {
  return KINDS.find((k) => findingActionId(k) === actionId);
}

/** The form a submission's callback_id stands for, if it is one of ours. */
export function formKindOf(callbackId: string): FormKind | undefined {
  return FORM_KINDS.find((k) => findingActionId(k) === callbackId);
}
