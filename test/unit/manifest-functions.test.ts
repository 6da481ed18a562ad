import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readStepInputs, STEP_IDS, STEPS } from '../../src/domain/workflow-steps.js';

/**
 * manifest.yml's Workflow Builder steps against Slack's manifest rules for remote functions
 * (docs.slack.dev "Custom steps" / app manifest reference) and against the table Warden reads
 * each run's inputs with (src/domain/workflow-steps.ts): the two must say the same.
 */

interface Param {
  type?: unknown;
  title?: unknown;
  description?: unknown;
}
interface Params {
  properties?: Record<string, Param>;
  required?: unknown;
}
interface Fn {
  title?: unknown;
  description?: unknown;
  input_parameters?: Params;
  output_parameters?: Params;
}

// parse() refuses a duplicate key: two functions with one callback id cannot even be read.
const manifest = parse(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8'), {
  uniqueKeys: true,
}) as {
  settings: {
    org_deploy_enabled?: boolean;
    function_runtime?: string;
    event_subscriptions: { bot_events: string[] };
  };
  functions: Record<string, Fn>;
};

const SLACK_TYPES = new Set([
  'string',
  'integer',
  'number',
  'boolean',
  'timestamp',
  'slack#/types/user_id',
  'slack#/types/channel_id',
  'slack#/types/interactivity',
  'slack#/types/usergroup_id',
  'slack#/types/date',
  'slack#/types/rich_text',
]);

function checkParams(where: string, params: Params | undefined): string[] {
  const problems: string[] = [];
  const props = params?.properties ?? {};
  for (const [name, p] of Object.entries(props)) {
    if (!/^[a-z][a-z0-9_]{0,49}$/.test(name)) problems.push(`${where}.${name}: bad name`);
    if (typeof p.type !== 'string' || !SLACK_TYPES.has(p.type)) problems.push(`${where}.${name}: untyped`);
    if (typeof p.title !== 'string' || p.title.length === 0 || p.title.length > 255)
      problems.push(`${where}.${name}: title`);
    if (p.description !== undefined && (typeof p.description !== 'string' || p.description.length > 255))
      problems.push(`${where}.${name}: description`);
  }
  const required = params?.required ?? [];
  if (!Array.isArray(required)) problems.push(`${where}: required is not a list`);
  else
    for (const r of required)
      if (!(String(r) in props)) problems.push(`${where}: required ${String(r)} undeclared`);
  return problems;
}

describe('manifest.yml Workflow Builder steps', () => {
  it('is an org-ready app with remote functions and the function_executed event', () => {
    expect(manifest.settings.org_deploy_enabled).toBe(true);
    expect(manifest.settings.function_runtime).toBe('remote');
    expect(manifest.settings.event_subscriptions.bot_events).toContain('function_executed');
  });

  it('declares exactly the six steps Warden runs, each callback id valid', () => {
    expect(Object.keys(manifest.functions).sort()).toEqual([...STEP_IDS].sort());
    for (const id of Object.keys(manifest.functions)) expect(id).toMatch(/^[a-z][a-z0-9_]{0,99}$/);
  });

  it('gives every step a title, a description and typed inputs and outputs within the limits', () => {
    const problems: string[] = [];
    for (const [id, fn] of Object.entries(manifest.functions)) {
      if (typeof fn.title !== 'string' || fn.title.length === 0 || fn.title.length > 255)
        problems.push(`${id}: title`);
      if (typeof fn.description !== 'string' || fn.description.length > 255)
        problems.push(`${id}: description`);
      problems.push(
        ...checkParams(`${id}.inputs`, fn.input_parameters),
        ...checkParams(`${id}.outputs`, fn.output_parameters),
      );
    }
    expect(problems).toEqual([]);
  });

  it('says the same as the table Warden reads runs with: names, types, required', () => {
    for (const id of STEP_IDS) {
      const fn = manifest.functions[id];
      for (const side of ['inputs', 'outputs'] as const) {
        const params = side === 'inputs' ? fn?.input_parameters : fn?.output_parameters;
        const declared = Object.fromEntries(
          Object.entries(params?.properties ?? {}).map(([name, p]) => [
            name,
            { type: p.type, required: ((params?.required as string[] | undefined) ?? []).includes(name) },
          ]),
        );
        expect({ id, side, declared }).toEqual({ id, side, declared: STEPS[id][side] });
      }
    }
  });
});

describe('a run’s inputs, read against the step', () => {
  const snooze = STEPS.snooze_finding;
  const values = { finding_id: 'FND_1', days: 7, reason: 'Change freeze' };
  const interactivity = {
    interactor: { id: 'U0ALICE', secret: 'c2VjcmV0LW9mLXNsYWNr' },
    interactivity_pointer: '1700000000000.1234567.abcdef',
  };
  const good = { ...values, interactivity };

  it('takes declared inputs of the right types, the person from the interactivity only', () => {
    expect(readStepInputs(snooze, { ...good, channel_id: '' })).toEqual({
      ok: true,
      values, // the interactivity (its secret) is not a value a step passes on
      findingId: 'FND_1',
      userId: 'U0ALICE',
    });
  });

  it('every step acts as the person in a required interactivity, none names one in a user_id', () => {
    for (const id of STEP_IDS) {
      expect(STEPS[id].inputs.interactivity).toEqual({ type: 'slack#/types/interactivity', required: true });
      expect(Object.values(STEPS[id].inputs).filter((p) => p.type === 'slack#/types/user_id')).toEqual([]);
    }
  });

  it.each([
    ['missing', values],
    ['a bare user id', { ...values, interactivity: 'U0ALICE' }],
    ['no interactor', { ...values, interactivity: { interactivity_pointer: 'x' } }],
    ['an email as the interactor', { ...values, interactivity: { interactor: { id: 'alice@example.com' } } }],
  ])('runs nobody when the interactivity is %s', (_what, inputs) => {
    expect(readStepInputs(snooze, inputs)).toMatchObject({ ok: false, noPerson: true });
  });

  it.each([
    [{ ...good, extra: 'x' }, /does not take `extra`/],
    [{ ...good, days: '7' }, /`days` must be a whole number/],
    [{ ...good, days: 1.5 }, /`days` must be a whole number/],
    [{ ...good, user_id: 'U0CISO' }, /does not take `user_id`/],
    [{ ...good, finding_id: '../../x' }, /not a finding id/],
    [{ ...good, reason: undefined }, /needs `reason`/],
    [{ ...good, reason: 'x'.repeat(2_001) }, /longer than 2000/],
    [{ ...good, channel_id: 'general' }, /must be a Slack channel/],
    ['not an object', /without inputs/],
  ])('refuses %j', (inputs, why) => {
    const read = readStepInputs(snooze, inputs);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toMatch(why);
  });
});
