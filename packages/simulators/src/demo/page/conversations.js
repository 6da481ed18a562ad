// Conversations as Slack shows them: one pane per conversation (the channel, the DM with
// Warden), messages and ephemeral messages in time order, threads collapsed to "N replies" and
// opened beside the conversation, an unread count on the DM.

import { el } from './dom.js';
import { messageMenu } from './shortcuts.js';
import { $, isReply, keyOf, markRead, note, post, reader, readUpTo, S, withAct } from './state.js';
import { tsKey } from './time.js';
import { messageNode, setReplies, Timeline, updateMessage } from './timeline.js';

/** One pane per conversation (kept, hidden when another is shown): channel, DM, Home. */
const panes = new Map();

export function pane(id) {
  let p = panes.get(id);
  if (!p) {
    // Shown at once when it is the open conversation (a channel's first message came after it was opened).
    const root = el('div', {
      class: 'timeline',
      'data-conversation': id,
      hidden: S.current !== id,
      tabindex: '-1',
    });
    $('panes').append(root);
    p = { root, timeline: new Timeline(root) };
    panes.set(id, p);
  }
  return p;
}

/** A button press, delivered to Warden; what went wrong on the way is said under the box. */
async function click(body) {
  const answer = await post('/demo/click', body);
  if (answer.error) note(`That click was not delivered: ${answer.error}.`, 'error');
}

/** A button on a link preview: Slack sends it with the person's message and the link. */
async function unfurlClick(body) {
  const answer = await post('/demo/unfurl-click', body);
  if (answer.error) note(`That click was not delivered: ${answer.error}.`, 'error');
}

const messageCtx = (m) =>
  Object.assign(
    withAct((a) => click({ ...a, channel: m.channel, messageTs: m.ts })),
    { messageMenu },
    { unfurlCtx: (url) => withAct((a) => unfurlClick({ ...a, url, messageTs: m.ts })) },
  );
const ephemeralCtx = (e) => withAct((a) => click({ ...a, channel: e.channel, ephemeralId: e.id }));

function showTopLevel(m) {
  const { timeline } = pane(m.channel);
  const key = keyOf(m.channel, m.ts);
  const node = timeline.get(key);
  if (node) updateMessage(node, m, messageCtx(m));
  else {
    timeline.insert(key, tsKey(m.ts), messageNode(m, false, messageCtx(m)));
    if (m.channel === S.dm && S.current === S.dm) markRead(tsKey(m.ts));
    else if (m.channel === S.dm && tsKey(m.ts) > readUpTo()) setUnread(S.unread + 1);
    answered(m.channel, timeline.get(key));
  }
  setReplies(timeline.get(key), [...(S.replies.get(key)?.values() ?? [])], reader);
  if (S.thread?.key === key) showThreadParent();
}

function showReply(m) {
  const parentKey = keyOf(m.channel, m.thread_ts);
  const list = S.replies.get(parentKey) ?? new Map();
  list.set(m.ts, m);
  const sorted = [...list.values()].sort((a, b) => tsKey(a.ts) - tsKey(b.ts));
  S.replies.set(parentKey, new Map(sorted.map((r) => [r.ts, r])));
  const parentNode = pane(m.channel).timeline.get(parentKey);
  if (parentNode) setReplies(parentNode, sorted, reader);
  if (S.thread?.key === parentKey) {
    const node = S.thread.timeline.get(m.ts);
    if (node) updateMessage(node, m, messageCtx(m));
    else S.thread.timeline.insert(m.ts, tsKey(m.ts), messageNode(m, false, messageCtx(m)));
  }
}

/** Forgets every message (another person's view is coming). */
export function clearConversations() {
  for (const p of panes.values()) p.timeline.clear();
  S.messages.clear();
  S.replies.clear();
  S.ephemerals.clear();
}

export function upsertMessage(m) {
  S.messages.set(keyOf(m.channel, m.ts), m);
  if (isReply(m)) showReply(m);
  else showTopLevel(m);
}

export function removeMessage(channel, ts) {
  const key = keyOf(channel, ts);
  const m = S.messages.get(key);
  S.messages.delete(key);
  if (m && isReply(m)) {
    const parentKey = keyOf(channel, m.thread_ts);
    S.replies.get(parentKey)?.delete(ts);
    const parentNode = pane(channel).timeline.get(parentKey);
    if (parentNode) setReplies(parentNode, [...(S.replies.get(parentKey)?.values() ?? [])], reader);
    if (S.thread?.key === parentKey) S.thread.timeline.remove(ts);
  } else pane(channel).timeline.remove(key);
}

export function upsertEphemeral(e) {
  S.ephemerals.set(e.id, e);
  const { timeline } = pane(e.channel);
  const node = timeline.get(`eph:${e.id}`);
  if (node) updateMessage(node, e, ephemeralCtx(e));
  else {
    timeline.insert(`eph:${e.id}`, e.ts ? tsKey(e.ts) : e.at * 1000, messageNode(e, true, ephemeralCtx(e)));
    answered(e.channel, timeline.get(`eph:${e.id}`));
  }
}

/** How long after a command its answer is still scrolled to (a later message is not "the answer"). */
const ANSWER_WAIT_MS = 30_000;

/** The first message in a conversation after a command sent there is its answer: shown in view. */
function answered(channel, node) {
  const a = S.awaiting;
  if (!a || a.channel !== channel || !node) return;
  S.awaiting = null;
  if (Date.now() - a.at > ANSWER_WAIT_MS || S.current !== channel) return;
  node.scrollIntoView({ block: 'nearest' });
}

// ---- threads -------------------------------------------------------------------------------

export function openThread(channel, ts) {
  const key = keyOf(channel, ts);
  const aside = $('thread');
  const parentBox = el('div', { class: 'thread-parent' });
  const repliesBox = el('div', { class: 'thread-replies' });
  aside.querySelector('.thread-body').replaceChildren(parentBox, repliesBox);
  aside.querySelector('.thread-channel').textContent = `#${S.channels.get(channel) ?? channel}`;
  aside.hidden = false;
  S.thread = { key, channel, ts, parentBox, timeline: new Timeline(repliesBox) };
  showThreadParent();
  for (const r of S.replies.get(key)?.values() ?? []) showReply(r);
}

function showThreadParent() {
  const t = S.thread;
  const m = S.messages.get(t.key);
  if (!m) return;
  const node = t.parentBox.firstElementChild;
  if (node) updateMessage(node, m, messageCtx(m));
  else t.parentBox.append(messageNode(m, false, messageCtx(m)));
}

export function closeThread() {
  S.thread = null;
  $('thread').hidden = true;
}

export function setUnread(n) {
  S.unread = n;
  const badge = document.querySelector('[data-nav="dm"] .badge');
  badge.hidden = n === 0;
  badge.textContent = String(n);
  document.querySelector('[data-nav="dm"]').classList.toggle('unread', n > 0);
}

export function show(id) {
  // As in Slack, an open thread belongs to the conversation it was opened from.
  if (S.thread && S.thread.channel !== id) closeThread();
  S.current = id;
  for (const [pid, p] of panes) p.root.hidden = pid !== id;
  $('home').hidden = id !== 'home';
  for (const item of document.querySelectorAll('[data-nav]'))
    item.classList.toggle('active', item.dataset.nav === (id === S.dm ? 'dm' : id));
  const title =
    id === 'home'
      ? 'Warden — Home'
      : id === S.dm
        ? 'Warden — direct message'
        : `# ${S.channels.get(id) ?? id}`;
  $('conv-title').textContent = title;
  $('composer').hidden = id === 'home';
  $('command').placeholder =
    id === S.dm
      ? `Message Warden: ${S.command} help`
      : `Message #${S.channels.get(id) ?? id}: ${S.command} help`;
  if (id === S.dm) {
    setUnread(0);
    const dm = [...S.messages.values()].filter((m) => m.channel === S.dm).map((m) => tsKey(m.ts));
    if (dm.length) markRead(Math.max(...dm));
  }
  const root = panes.get(id)?.root;
  if (root) root.scrollTop = root.scrollHeight;
}
/**
 * A message a link points to (a permalink on the Home tab, in a reply): its conversation shown,
 * its thread opened when it is a reply, and the message scrolled into view and marked a moment.
 */
export function openMessage(channel, ts) {
  const m = S.messages.get(keyOf(channel, ts));
  if (!m) {
    note('That message is not in a conversation you can see.', 'error');
    return;
  }
  show(channel);
  if (isReply(m)) openThread(channel, m.thread_ts);
  const node = isReply(m) ? S.thread?.timeline.get(ts) : pane(channel).timeline.get(keyOf(channel, ts));
  if (!node) return;
  node.scrollIntoView({ block: 'center' });
  node.classList.add('linked');
  setTimeout(() => node.classList.remove('linked'), 3_000);
}

S.openThread = openThread;
S.openMessage = openMessage;
