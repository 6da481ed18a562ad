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
  | 'slack#/types/channel_id';

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
] as const;
export type StepId = (typeof STEP_IDS)[number];

export interface StepDefinition {
  /** The permission the invoking person needs, as for a click (usecases/authorize.ts). */
  action: PolicyAction;
  inputs: Record<string, StepParam>;
  outputs: Record<string, StepParam>;
}

const req = (type: StepParamType): StepParam => ({ type, required: true });
const opt = (type: StepParamType): StepParam => ({ type, required: false });

/** Every step is run as `user_id` (Workflow Builder: "Person who used this workflow"). */
const WHO = { finding_id: req('string'), user_id: req('slack#/types/user_id') };
/** Where the finding's card is posted when it has none yet (default: the alerts channel). */
const WHERE = { channel_id: opt('slack#/types/channel_id') };
const STATE = { finding_id: req('string'), state: req('string') };

export const STEPS: Record<StepId, StepDefinition> = {
  get_finding: {
    action: 'show',
    inputs: WHO,
    outputs: { ...STATE, severity: opt('string'), app_id: opt('string') },
  },
  snooze_finding: {
    action: 'snooze',
    inputs: { ...WHO, days: req('integer'), reason: req('string'), ...WHERE },
    outputs: { ...STATE, snoozed_until: req('timestamp') },
  },
  resolve_finding: {
    action: 'resolve',
    inputs: { ...WHO, closure_reason: req('string'), note: opt('string'), ...WHERE },
    outputs: STATE,
  },
  request_risk_acceptance: {
    action: 'acceptRisk',
    inputs: { ...WHO, justification: req('string'), days: req('integer'), ...WHERE },
    outputs: { ...STATE, accepted_until: req('timestamp'), approved_by: opt('slack#/types/user_id') },
  },
  notify_owner: {
    action: 'notifyOwner',
    inputs: WHO,
    outputs: { finding_id: req('string'), owner_user_id: req('slack#/types/user_id') },
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

/** Why one value is not of its declared type, or undefined when it is. */
function typeError(name: string, type: StepParamType, v: unknown): string | undefined {
  switch (type) {
    case 'string':
      if (typeof v !== 'string' || v.trim() === '') return `\`${name}\` must be text.`;
      if (v.length > MAX_STEP_TEXT) return `\`${name}\` is longer than ${MAX_STEP_TEXT} characters.`;
      return undefined;
    case 'integer':
    case 'timestamp':
      return Number.isSafeInteger(v) ? undefined : `\`${name}\` must be a whole number.`;
    case 'boolean':
      return typeof v === 'boolean' ? undefined : `\`${name}\` must be true or false.`;
    case 'slack#/types/user_id':
      return typeof v === 'string' && USER_ID.test(v) ? undefined : `\`${name}\` must be a Slack person.`;
    case 'slack#/types/channel_id':
      return typeof v === 'string' && CHANNEL_ID.test(v) ? undefined : `\`${name}\` must be a Slack channel.`;
  }
}

export type ReadInputs =
  | { ok: true; values: Record<string, StepValue>; findingId: string; userId: string }
  | { ok: false; error: string };

/**
 * A run's inputs read against the step's declaration: an input it does not declare, a required
 * one missing, a value of the wrong type or a finding id that is not one refuses the whole run.
 * An optional input Slack sends as null or "" is absent.
 */
export function readStepInputs(step: StepDefinition, inputs: unknown): ReadInputs {
  if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs))
    return { ok: false, error: 'The step was run without inputs.' };
  const given = Object.entries(inputs).filter(([, v]) => v !== null && v !== undefined && v !== '');
  const unknown = given.map(([k]) => k).filter((k) => !(k in step.inputs));
  if (unknown.length > 0)
    return {
      ok: false,
      error: `The step does not take ${unknown.map((k) => `\`${k.slice(0, 40)}\``).join(', ')}.`,
    };
  const values: Record<string, StepValue> = {};
  for (const [name, param] of Object.entries(step.inputs)) {
    const v = given.find(([k]) => k === name)?.[1];
    if (v === undefined) {
      if (param.required) return { ok: false, error: `The step needs \`${name}\`.` };
      continue;
    }
    const wrong = typeError(name, param.type, v);
    if (wrong) return { ok: false, error: wrong };
    values[name] = v as StepValue;
  }
  const findingId = String(values.finding_id ?? '');
  if (!isResourceId(findingId)) return { ok: false, error: '`finding_id` is not a finding id.' };
  return { ok: true, values, findingId, userId: String(values.user_id) };
}
