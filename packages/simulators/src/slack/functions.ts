import { randomBytes } from 'node:crypto';
import { fail, type MethodAnswer } from './workspace.js';

/**
 * Slack's side of an app's Workflow Builder steps (docs.slack.dev "Custom steps",
 * "function_executed", functions.completeSuccess / completeError): the app's function
 * definitions as its manifest declares them, each run (a `function_execution_id`, the inputs
 * Workflow Builder filled in, a function-scoped `bot_access_token` valid while the run is
 * running), and how a run ends. Ending it checks what Slack checks: an unknown execution is
 * `function_execution_not_found`, an ended one `execution_not_in_running_state`, outputs that do
 * not match the declared output parameters `parameter_validation_failed`; a function token ends
 * only its own run (`access_denied`).
 */

export interface FunctionParam {
  type: string;
  title?: string;
  description?: string;
}
export interface FunctionParams {
  properties?: Record<string, FunctionParam>;
  required?: string[];
}
/** One entry of the manifest's `functions` (its key is the callback id). */
export interface FunctionDefinition {
  title: string;
  description?: string;
  input_parameters?: FunctionParams;
  output_parameters?: FunctionParams;
}

export interface FunctionRun {
  id: string;
  callbackId: string;
  workflowExecutionId: string;
  inputs: Record<string, unknown>;
  /** The function-scoped token in the event (`bot_access_token`). */
  token: string;
  status: 'running' | 'completed' | 'failed';
  outputs?: Record<string, unknown>;
  error?: string;
  startedAt: number;
  endedAt?: number;
  /** The org workspace it runs in (runStep's `to`); the default workspace's when absent. */
  teamId?: string;
}

const USER = /^[UW][A-Z0-9]+$/;
const INTERACTIVITY = 'slack#/types/interactivity';

/**
 * The interactivity Slack gives a run started by a person (docs.slack.dev "interactivity type",
 * "Interaction payloads"): who they are, a secret and a pointer. Only Slack's own functions and
 * triggers output it, so a workflow's builder cannot type one in.
 */
function interactivityOf(userId: string) {
  const now = Date.now();
  return {
    interactor: { id: userId, secret: randomBytes(40).toString('base64url') },
    interactivity_pointer: `${now}.${now % 10_000_000_000_000}.${randomBytes(16).toString('hex')}`,
  };
}
const CHANNEL = /^[CGD][A-Z0-9]+$/;

/** Whether a value is of a Slack parameter type (the types Workflow Builder checks). */
function ofType(type: string, v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
    case 'timestamp':
      return Number.isSafeInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'slack#/types/user_id':
      return typeof v === 'string' && USER.test(v);
    case 'slack#/types/channel_id':
      return typeof v === 'string' && CHANNEL.test(v);
    case INTERACTIVITY: {
      const i = v as { interactor?: { id?: unknown; secret?: unknown }; interactivity_pointer?: unknown };
      return (
        typeof i === 'object' &&
        i !== null &&
        typeof i.interactor?.id === 'string' &&
        USER.test(i.interactor.id) &&
        typeof i.interactor.secret === 'string' &&
        typeof i.interactivity_pointer === 'string'
      );
    }
    default:
      return v !== undefined;
  }
}

/** What is wrong with `values` against `params`, one line a problem (none: they match). */
export function paramProblems(params: FunctionParams | undefined, values: Record<string, unknown>): string[] {
  const props = params?.properties ?? {};
  const problems: string[] = [];
  for (const [k, v] of Object.entries(values)) {
    const p = props[k];
    if (!p) problems.push(`${k}: not a declared parameter`);
    else if (!ofType(p.type, v)) problems.push(`${k}: must be of type ${p.type}`);
  }
  for (const r of params?.required ?? []) if (values[r] === undefined) problems.push(`${r}: is required`);
  return problems;
}

export class WorkflowFunctions {
  readonly definitions = new Map<string, { id: string; def: FunctionDefinition }>();
  readonly runs = new Map<string, FunctionRun>();

  constructor(private readonly appId: string) {}

  /** Installs the manifest's `functions` (as `slack manifest` / the app config page would). */
  define(functions: Record<string, FunctionDefinition>): void {
    for (const [callbackId, def] of Object.entries(functions))
      this.definitions.set(callbackId, { id: `Fn${randomBytes(5).toString('hex').toUpperCase()}`, def });
  }

  /**
   * A workflow reaches the step: a run starts and the event Slack sends is returned. `by` is the
   * person whose click (link, button or shortcut trigger, form) started the workflow: Slack fills
   * the step's interactivity inputs with them; without one (a scheduled or event trigger) there is
   * none to give. Workflow Builder only lets declared inputs of their types through, and never an
   * interactivity typed in by the builder; `unchecked` sends the inputs as given (a workflow built
   * against an older definition, a forged or missing interactivity; `by` still fills one not given).
   */
  start(
    callbackId: string,
    given: Record<string, unknown>,
    opts: { unchecked?: boolean; by?: string } = {},
  ): { run: FunctionRun; event: Record<string, unknown> & { type: string } } {
    const found = this.definitions.get(callbackId);
    if (!found) throw new Error(`the app declares no function ${callbackId}`);
    const props = found.def.input_parameters?.properties ?? {};
    const personal = Object.keys(props).filter((k) => props[k]?.type === INTERACTIVITY);
    if (!opts.unchecked && personal.some((k) => k in given))
      throw new Error(`Workflow Builder would not run ${callbackId}: only Slack gives an interactivity`);
    const inputs = { ...given };
    if (opts.by !== undefined)
      for (const k of personal) if (!(k in given)) inputs[k] = interactivityOf(opts.by);
    const problems = paramProblems(found.def.input_parameters, inputs);
    if (!opts.unchecked && problems.length > 0)
      throw new Error(`Workflow Builder would not run ${callbackId}: ${problems.join('; ')}`);
    const hex = () => randomBytes(6).toString('hex').toUpperCase();
    const run: FunctionRun = {
      id: `Fx${hex()}`,
      callbackId,
      workflowExecutionId: `Wx${hex()}`,
      inputs,
      token: `xwfp-local-${randomBytes(10).toString('hex')}`,
      status: 'running',
      startedAt: Date.now(),
    };
    this.runs.set(run.id, run);
    const param = ([name, p]: [string, FunctionParam], required: string[] = []) => ({
      type: p.type,
      name,
      ...(p.description ? { description: p.description } : {}),
      ...(p.title ? { title: p.title } : {}),
      is_required: required.includes(name),
    });
    const { def } = found;
    const now = Math.floor(run.startedAt / 1_000);
    const event = {
      type: 'function_executed',
      function: {
        id: found.id,
        callback_id: callbackId,
        title: def.title,
        ...(def.description ? { description: def.description } : {}),
        type: 'app',
        input_parameters: Object.entries(def.input_parameters?.properties ?? {}).map((e) =>
          param(e, def.input_parameters?.required),
        ),
        output_parameters: Object.entries(def.output_parameters?.properties ?? {}).map((e) =>
          param(e, def.output_parameters?.required),
        ),
        app_id: this.appId,
        date_created: now,
        date_updated: now,
        date_deleted: 0,
      },
      inputs,
      function_execution_id: run.id,
      workflow_execution_id: run.workflowExecutionId,
      event_ts: `${now}.${String(run.startedAt % 1_000).padStart(3, '0')}000`,
      bot_access_token: run.token,
    };
    return { run, event };
  }

  /** The run a function-scoped token belongs to, while that run is running. */
  runOfToken(token: string): FunctionRun | undefined {
    for (const run of this.runs.values()) if (run.token === token && run.status === 'running') return run;
    return undefined;
  }

  /**
   * Whether `token` is the app's bot token where the run `args` names runs: the default
   * workspace's, or an install's valid in the run's org workspace (`valid`).
   */
  isBotTokenOfRun(
    token: unknown,
    args: Record<string, unknown>,
    botToken: string,
    valid: (token: string, team: string) => boolean,
  ): boolean {
    const run = this.runs.get(String(args.function_execution_id ?? ''));
    if (!run?.teamId) return token === botToken;
    return typeof token === 'string' && valid(token, run.teamId);
  }

  /** functions.completeSuccess / completeError, called with the bot token or a run's own token. */
  complete(
    kind: 'success' | 'error',
    args: Record<string, unknown>,
    byRun: FunctionRun | undefined,
  ): MethodAnswer {
    const id = typeof args.function_execution_id === 'string' ? args.function_execution_id : '';
    if (!id) return fail('invalid_arguments');
    const run = this.runs.get(id);
    if (!run) return fail('function_execution_not_found');
    if (byRun && byRun.id !== run.id) return fail('access_denied');
    if (run.status !== 'running') return fail('execution_not_in_running_state');
    if (kind === 'error') {
      if (typeof args.error !== 'string' || args.error.trim() === '') return fail('invalid_arguments');
      Object.assign(run, { status: 'failed', error: args.error, endedAt: Date.now() });
      return { ok: true };
    }
    let outputs: unknown = args.outputs;
    // Form-encoded calls carry the object as JSON text.
    if (typeof outputs === 'string') {
      try {
        outputs = JSON.parse(outputs);
      } catch {
        return fail('invalid_arguments');
      }
    }
    if (typeof outputs !== 'object' || outputs === null || Array.isArray(outputs))
      return fail('invalid_arguments');
    const def = this.definitions.get(run.callbackId)?.def;
    const problems = paramProblems(def?.output_parameters, outputs as Record<string, unknown>);
    if (problems.length > 0) return { ...fail('parameter_validation_failed'), errors: problems };
    Object.assign(run, { status: 'completed', outputs, endedAt: Date.now() });
    return { ok: true };
  }
}
