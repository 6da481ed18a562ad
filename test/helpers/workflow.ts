import { readFileSync } from 'node:fs';
import type { FunctionDefinition, FunctionRun } from '@warden/simulators';
import { expect } from 'vitest';
import { parse } from 'yaml';
import { type Harness, waitFor } from './harness.js';

/**
 * Workflow Builder steps as a workflow runs them: the local Slack is given manifest.yml's
 * `functions` (as Slack is when the app is configured), a run delivers function_executed to
 * Warden (HTTP, or Socket Mode), and the test waits for Warden to end it.
 */

const MANIFEST = parse(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8')) as {
  functions: Record<string, FunctionDefinition>;
};

export function defineSteps(h: Harness): void {
  h.slack.functions.define(MANIFEST.functions);
}

export interface RunOpts {
  /**
   * The person whose click (a link trigger) started the workflow: Slack gives the step their
   * interactivity. Alice unless said; null: nobody clicked (a scheduled trigger).
   */
  by?: string | null;
  /** Sent as given, past Workflow Builder's checks (an older definition, a forged event). */
  unchecked?: boolean;
  socket?: boolean;
}

const byOf = (opts: RunOpts) => (opts.by === null ? {} : { by: opts.by ?? 'U0ALICE' });

/** Runs a step as a workflow would and waits for Warden to end it (or, `running`, for it to be taken). */
export async function runStep(
  h: Harness,
  callbackId: string,
  inputs: Record<string, unknown>,
  opts: RunOpts = {},
): Promise<FunctionRun> {
  if (h.slack.functions.definitions.size === 0) defineSteps(h);
  const { run, delivery } = h.slack.runStep(callbackId, inputs, opts.socket ? 'socket' : { url: h.url }, {
    ...(opts.unchecked ? { unchecked: true } : {}),
    ...byOf(opts),
    retry: { retryDelaysMs: [] },
  });
  const delivered = await delivery;
  if (!delivered.delivered) throw new Error(`function_executed for ${callbackId} was not taken`);
  await waitFor(() => run.status !== 'running', 8_000, `${callbackId} to end`);
  if (run.status === 'failed') expectPlainStepError(run.error);
  return run;
}

/**
 * Slack shows a step's error as plain text in the workflow's activity: no mrkdwn marks, no
 * Slack tokens (a mention, a date, a link), no emoji code, escaped entities shown as characters.
 */
export function expectPlainStepError(error: string | undefined): void {
  expect(error).toBeTruthy();
  expect(error).not.toMatch(/[`*~]|(^|\s)_|_($|\s)|<[@#!]|<https?:|&(amp|lt|gt);|^:[a-z_]+:/);
}

/** Runs a step that waits (four-eyes): resolves once Warden has taken it and posted the request. */
export async function startStep(
  h: Harness,
  callbackId: string,
  inputs: Record<string, unknown>,
  opts: Pick<RunOpts, 'by'> = {},
) {
  if (h.slack.functions.definitions.size === 0) defineSteps(h);
  const { run, delivery } = h.slack.runStep(
    callbackId,
    inputs,
    { url: h.url },
    { ...byOf(opts), retry: { retryDelaysMs: [] } },
  );
  await delivery;
  return run;
}
