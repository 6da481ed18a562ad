import type { App } from '@slack/bolt';
import {
  parseApprovalMeta,
  parseApproveSubmission,
  parseDenySubmission,
} from '../blockkit/approval-forms.js';
import { describeFailure } from '../blockkit/failure.js';
import { APPROVAL_ID, ApprovalId } from '../blockkit/ids.js';
import { renderInfoModal } from '../blockkit/info-modal.js';
import { isResourceId } from '../domain/finding-id.js';
import { decide, openDecision } from '../usecases/decide-approval.js';
import type { ListenerContext } from './context.js';
import { audienceOf, BlockActionSchema, ViewSubmissionSchema } from './payloads.js';
import { refOf } from './ref.js';

/** Approve… / Deny… on a four-eyes request, and their forms. */
export function registerApprovalListeners(app: App, { ports, work }: ListenerContext): void {
  app.action(APPROVAL_ID, async ({ ack, body, context }) => {
    await ack();
    await work.run(async () => {
      const ref = refOf(context);
      const parsed = BlockActionSchema.safeParse(body);
      if (!parsed.success) return;
      const p = parsed.data;
      const [action] = p.actions;
      const kind = action?.action_id === ApprovalId.approve ? 'approve' : 'deny';
      const approvalId = action?.value ?? '';
      const audience = audienceOf(p);
      if (!isResourceId(approvalId)) {
        await ports.privately.tell(audience, ':warning: This button is not valid.');
        return;
      }
      try {
        await openDecision(ports, { kind, approvalId, userId: p.user.id, triggerId: p.trigger_id, ref });
      } catch (error) {
        ports.logger.error({ err: error, ref }, 'could not open the approval form');
        await ports.privately.tell(audience, describeFailure(error, 'open the approval form', ref));
      }
    });
  });

  app.view(APPROVAL_ID, async ({ ack, body, context }) => {
    const ref = refOf(context);
    const parsed = ViewSubmissionSchema.safeParse(body);
    const meta = parsed.success ? parseApprovalMeta(parsed.data.view.private_metadata) : undefined;
    if (!parsed.success || !meta) {
      await ack({
        response_action: 'update',
        view: renderInfoModal(':warning: This form could not be read; nothing was decided.'),
      });
      return;
    }
    const kind = parsed.data.view.callback_id === ApprovalId.approve ? 'approve' : 'deny';
    const values = parsed.data.view.state.values;
    // Checked before the ack and without I/O: field errors go back on the field.
    const form =
      kind === 'deny'
        ? parseDenySubmission(values)
        : parseApproveSubmission(values, meta, new Date(ports.clock()));
    if (!form.ok) {
      await ack({ response_action: 'errors', errors: form.errors });
      return;
    }
    await ack();
    const userId = parsed.data.user.id;
    await work.run(() =>
      decide(ports, {
        kind,
        approvalId: meta.approvalId,
        userId,
        ref,
        ...('expiresAt' in form ? { expiresAt: form.expiresAt } : {}),
        ...('reason' in form ? { reason: form.reason } : {}),
      }),
    );
  });
}
