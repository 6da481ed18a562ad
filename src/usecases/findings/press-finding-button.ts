import { isFormKind } from '../../blockkit/action-table.js';
import type { FindingActionKind } from '../../domain/actions.js';
import type { Audience } from '../../ports/slack.js';
import { type OpenFormPorts, openActionModal } from './open-action-modal.js';
import { type SubmitPorts, submitFindingAction } from './submit-action.js';

export type ButtonPorts = SubmitPorts & OpenFormPorts;

export interface ButtonPress {
  kind: FindingActionKind;
  findingId: string;
  userId: string;
  channel: string;
  /** The card the button is on. */
  cardTs: string | undefined;
  /** The loading modal the runner opened, for an action with a form. */
  viewId: string | undefined;
  audience: Audience;
  ref: string;
}

/**
 * A button on a finding card (the runner checked it is on Warden's card for that finding and the
 * person is allowed): an action with a form fills the modal already open, the others act at once
 * (through the one routing, so a step-up configured for them holds them too).
 */
export async function pressFindingButton(p: ButtonPorts, b: ButtonPress): Promise<void> {
  const { kind } = b;
  if (isFormKind(kind)) {
    if (b.viewId) await openActionModal(p, { ...b, kind, viewId: b.viewId });
    return;
  }
  await submitFindingAction(p, {
    findingId: b.findingId,
    action: { kind },
    actorId: b.userId,
    audience: b.audience,
    card: b.cardTs ? { channel: b.channel, ts: b.cardTs } : undefined,
    channel: b.channel,
    ref: b.ref,
  });
}
