// The app's shortcuts, as Slack offers them: message shortcuts in a message's "More actions"
// menu, global ones in the shortcuts menu (here: the Demo tools), plus "write a message, then
// use a shortcut on it" (the local Slack posts it as the person). The list is the app's manifest's.

import { el } from './dom.js';
import { $, note, post, S } from './state.js';

async function use(callbackId, where) {
  const answer = await post('/demo/shortcut', { callbackId, ...where });
  if (answer.error) note(`That shortcut was not delivered: ${answer.error}.`, 'error');
}

const ofType = (type) => S.shortcuts.filter((s) => s.type === type);

/** A message's "More actions" menu: picking a message shortcut uses it on this message. */
export function messageMenu(m) {
  const list = ofType('message');
  if (!list.length || !m.ts) return null;
  return el(
    'select',
    {
      class: 'msg-shortcuts',
      'aria-label': 'More actions',
      title: 'More actions',
      onchange: (ev) => {
        const id = ev.currentTarget.value;
        ev.currentTarget.value = '';
        if (id) use(id, { channel: m.channel, messageTs: m.ts });
      },
    },
    el('option', { value: '' }, '⋯'),
    ...list.map((s) => el('option', { value: s.callbackId }, s.name)),
  );
}

/** The Demo tools' shortcuts: each global shortcut, and each message shortcut on a message written now. */
export function buildShortcutTools() {
  const box = $('shortcut-tools');
  if (!box) return;
  box.replaceChildren(
    ...ofType('global').map((s) =>
      el('button', { type: 'button', class: 'btn', onclick: () => use(s.callbackId, {}) }, `⚡ ${s.name}`),
    ),
    ...ofType('message').map((s) =>
      el(
        'button',
        {
          type: 'button',
          class: 'btn',
          onclick: () => {
            const text = prompt(`Your message in this conversation, then "${s.name}" on it:`);
            if (text?.trim()) use(s.callbackId, { channel: S.current, text });
          },
        },
        `✉ Write a message, then ${s.name}`,
      ),
    ),
  );
}
