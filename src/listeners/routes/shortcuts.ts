import { parseFind, renderFindModal } from '../../blockkit/find-finding.js';
import {
  type MessageRef,
  parseAttach,
  parseMessageMeta,
  parseReport,
} from '../../blockkit/forms/shortcut-forms.js';
import { ShortcutId } from '../../blockkit/ids.js';
import { noCardChannel, noSuchFinding } from '../../blockkit/shortcut-words.js';
import { isResourceId } from '../../domain/finding-id.js';
import { isApiError } from '../../errors.js';
import type { Ports } from '../../ports/index.js';
import { cardChannelOf, findFinding, openFoundCard } from '../../usecases/findings/find-finding.js';
import { attachNote, openAttachForm } from '../../usecases/shortcuts/attach-note.js';
import { openReportForm, reportActivity } from '../../usecases/shortcuts/report-activity.js';
import { inChannel } from '../access.js';
import { action, type Granted, type Submission, view } from '../route.js';
import { shortcut } from '../shortcut-route.js';

/**
 * The shortcuts (manifest `features.shortcuts`) and their forms. Opening one needs the `show`
 * permission where the person is (guests and other organisations are refused before any form);
 * attaching needs it in the channel of the finding's card (else the message's), as a click there
 * would; a report naming a finding needs `createTask` on it; Open card needs `show` where the
 * card is shown.
 */

/** The finding named in a form, or why not: an id the tenant does not know is told, not failed. */
async function findingHere(
  p: Ports,
  findingId: string,
  fallback: string,
): Promise<{ channel: string } | { gone: string }> {
  try {
    const [card] = await p.cards.messagesFor(findingId);
    if (card) return { channel: card.channel };
    await p.findings.get(findingId);
    return { channel: fallback };
  } catch (error) {
    if (isApiError(error) && error.kind === 'not_found') return { gone: noSuchFinding(findingId) };
    throw error;
  }
}

const messageOf = (s: Submission): MessageRef | undefined => parseMessageMeta(s.metadata);

export const SHORTCUT_ROUTES = [
  shortcut({
    type: 'message_action',
    callbackId: ShortcutId.attach,
    what: 'attach the message to a finding',
    value: (s) => s.message,
    access: (_p, m, s) => inChannel('show', { userId: s.userId, channel: m.channel }),
    run: (p, _m, s) => openAttachForm(p, s),
  }),
  view({
    callbackIds: [ShortcutId.attach],
    what: 'attach the message to the finding',
    read: (_p, s) => {
      const message = messageOf(s);
      if (!message) return { ok: false, unreadable: true };
      const form = parseAttach(s.values);
      if (!form.ok) return form;
      return {
        ok: true,
        value: { findingId: form.findingId, message },
        audience: (user) => ({ channel: message.channel, user }),
      };
    },
    access: async (p, v, s): Promise<Granted> => {
      const here = await findingHere(p, v.findingId, v.message.channel);
      if ('gone' in here) return here;
      return { kind: 'act', userId: s.userId, action: 'show', channel: here.channel, findingId: v.findingId };
    },
    run: (p, v, s) => attachNote(p, { ...v, userId: s.userId, audience: s.audience, ref: s.ref }),
  }),
  shortcut({
    type: 'message_action',
    callbackId: ShortcutId.report,
    what: 'report suspicious identity activity',
    value: (s) => s.message,
    access: (_p, m, s) => inChannel('show', { userId: s.userId, channel: m.channel }),
    run: (p, _m, s) => openReportForm(p, s),
  }),
  view({
    callbackIds: [ShortcutId.report],
    what: 'send your report',
    read: (_p, s) => {
      const message = messageOf(s);
      if (!message) return { ok: false, unreadable: true };
      const form = parseReport(s.values);
      if (!form.ok) return form;
      return {
        ok: true,
        value: { report: form.report, message },
        audience: (user) => ({ channel: message.channel, user }),
      };
    },
    access: async (p, v, s): Promise<Granted> => {
      const { findingId } = v.report;
      if (!findingId) return inChannel('show', { userId: s.userId, channel: v.message.channel });
      const here = await findingHere(p, findingId, v.message.channel);
      if ('gone' in here) return here;
      return { kind: 'act', userId: s.userId, action: 'createTask', channel: here.channel, findingId };
    },
    run: (p, v, s) => reportActivity(p, { ...v, userId: s.userId, audience: s.audience, ref: s.ref }),
  }),
  shortcut({
    type: 'shortcut',
    callbackId: ShortcutId.find,
    what: 'open Find a finding',
    value: (s) => s,
    // Searching changes nothing; what it shows is asked again on Open card.
    access: (_p, _v, s) => inChannel('show', { userId: s.userId, channel: undefined }),
    run: async (p, _v, s) => void (s.viewId && (await p.views.update(s.viewId, renderFindModal()))),
  }),
  view({
    callbackIds: [ShortcutId.find],
    what: 'search the findings',
    read: (_p, s) => {
      const form = parseFind(s.values);
      if (!form.ok) return form;
      return { ok: true, value: form.query, audience: (user) => ({ channel: user, user }) };
    },
    updating: (query) => renderFindModal({ query, searching: true }),
    access: (_p, _q, s) => inChannel('show', { userId: s.userId, channel: undefined }),
    run: (p, query, s) => findFinding(p, { query, viewId: s.viewId, ref: s.ref }),
  }),
  action({
    ids: [ShortcutId.openCard],
    what: 'open the finding’s card',
    value: (c) => (isResourceId(c.value) && c.view ? c.value : undefined),
    modal: 'push',
    access: async (p, findingId, c): Promise<Granted> => {
      const channel = await cardChannelOf(p, findingId);
      if (!channel) return { gone: noCardChannel() };
      return { kind: 'act', userId: c.userId, action: 'show', channel, findingId };
    },
    run: async (p, findingId, c) => {
      const channel = await cardChannelOf(p, findingId);
      if (!channel || !c.viewId) return;
      await openFoundCard(p, { findingId, channel, viewId: c.viewId });
    },
  }),
];
