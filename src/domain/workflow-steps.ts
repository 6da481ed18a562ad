import { t } from '../i18n/speak.js';
import { isResourceId } from './finding-id.js';
import type { PolicyAction } from './policy.js';

/**
 * Warden's Workflow Builder steps (Slack custom functions): what each one takes and gives, in
 * Slack's parameter types, and the permission it is run under. manifest.yml declares the same
 * (test/unit/manifest-functions.test.ts holds the two together); the listener reads every run's
 * inputs against this table, never trusting that Slack checked them (a workflow built against an
 * older definition still sends what that one declared).
 */

export type StepParamType =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'timestamp'
  | 'slack#/types/user_id'
  | 'slack#/types/channel_id'
  | 'slack#/types/interactivity';

export interface StepParam {
  type: StepParamType;
  required: boolean;
}

export const STEP_IDS = [
  'get_finding',
  'snooze_finding',
  'resolve_finding',
  'request_risk_acceptance',
  'notify_owner',
  'find_owner',
  'contain_finding',
] as const;
export type StepId = (typeof STEP_IDS)[number];

export interface StepDefinition {
  /** The permission the invoking person needs, as for a click (usecases/shared/authorize.ts). */
  action: PolicyAction;
  inputs: Record<string, StepParam>;
  outputs: Record<string, StepParam>;
}

const req = (type: StepParamType): StepParam => ({ type, required: true });
const opt = (type: StepParamType): StepParam => ({ type, required: false });

/**
 * Every step is run as the person in `interactivity` (its `interactor.id`): only Slack's own
 * functions output that type — a link, button or shortcut trigger a person clicked, a form they
 * submitted — so whoever builds the workflow cannot name someone else (a `user_id` input could
 * be set to anyone, and the step would act as them).
 */
const WHO = { finding_id: req('string'), interactivity: req('slack#/types/interactivity') };
/** Where the finding's card is posted when it has none yet (default: the alerts channel). */
const WHERE = { channel_id: opt('slack#/types/channel_id') };
/** The tenant's state as typed, and in words beside it (what a builder shows people). */
const STATE = { finding_id: req('string'), state: req('string'), state_text: opt('string') };

export const STEPS: Record<StepId, StepDefinition> = {
  get_finding: {
    action: 'show',
    inputs: WHO,
    outputs: { ...STATE, severity: opt('string'), app_id: opt('string') },
  },
  snooze_finding: {
    action: 'snooze',
    inputs: { ...WHO, days: req('integer'), reason: req('string'), ...WHERE },
    outputs: { ...STATE, snoozed_until: req('timestamp'), snoozed_until_text: opt('string') },
  },
  resolve_finding: {
    action: 'resolve',
    inputs: { ...WHO, closure_reason: req('string'), note: opt('string'), ...WHERE },
    outputs: STATE,
  },
  request_risk_acceptance: {
    action: 'acceptRisk',
    inputs: { ...WHO, justification: req('string'), days: req('integer'), ...WHERE },
    outputs: {
      ...STATE,
      accepted_until: req('timestamp'),
      accepted_until_text: opt('string'),
      approved_by: opt('slack#/types/user_id'),
    },
  },
  notify_owner: {
    action: 'notifyOwner',
    inputs: WHO,
    outputs: { finding_id: req('string'), owner_user_id: req('slack#/types/user_id') },
  },
  contain_finding: {
    action: 'contain',
    inputs: { ...WHO, action: req('string'), entitlement_id: opt('string'), reason: req('string') },
    outputs: {
      finding_id: req('string'),
      action: req('string'),
      task_id: req('string'),
      task_state: req('string'),
    },
  },
  find_owner: {
    action: 'show',
    inputs: WHO,
    outputs: {
      finding_id: req('string'),
      owner_found: req('boolean'),
      owner_user_id: opt('slack#/types/user_id'),
    },
  },
};

export const isStepId = (id: string): id is StepId => (STEP_IDS as readonly string[]).includes(id);

/** The longest text a step takes (a reason, a justification): the card and the tenant keep it. */
export const MAX_STEP_TEXT = 2_000;

const USER_ID = /^[UW][A-Z0-9]{2,20}$/;
const CHANNEL_ID = /^[CGD][A-Z0-9]{2,20}$/;

export type StepValue = string | number | boolean;

/**
 * The person who ran the workflow, from an interactivity input (`{interactor: {id, secret},
 * interactivity_pointer}`), or undefined when it is missing or not Slack's shape. Only the id is
 * taken: the secret and the pointer are Slack's, and kept nowhere.
 */
export function interactorOf(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const interactor = (v as { interactor?: unknown }).interactor;
  if (typeof interactor !== 'object' || interactor === null) return undefined;
  const id = (interactor as { id?: unknown }).id;
  return typeof id === 'string' && USER_ID.test(id) ? id : undefined;
}

/** An interactivity input as a held step keeps it: the person only (no secret, no pointer). */
export function withoutSecrets(inputs: unknown): unknown {
  if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) return inputs;
  return Object.fromEntries(
    Object.entries(inputs).map(([k, v]) => {
      const id = interactorOf(v);
      return id === undefined ? [k, v] : [k, { interactor: { id } }];
    }),
  );
}

/** An input's name as the builder typed it, marked as a name (the same marks in every language). */
const mark = (name: string) => `\`${name}\``;

/** Why one value is not of its declared type, or undefined when it is. */
function typeError(name: string, type: StepParamType, v: unknown): string | undefined {
  switch (type) {
    case 'string':
      if (typeof v !== 'string' || v.trim() === '') return t('stepInput.text', { name: mark(name) });
      if (v.length > MAX_STEP_TEXT)
        return t('stepInput.tooLong', { name: mark(name), max: String(MAX_STEP_TEXT) });
      return undefined;
    case 'integer':
    case 'timestamp':
      return Number.isSafeInteger(v) ? undefined : t('stepInput.whole', { name: mark(name) });
    case 'boolean':
      return typeof v === 'boolean' ? undefined : t('stepInput.boolean', { name: mark(name) });
    case 'slack#/types/user_id':
      return typeof v === 'string' && USER_ID.test(v) ? undefined : t('stepInput.user', { name: mark(name) });
    case 'slack#/types/channel_id':
      return typeof v === 'string' && CHANNEL_ID.test(v)
        ? undefined
        : t('stepInput.channel', { name: mark(name) });
    case 'slack#/types/interactivity':
      return interactorOf(v) ? undefined : t('stepInput.notPerson', { name: mark(name) });
  }
}

export type ReadInputs =
  | { ok: true; values: Record<string, StepValue>; findingId: string; userId: string }
  /** `noPerson`: no valid interactivity, so nobody to run it as (a scheduled or event trigger). */
  | { ok: false; error: string; noPerson?: true };

const INTERACTIVITY: StepParamType = 'slack#/types/interactivity';

/**
 * A run's inputs read against the step's declaration: an input it does not declare, a required
 * one missing, a value of the wrong type or a finding id that is not one refuses the whole run.
 * An optional input Slack sends as null or "" is absent.
 */
export function readStepInputs(step: StepDefinition, inputs: unknown): ReadInputs {
  if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs))
    return { ok: false, error: t('stepInput.none') };
  const given = Object.entries(inputs).filter(([, v]) => v !== null && v !== undefined && v !== '');
  // Who it runs as comes first: without a person, nothing else about the run matters.
  const who = Object.entries(step.inputs).find(([, p]) => p.type === INTERACTIVITY)?.[0];
  const userId = who === undefined ? undefined : interactorOf(given.find(([k]) => k === who)?.[1]);
  if (userId === undefined)
    return {
      ok: false,
      noPerson: true,
      error: t('stepInput.notPerson', { name: mark(who ?? 'interactivity') }),
    };
  const unknown = given.map(([k]) => k).filter((k) => !(k in step.inputs));
  if (unknown.length > 0)
    return {
      ok: false,
      error: t('stepInput.unknown', { names: unknown.map((k) => mark(k.slice(0, 40))).join(', ') }),
    };
  const values: Record<string, StepValue> = {};
  for (const [name, param] of Object.entries(step.inputs)) {
    const v = given.find(([k]) => k === name)?.[1];
    if (v === undefined) {
      if (param.required) return { ok: false, error: t('stepInput.missing', { name: mark(name) }) };
      continue;
    }
    if (param.type === INTERACTIVITY) continue; // read above: the person, never a value
    const wrong = typeError(name, param.type, v);
    if (wrong) return { ok: false, error: wrong };
    values[name] = v as StepValue;
  }
  const findingId = String(values.finding_id ?? '');
  if (!isResourceId(findingId))
    return { ok: false, error: t('stepInput.notFinding', { name: mark('finding_id') }) };
  return { ok: true, values, findingId, userId };
}
