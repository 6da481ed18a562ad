import type { ModalView } from '@slack/types';
import { FINDING_ACTION_KINDS, type FindingActionKind } from '../domain/actions.js';
import type { ClosureReason } from '../domain/closure.js';
import { t } from '../i18n/speak.js';
import { acceptRiskForm } from './forms/accept-risk.js';
import type { SubmissionResult } from './forms/form-state.js';
import type { ModalContext, ModalMetadata } from './forms/form-view.js';
import { resolveForm } from './forms/resolve.js';
import { snoozeForm } from './forms/snooze.js';
import { suppressForm } from './forms/suppress.js';
import { FINDING_PREFIX, findingActionId, idPattern } from './ids.js';
import { code } from './mrkdwn.js';

/**
 * The one table of finding actions as people meet them in Slack: the button, its confirmation,
 * the form it opens (renderer and parser), the words of a failure, the
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
  /** The finding field holding the end the tenant actually recorded. */
  endField?: 'snoozeUntil' | 'riskAcceptanceExpiresAt';
}

/*
 * The words are getters over the catalogue (i18n/catalog/card/actions.ts): read when a card is
 * rendered, in the language of its scope, not once at import.
 */
const reopenConfirm = (kind: 'reopen' | 'unsuppress') => ({
  get title() {
    return t(`action.${kind}.title`);
  },
  get text() {
    return t('action.reopenText');
  },
  get confirm() {
    return t(`action.${kind}.button`);
  },
});

export const ACTION_TABLE = {
  snooze: {
    get button() {
      return t('action.snooze.button');
    },
    form: snoozeForm,
    maxDays: 'snoozeMaxDays',
    endField: 'snoozeUntil',
  },
  acceptRisk: {
    get button() {
      return t('action.acceptRisk.button');
    },
    form: acceptRiskForm,
    maxDays: 'riskAcceptanceMaxDays',
    endField: 'riskAcceptanceExpiresAt',
  },
  suppress: {
    get button() {
      return t('action.suppress.button');
    },
    style: 'danger',
    form: suppressForm,
  },
  resolve: {
    get button() {
      return t('action.resolve.button');
    },
    form: resolveForm,
  },
  reopen: {
    get button() {
      return t('action.reopen.button');
    },
    confirm: reopenConfirm('reopen'),
  },
  unsuppress: {
    get button() {
      return t('action.unsuppress.button');
    },
    confirm: reopenConfirm('unsuppress'),
  },
} as const satisfies Record<FindingActionKind, ActionRow>;

/** "snooze finding `X`", for "could not …" (blockkit/failure.ts) and a restart's outcome. */
export const actionWhat = (kind: FindingActionKind, findingId: string): string =>
  t(`action.${kind}.what`, { finding: code(findingId) });

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
