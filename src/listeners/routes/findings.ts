import {
  actionKindOf,
  FINDING_ACTION_IDS,
  FORM_CALLBACK_IDS,
  formKindOf,
  formOf,
  isFormKind,
} from '../../blockkit/action-table.js';
import { parseModalMetadata } from '../../blockkit/forms/form-state.js';
import { TASK_ACTION_ID } from '../../blockkit/ids.js';
import { isResourceId } from '../../domain/finding-id.js';
import { createTask } from '../../usecases/findings/create-task.js';
import { maxDaysOf } from '../../usecases/findings/open-action-modal.js';
import { pressFindingButton } from '../../usecases/findings/press-finding-button.js';
import { submitActionForm } from '../../usecases/findings/submit-action.js';
import { onCard } from '../access.js';
import { action, type Click, view } from '../route.js';

/** A button's value naming a finding (nothing else is trusted). */
export const findingIdOf = (c: Click): string | undefined => (isResourceId(c.value) ? c.value : undefined);

/** What a card's button hands its use case: the finding, who clicked, where, the card, the modal. */
export const fromCard = (findingId: string, c: Click) => ({
  findingId,
  userId: c.userId,
  channel: c.audience.channel,
  card: c.message,
  cardTs: c.message?.ts,
  viewId: c.viewId ?? '',
  audience: c.audience,
  ref: c.ref,
});

/** The finding card's action buttons, Create task, and the action forms. */
export const FINDING_ROUTES = [
  action({
    ids: FINDING_ACTION_IDS,
    what: 'act on the finding',
    value: (c) => {
      const kind = actionKindOf(c.actionId);
      const findingId = findingIdOf(c);
      return kind && findingId ? { kind, findingId } : undefined;
    },
    modal: (v) => (isFormKind(v.kind) ? 'open' : undefined),
    access: (p, v, c) => onCard(v.kind)(p, v.findingId, c),
    run: (p, v, c) =>
      pressFindingButton(p, {
        ...v,
        userId: c.userId,
        channel: c.audience.channel,
        cardTs: c.message?.ts,
        viewId: c.viewId,
        audience: c.audience,
        ref: c.ref,
      }),
  }),
  action({
    ids: [TASK_ACTION_ID],
    what: 'create the task',
    value: findingIdOf,
    access: onCard('createTask'),
    run: (p, findingId, c) => createTask(p, fromCard(findingId, c)),
  }),
  view({
    callbackIds: FORM_CALLBACK_IDS,
    what: 'take the form',
    read: (p, s) => {
      const kind = formKindOf(s.callbackId);
      const meta = parseModalMetadata(s.metadata || undefined);
      if (!kind || !meta) return { ok: false, unreadable: true };
      const now = new Date(p.clock());
      const form = formOf(kind).parse(s.values, meta, now, maxDaysOf(p, kind), p.settings.closureReasons);
      if (!form.ok) return form;
      const value = { action: form.action, meta };
      return { ok: true, value, audience: (user) => ({ channel: meta.channel ?? user, user }) };
    },
    access: (_p, { action: a, meta }, s) => ({
      kind: 'act',
      userId: s.userId,
      action: a.kind,
      channel: meta.channel ?? s.userId,
      findingId: meta.findingId,
      cardTs: meta.ts,
    }),
    run: (p, { action: a, meta }, s) =>
      submitActionForm(p, {
        action: a,
        findingId: meta.findingId,
        userId: s.userId,
        channel: meta.channel,
        cardTs: meta.ts,
        ref: s.ref,
      }),
  }),
];
