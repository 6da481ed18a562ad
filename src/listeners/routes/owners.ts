import { parseAssignOwner } from '../../blockkit/forms/assign-owner.js';
import { parseModalMetadata } from '../../blockkit/forms/form-state.js';
import { parseHistoryMetadata } from '../../blockkit/history.js';
import { ASSIGN_CALLBACK_ID, HistoryId, OwnerActionId } from '../../blockkit/ids.js';
import { openHistory, turnHistoryPage } from '../../usecases/findings/show-history.js';
import { assignOwner, openAssignOwner } from '../../usecases/owners/assign-owner.js';
import { notifyOwner } from '../../usecases/owners/notify-owner.js';
import { onCard } from '../access.js';
import { action, view } from '../route.js';
import { findingIdOf, fromCard } from './findings.js';

/** The owner and history buttons of a card, Assign owner's form, and History's paging. */
export const OWNER_ROUTES = [
  action({
    ids: [OwnerActionId.notify],
    what: 'notify the owner',
    value: findingIdOf,
    access: onCard('notifyOwner'),
    run: async (p, findingId, c) => void (await notifyOwner(p, fromCard(findingId, c))),
  }),
  action({
    ids: [OwnerActionId.assign],
    what: 'open Assign owner',
    value: findingIdOf,
    modal: 'open',
    access: onCard('assignOwner'),
    run: (p, findingId, c) => openAssignOwner(p, fromCard(findingId, c)),
  }),
  action({
    ids: [OwnerActionId.history],
    what: 'show the history',
    value: findingIdOf,
    modal: 'open',
    access: onCard('history'),
    run: (p, findingId, c) => openHistory(p, fromCard(findingId, c)),
  }),
  action({
    ids: [HistoryId.prev, HistoryId.next],
    what: 'turn the page',
    value: (c) => {
      const meta = c.view ? parseHistoryMetadata(c.view.metadata || undefined) : undefined;
      const page = Number(c.value);
      return meta && c.view && Number.isInteger(page) && page >= 0 && page <= 100_000
        ? { findingId: meta.findingId, page, viewId: c.view.id }
        : undefined;
    },
    // In a modal there is no card to check and no channel: the permission where it applies everywhere.
    access: (_p, h, c) => ({
      kind: 'act',
      userId: c.userId,
      action: 'history',
      channel: undefined,
      findingId: h.findingId,
    }),
    run: (p, h, c) => turnHistoryPage(p, { ...h, userId: c.userId, channel: undefined, ref: c.ref }),
  }),
  view({
    callbackIds: [ASSIGN_CALLBACK_ID],
    what: 'assign the owner',
    read: (_p, s) => {
      const meta = parseModalMetadata(s.metadata || undefined);
      if (!meta) return { ok: false, unreadable: true };
      const picked = parseAssignOwner(s.values);
      if (!picked.ok) return picked;
      const value = { meta, assigneeId: picked.userId };
      return { ok: true, value, audience: (user) => ({ channel: meta.channel ?? user, user }) };
    },
    access: (_p, { meta }, s) => ({
      kind: 'act',
      userId: s.userId,
      action: 'assignOwner',
      channel: meta.channel ?? s.userId,
      findingId: meta.findingId,
      cardTs: meta.ts,
    }),
    run: (p, { meta, assigneeId }, s) =>
      assignOwner(p, {
        findingId: meta.findingId,
        userId: s.userId,
        channel: meta.channel ?? s.userId,
        cardTs: meta.ts,
        assigneeId,
        ref: s.ref,
      }),
  }),
];
