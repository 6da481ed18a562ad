import type { App } from '@slack/bolt';
import { ConnectWords } from '../blockkit/connect-words.js';
import { stepError, stepWords } from '../blockkit/workflow-step-words.js';
import { interactorOf } from '../domain/workflow-steps.js';
import type { Ports } from '../ports/index.js';
import { asPerson } from '../usecases/shared/speech.js';
import { plainStepError } from '../usecases/shared/workflow-step-end.js';
import { runWorkflowStep, type StepEnd } from '../usecases/workflow-steps/workflow-step.js';
import { type ListenerContext, portsOf } from './context.js';
import { refOf } from './ref.js';
import type { StepRow } from './routes/workflow-steps.js';

/**
 * Runs a Workflow Builder step (function_executed; Bolt acks it): on the work queue like any
 * interaction, then ends it with Bolt's complete/fail (the run's own function-scoped token). A
 * run Slack delivers again (a retried event) is run once, whichever replica each delivery lands
 * on. Whatever fails, the step is ended with a sentence and a ref, never left running — except a
 * four-eyes request or a step-up verification, whose end ends it.
 */

/** A run is remembered this long: Slack's retries come within minutes (1, then 5). */
const REMEMBER_RUN_MS = 60 * 60_000;

/**
 * Whether this is the run's first delivery: here (memory) and for every replica (the store). A
 * store that does not answer cannot say: `unknown`, and the step is failed rather than risk a
 * change made twice.
 */
async function firstDelivery(
  ctx: ListenerContext,
  p: Pick<Ports, 'clock' | 'logger'>,
  executionId: string,
  ref: string,
): Promise<true | 'repeat' | 'unknown'> {
  const key = `function:${executionId}`;
  const log = p.logger.child({ ref, execution: executionId });
  let first = !ctx.delivered.checkAndAdd(key);
  try {
    const now = p.clock();
    if (first && ctx.replays) first = await ctx.replays.rememberOnce(key, now + REMEMBER_RUN_MS, now);
  } catch (error) {
    log.error({ err: error }, 'workflow step not taken: the store did not say whether it is new');
    return 'unknown';
  }
  if (!first) log.info('repeated workflow step delivery ignored');
  return first ? true : 'repeat';
}
export function registerSteps(app: App, ctx: ListenerContext, rows: readonly StepRow[]): void {
  for (const row of rows)
    app.function(row.callbackId, async ({ event, complete, fail, context }) => {
      const ref = refOf(context);
      const executionId = event.function_execution_id;
      const p = portsOf(ctx, context, row.what);
      if (!p)
        return void (await fail({ error: stepError(`${ConnectWords.notInstalled} (ref ${ref})`) }).catch(
          () => undefined,
        ));
      const first = await firstDelivery(ctx, p, executionId, ref);
      if (first !== true) {
        if (first === 'unknown') await fail({ error: stepWords.notTaken(ref) }).catch(() => undefined);
        return;
      }
      // The step's errors and what it posts privately speak the language of who ran the workflow.
      const runner = Object.values(event.inputs ?? {})
        .map(interactorOf)
        .find((id) => id !== undefined);
      await ctx.work.run(() =>
        asPerson(p, runner, async () => {
          let end: StepEnd;
          try {
            end = await runWorkflowStep(p, {
              stepId: row.callbackId,
              executionId,
              inputs: event.inputs,
              ref,
            });
          } catch (error) {
            p.logger.error(
              { err: error, ref, step: row.callbackId },
              `workflow step failed: could not ${row.what}`,
            );
            p.metrics.interactionFailures.inc({ what: row.what });
            end = { ok: false, error: stepWords.crashed(ref) };
          }
          if ('waiting' in end) return;
          try {
            if (end.ok) await complete({ outputs: end.outputs });
            else await fail({ error: await plainStepError(p, end.error) });
          } catch (error) {
            p.logger.error({ err: error, ref, execution: executionId }, 'workflow step could not be ended');
          }
        }),
      );
    });
}
