import type { App } from '@slack/bolt';
import { FORM_CALLBACK_ID, formKindOf, formOf } from '../blockkit/action-table.js';
import { parseModalMetadata } from '../blockkit/forms/form-state.js';
import { renderInfoModal } from '../blockkit/info-modal.js';
import { maxDaysOf } from '../usecases/open-action-modal.js';
import { submitActionForm } from '../usecases/submit-action.js';
import type { ListenerContext } from './context.js';
import { ViewSubmissionSchema } from './payloads.js';
import { refOf } from './ref.js';

/** Submissions of the action forms. Field errors go back on the field; nothing is sent then. */
export function registerViewListeners(app: App, { ports, work }: ListenerContext): void {
  app.view(FORM_CALLBACK_ID, async ({ ack, body, context }) => {
    const ref = refOf(context);
    const parsed = ViewSubmissionSchema.safeParse(body);
    const kind = parsed.success ? formKindOf(parsed.data.view.callback_id) : undefined;
    const meta = parsed.success
      ? parseModalMetadata(parsed.data.view.private_metadata ?? undefined)
      : undefined;
    if (!parsed.success || !kind || !meta) {
      ports.logger.warn({ ref }, 'view submission with unreadable metadata refused');
      await ack({
        response_action: 'update',
        view: renderInfoModal(
          'This form could not be read (it may have been altered or is too old). Nothing was changed; open it again from the alert.',
        ),
      });
      return;
    }
    const p = parsed.data;
    const result = formOf(kind).parse(
      p.view.state.values,
      meta,
      new Date(ports.clock()),
      maxDaysOf(ports, kind),
      ports.settings.closureReasons,
    );
    if (!result.ok) {
      await ack({ response_action: 'errors', errors: result.errors });
      return;
    }
    await ack();
    await work.run(() =>
      submitActionForm(ports, {
        action: result.action,
        findingId: meta.findingId,
        userId: p.user.id,
        channel: meta.channel,
        cardTs: meta.ts,
        ref,
      }),
    );
  });
}
