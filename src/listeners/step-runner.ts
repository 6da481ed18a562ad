import type { App } from '@slack/bolt';
import { stepWords } from '../blockkit/workflow-step-words.js';
import { runWorkflowStep, type StepEnd } from '../usecases/workflow-step.js';
import { type ListenerContext, portsOf } from './context.js';
import { refOf } from './ref.js';
import type { StepRow } from './routes/workflow-steps.js';

/**
 * Runs a Workflow Builder step (function_executed; Bolt acks it): on the work queue like any
 * interaction, then ends it with Bolt's complete/fail (the run's own function-scoped token). A
 * run Slack delivers again (a retried event) is run once. Whatever fails, the step is ended with
 * a sentence and a ref, never left running — except a four-eyes request, which its decision ends.
 */
export function registerSteps(app: App, ctx: ListenerContext, rows: readonly StepRow[]): void {
  for (const row of rows)
    app.function(row.callbackId, async ({ event, complete, fail, context }) => {
      const ref = refOf(context);
      const executionId = event.function_execution_id;
      const p = portsOf(ctx, context);
      if (ctx.delivered.checkAndAdd(`function:${executionId}`)) {
        p.logger.info({ ref, execution: executionId }, 'repeated workflow step delivery ignored');
        return;
      }
      await ctx.work.run(async () => {
        let end: StepEnd;
        try {
          end = await runWorkflowStep(p, { stepId: row.callbackId, executionId, inputs: event.inputs, ref });
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
          else await fail({ error: end.error });
        } catch (error) {
          p.logger.error({ err: error, ref, execution: executionId }, 'workflow step could not be ended');
        }
      });
    });
}
