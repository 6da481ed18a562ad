import { parseContainMeta, parseContainSubmission } from '../../blockkit/contain.js';
import { ContainId } from '../../blockkit/ids.js';
import { decideContain } from '../../usecases/contain/decide-contain.js';
import { openContainForm } from '../../usecases/contain/open-contain.js';
import { submitContain } from '../../usecases/contain/request-contain.js';
import { inChannel, onCard } from '../access.js';
import { action, view } from '../route.js';
import { findingIdOf } from './findings.js';

/** A containment's id as the form and the request's buttons carry it (nothing else is trusted). */
const containIdOf = (v: string) => (/^ctn_[a-z0-9]{8,40}$/.test(v) ? v : undefined);

/**
 * Contain… (issue 39): the card's button and the thread's offer open the form; the form asks for
 * the containment; Approve / Deny on its request decide it (the approvers' group and "not the
 * requester" are checked by the use case; guests, bots and other organisations by the row).
 */
export const CONTAIN_ROUTES = [
  action({
    ids: [ContainId.open],
    what: 'open Contain…',
    value: findingIdOf,
    modal: 'open',
    access: onCard('contain'),
    run: (p, findingId, c) =>
      openContainForm(p, {
        findingId,
        userId: c.userId,
        channel: c.audience.channel,
        cardTs: c.message?.ts,
        viewId: c.viewId ?? '',
        ref: c.ref,
      }),
  }),
  action({
    ids: [ContainId.offer],
    what: 'open Contain…',
    value: findingIdOf,
    modal: 'open',
    access: (_p, findingId, c) =>
      inChannel('contain', { userId: c.userId, channel: c.audience.channel }, findingId),
    run: (p, findingId, c) =>
      openContainForm(p, {
        findingId,
        userId: c.userId,
        channel: c.audience.channel,
        viewId: c.viewId ?? '',
        ref: c.ref,
      }),
  }),
  view({
    callbackIds: [ContainId.form],
    what: 'ask to contain the finding',
    read: (_p, s) => {
      const meta = parseContainMeta(s.metadata);
      if (!meta) return { ok: false, unreadable: true };
      const form = parseContainSubmission(s.values);
      if (!form.ok) return form;
      return {
        ok: true,
        value: { meta, choice: form.choice, reason: form.reason },
        audience: (user) => ({ channel: meta.channel ?? user, user }),
      };
    },
    access: (_p, { meta }, s) => ({
      kind: 'act',
      userId: s.userId,
      action: 'contain',
      channel: meta.channel ?? s.userId,
      findingId: meta.findingId,
    }),
    run: async (p, { meta, choice, reason }, s) => {
      await submitContain(p, {
        id: meta.id,
        findingId: meta.findingId,
        targetKey: meta.targetKey,
        choice,
        reason,
        userId: s.userId,
        channel: meta.channel ?? s.userId,
        cardTs: meta.ts,
        audience: s.audience,
        ref: s.ref,
      });
    },
  }),
  action({
    ids: [ContainId.approve, ContainId.deny],
    what: 'decide on the containment',
    value: (c) => {
      const containId = containIdOf(c.value);
      return containId
        ? { containId, kind: c.actionId === ContainId.approve ? ('approve' as const) : ('deny' as const) }
        : undefined;
    },
    belongs: (v) => ({ contain: v.containId }),
    access: (_p, _v, c) => ({
      kind: 'act',
      userId: c.userId,
      action: 'contain',
      channel: c.audience.channel,
    }),
    run: (p, v, c) =>
      decideContain(p, {
        kind: v.kind,
        containId: v.containId,
        userId: c.userId,
        audience: c.audience,
        ref: c.ref,
      }),
  }),
];
