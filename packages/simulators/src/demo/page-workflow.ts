import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import type { FunctionDefinition, FunctionRun } from '../slack/functions.js';
import type { LocalSlack } from '../slack/server.js';
import type { Answer, PageContext } from './page-actions.js';
import { isSwitchable } from './page-view.js';

/**
 * "Run a workflow step" on the demo page: the app's steps as its manifest declares them
 * (manifest.yml `functions`, given to the local Slack as Slack is given them), one run as a
 * workflow would start it — the person on the page clicked its link trigger, so their interactivity
 * is the step's "Person who ran the workflow" — and how
 * Warden ended it: its outputs, its error, or still running (a four-eyes request waits for an
 * approver: switch to carol and approve it).
 */

export const WorkflowStepSchema = z.object({
  user: z.string().refine(isSwitchable, 'not a person of the demo'),
  step: z.string().regex(/^[a-z_]{1,64}$/),
  inputs: z.record(z.string().max(64), z.union([z.string().max(2_000), z.number(), z.boolean()])).default({}),
});

/** A run the page started, asked after while it waits for an approver. */
export const WorkflowRunSchema = z.object({
  user: z.string().refine(isSwitchable, 'not a person of the demo'),
  execution: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});

/** The manifest's `functions`, read once from the repository the demo runs in. */
export function defineManifestSteps(slack: LocalSlack, manifestPath: string): void {
  const manifest = parse(readFileSync(manifestPath, 'utf8')) as {
    functions?: Record<string, FunctionDefinition>;
  };
  if (manifest.functions) slack.functions.define(manifest.functions);
}

/** How long the page waits for Warden to end the run before saying it is still running. */
const WAIT_MS = 6_000;

export async function runWorkflowStep(
  ctx: PageContext,
  o: z.output<typeof WorkflowStepSchema>,
): Promise<Answer> {
  if (!ctx.slack.functions.definitions.has(o.step)) return { status: 400, body: { error: 'no such step' } };
  let started: ReturnType<LocalSlack['runStep']>;
  try {
    // The person on the page clicked the workflow's link trigger: Slack gives the step their
    // interactivity (the person it runs as); the page never types one in.
    started = ctx.slack.runStep(o.step, o.inputs, { url: ctx.eventsUrl }, { by: o.user });
  } catch (error) {
    // Workflow Builder itself would not run it: a required input missing or of the wrong type.
    return { status: 200, body: { error: error instanceof Error ? error.message : String(error) } };
  }
  const { run } = started;
  const until = Date.now() + WAIT_MS;
  while (run.status === 'running' && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  return runAnswer(ctx.slack, run);
}

/** How a run stands now: the page asks again while it runs (a held step ends when approved). */
export function workflowRun(ctx: PageContext, o: z.output<typeof WorkflowRunSchema>): Answer {
  const run = ctx.slack.functions.runs.get(o.execution);
  if (!run) return { status: 404, body: { error: 'no such run' } };
  return runAnswer(ctx.slack, run);
}

/**
 * A run as the page shows it: its status, its error, and its outputs each with the title and
 * type the manifest gives them (the page shows a table, dates in the person's zone).
 */
function runAnswer(slack: LocalSlack, run: FunctionRun): Answer {
  const props = slack.functions.definitions.get(run.callbackId)?.def.output_parameters?.properties ?? {};
  const outputs = Object.entries(run.outputs ?? {}).map(([name, value]) => ({
    name,
    title: props[name]?.title ?? name,
    type: props[name]?.type ?? 'string',
    value,
  }));
  return {
    status: 200,
    body: {
      ok: true,
      execution: run.id,
      status: run.status,
      ...(run.outputs ? { outputs: run.outputs, shown: outputs } : {}),
      ...(run.error ? { error: run.error } : {}),
    },
  };
}

/** The steps the page offers, with their inputs (the page asks for the ones a person types). */
export function stepsOffered(slack: LocalSlack) {
  return [...slack.functions.definitions.entries()].map(([id, { def }]) => ({
    id,
    title: def.title,
    inputs: Object.entries(def.input_parameters?.properties ?? {})
      .filter(([, p]) => p.type !== 'slack#/types/interactivity')
      .map(([name, p]) => ({
        name,
        type: p.type,
        title: p.title ?? name,
        required: def.input_parameters?.required?.includes(name) === true,
      })),
  }));
}
