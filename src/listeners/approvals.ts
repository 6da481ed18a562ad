import type { App } from '@slack/bolt';
import { ApprovalId, parseApprovalMeta } from '../blockkit/approval.js';
import { describeFailure } from '../blockkit/failure.js';
import { renderErrorModal } from '../blockkit/modals.js';
import { isResourceId } from '../domain/finding-id.js';
import { checkDecisionForm, decide, openDecision } from '../usecases/approvals.js';
import type { WardenDeps } from '../usecases/deps.js';
import { tellUser } from '../usecases/tell-user.js';
import { BlockActionSchema, ViewSubmissionSchema } from './payloads.js';
import { refOf } from './ref.js';

const BUTTONS = /^approval\.(approve|deny)$/;

/** Approve… / Deny… on a four-eyes request, and their forms. */
export function registerApprovalListeners(app: App, deps: WardenDeps): void {
  app.action(BUTTONS, async ({ ack, body, context }) => {
    await ack();
    await deps.work.run(async () => {
      const ref = refOf(context);
      const parsed = BlockActionSchema.safeParse(body);
      if (!parsed.success) return;
      const p = parsed.data;
      const [action] = p.actions;
      const kind = action?.action_id === ApprovalId.approve ? 'approve' : 'deny';
      const approvalId = action?.value ?? '';
      const audience = {
        channel: p.channel?.id ?? p.user.id,
        user: p.user.id,
        responseUrl: p.response_url ?? undefined,
      };
      if (!isResourceId(approvalId)) {
        await tellUser(deps, audience, ':warning: This button is not valid.');
        return;
      }
      try {
        await openDecision(deps, { kind, approvalId, userId: p.user.id, triggerId: p.trigger_id, ref });
      } catch (error) {
        deps.logger.error({ err: error, ref }, 'could not open the approval form');
        await tellUser(deps, audience, describeFailure(error, 'open the approval form', ref));
      }
    });
  });

  app.view(BUTTONS, async ({ ack, body, context }) => {
    const ref = refOf(context);
    const parsed = ViewSubmissionSchema.safeParse(body);
    const meta = parsed.success ? parseApprovalMeta(parsed.data.view.private_metadata) : undefined;
    if (!parsed.success || !meta) {
      await ack({
        response_action: 'update',
        view: renderErrorModal(':warning: This form could not be read; nothing was decided.'),
      });
      return;
    }
    const kind = parsed.data.view.callback_id === ApprovalId.approve ? 'approve' : 'deny';
    const form = checkDecisionForm(kind, meta, parsed.data.view.state.values, deps.now());
    if (!form.ok) {
      await ack({ response_action: 'errors', errors: form.errors });
      return;
    }
    await ack();
    await deps.work.run(async () => {
      await decide(deps, {
        kind,
        approvalId: meta.approvalId,
        userId: parsed.data.user.id,
        ref,
        ...(form.expiresAt ? { expiresAt: form.expiresAt } : {}),
        ...(form.reason ? { reason: form.reason } : {}),
      });
    });
  });
}
