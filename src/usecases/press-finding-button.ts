import { isFormKind } from '../blockkit/action-table.js';
import { describeFailure } from '../blockkit/failure.js';
import type { FindingActionKind } from '../domain/actions.js';
import type { Audience } from '../ports/slack.js';
import { type AuthorizePorts, refusal } from './authorize.js';
import { type ChangePorts, changeFindingState } from './change-finding-state.js';
import { type OpenFormPorts, openActionModal } from './open-action-modal.js';

export type ButtonPorts = ChangePorts & AuthorizePorts & OpenFormPorts;

export interface ButtonPress {
  kind: FindingActionKind;
  findingId: string;
  userId: string;
  channel: string;
  /** The card the button is on. */
  cardTs: string | undefined;
  triggerId: string;
  audience: Audience;
  ref: string;
}

/**
 * A button on a finding card. The button must be on the card Warden posted for that finding and
 * the person allowed; an action with a form opens it (loading view first, checks after), the
 * others act at once.
 */
export async function pressFindingButton(p: ButtonPorts, b: ButtonPress): Promise<void> {
  const { kind } = b;
  const request = {
    kind: 'act' as const,
    userId: b.userId,
    action: b.kind,
    channel: b.channel,
    findingId: b.findingId,
    cardTs: b.cardTs ?? '',
  };
  const gate = () => refusal(p, request, b.ref);
  if (isFormKind(kind)) {
    try {
      await openActionModal(p, { ...b, kind, gate });
    } catch (error) {
      p.logger.error({ err: error, ref: b.ref, findingId: b.findingId }, 'could not open the form');
      await p.privately.tell(b.audience, describeFailure(error, 'open the form', b.ref));
    }
    return;
  }
  const refused = await gate();
  if (refused) {
    await p.privately.tell(b.audience, `:no_entry_sign: ${refused}`);
    return;
  }
  await changeFindingState(p, {
    findingId: b.findingId,
    action: { kind },
    actorId: b.userId,
    audience: b.audience,
    card: b.cardTs ? { channel: b.channel, ts: b.cardTs } : undefined,
    channel: b.channel,
    ref: b.ref,
  });
}
