import type { App } from '@slack/bolt';
import { MODAL_CALLBACK_ID } from '../blockkit/ids.js';
import { parseModalMetadata, parseSubmission } from '../blockkit/modal-submission.js';
import { type ModalKind, renderErrorModal } from '../blockkit/modals.js';
import { requestRiskAcceptance } from '../usecases/approvals.js';
import { alertRefusal, authorize } from '../usecases/authorize.js';
import { changeFindingState } from '../usecases/change-finding-state.js';
import type { WardenDeps } from '../usecases/deps.js';
import { tellUser } from '../usecases/tell-user.js';
import { ViewSubmissionSchema } from './payloads.js';
import { refOf } from './ref.js';

function modalKind(callbackId: string): ModalKind | undefined {
  const kind = MODAL_CALLBACK_ID.exec(callbackId)?.[1];
  return kind === 'snooze' || kind === 'acceptRisk' || kind === 'suppress' || kind === 'resolve'
    ? kind
    : undefined;
}

/** Submissions of the action forms. Field errors go back on the field; nothing is sent then. */
export function registerViewListeners(app: App, deps: WardenDeps): void {
  app.view(MODAL_CALLBACK_ID, async ({ ack, body, context }) => {
    const ref = refOf(context);
    const parsed = ViewSubmissionSchema.safeParse(body);
    const kind = parsed.success ? modalKind(parsed.data.view.callback_id) : undefined;
    const meta = parsed.success
      ? parseModalMetadata(parsed.data.view.private_metadata ?? undefined)
      : undefined;
    if (!parsed.success || !kind || !meta) {
      deps.logger.warn({ ref }, 'view submission with unreadable metadata refused');
      await ack({
        response_action: 'update',
        view: renderErrorModal(
          'This form could not be read (it may have been altered or is too old). Nothing was changed; open it again from the alert.',
        ),
      });
      return;
    }
    const p = parsed.data;
    const maxDays = kind === 'snooze' ? deps.limits.snoozeMaxDays : deps.limits.riskAcceptanceMaxDays;
    const result = parseSubmission(kind, p.view.state.values, meta, deps.now(), maxDays);
    if (!result.ok) {
      await ack({ response_action: 'errors', errors: result.errors });
      return;
    }
    await ack();
    await deps.work.run(async () => {
      const channel = meta.channel ?? p.user.id;
      const audience = { channel, user: p.user.id };
      // Checked again on submit: permissions may have changed while the form was open.
      const check = { userId: p.user.id, action: kind, channel, findingId: meta.findingId, ref };
      if (!(await authorize(deps, check, audience))) return;
      if (meta.ts) {
        const refused = await alertRefusal(deps, { ...check, messageTs: meta.ts });
        if (refused) {
          await tellUser(deps, audience, `:no_entry_sign: ${refused}`);
          return;
        }
      }
      if (result.action.kind === 'acceptRisk' && deps.approvers) {
        await requestRiskAcceptance(deps, {
          findingId: meta.findingId,
          justification: result.action.justification,
          expiresAt: result.action.expiresAt,
          requesterId: p.user.id,
          channel,
          messageTs: meta.ts,
          audience,
          ref,
        });
        return;
      }
      await changeFindingState(deps, {
        findingId: meta.findingId,
        action: result.action,
        actorId: p.user.id,
        audience,
        message: meta.channel && meta.ts ? { channel: meta.channel, ts: meta.ts } : undefined,
        channel,
        ref,
      });
    });
  });
}
