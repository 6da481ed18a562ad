// Warden demo page: a small Slack client for the local Slack. It shows what Slack would show
// the person it acts as (the user switcher): the channel in time order with threads collapsed,
// ephemeral messages meant for them, their direct messages with Warden, the Home tab, and their
// modals. The local Slack pushes every change (server-sent events); the page updates the DOM in
// place, never rebuilding it, so clicks and selected text survive updates. Clicks, submissions
// and slash commands go back through the local Slack, which signs them as Slack does.
// Plain browser JavaScript, no build step, no network but this page's origin.

import { reconcileBlocks } from './blocks.js';
import {
  clearConversations,
  closeThread,
  pane,
  removeMessage,
  setUnread,
  show,
  upsertEphemeral,
  upsertMessage,
} from './conversations.js';
import { el } from './dom.js';
import { ModalHost } from './modal.js';
import { buildShortcutTools } from './shortcuts.js';
import { $, isReply, keyOf, note, post, reader, S, withAct } from './state.js';
import { openWorkflowPanel } from './workflow.js';

// ---- Home, modals ------------------------------------------------------------------------------

// A line at the top of the Home tab: what went wrong delivering an event or a click to Warden.
const homeNote = el('div', { class: 'home-note', role: 'status', hidden: true });

function setHomeNote(text) {
  homeNote.textContent = text;
  homeNote.hidden = !text;
}

// A button on the Home tab, delivered to Warden as Slack does (block_actions, a view container).
async function homeClick(a) {
  setHomeNote('');
  // Its value too: the Home tab lists rows whose buttons share an action_id (Extend…, Approve…).
  const answer = await post('/demo/home-click', { actionId: a.actionId, blockId: a.blockId, value: a.value });
  if (answer.error) setHomeNote(`That click was not delivered: ${answer.error}.`);
}

// Opening the Home tab: Slack sends app_home_opened to Warden, which may publish a new view.
async function openHome() {
  show('home');
  setHomeNote('');
  const answer = await post('/demo/home-opened', {});
  if (answer.error) setHomeNote(answer.error);
}

function renderHome() {
  const box = $('home');
  if (!S.home)
    return box.replaceChildren(
      homeNote,
      el(
        'div',
        { class: 'empty' },
        'Warden has not published a Home tab for you. (The local Slack shows what an app sets with views.publish.)',
      ),
    );
  const blocks = box.querySelector('.blocks') ?? el('div', { class: 'blocks' });
  if (!blocks.isConnected) box.replaceChildren(homeNote, blocks);
  reconcileBlocks(blocks, S.home.blocks || [], withAct(homeClick));
}

const modals = new ModalHost($('modal-root'), {
  blocks: reader,
  post: (path, body) => {
    if (path === '/demo/close') {
      S.closedViews.add(body.viewId);
      S.views.delete(body.viewId);
    }
    return post(path, body);
  },
});

function upsertView(v) {
  if (v.closed || S.closedViews.has(v.id)) {
    S.views.delete(v.id);
    S.closedViews.add(v.id);
  } else S.views.set(v.id, v);
  modals.sync([...S.views.values()]);
}

// ---- the stream ------------------------------------------------------------------------------

function reset() {
  clearConversations();
  S.views.clear();
  S.closedViews.clear();
  closeThread();
  setUnread(0);
  modals.sync([]);
}

function applySnapshot(snap) {
  const switched = document.body.dataset.me !== snap.me;
  S.me = snap.me;
  S.tz = snap.tz;
  S.command = snap.command;
  S.shortcuts = snap.shortcuts ?? [];
  S.people = new Map(snap.people.map((p) => [p.id, p]));
  S.groups = snap.groups;
  S.channels = new Map(snap.channels.map((c) => [c.id, c.name]));
  S.dm = snap.dm;
  S.teamUrl = snap.team.url;
  if (switched) reset();
  buildSidebar(snap);
  buildShortcutTools();
  const seen = new Set(snap.messages.map((m) => keyOf(m.channel, m.ts)));
  for (const key of [...S.messages.keys()]) if (!seen.has(key)) removeMessage(...key.split(':'));
  // Parents before replies, so a reply finds its parent.
  for (const m of snap.messages.filter((x) => !isReply(x))) upsertMessage(m);
  for (const m of snap.messages.filter(isReply)) upsertMessage(m);
  for (const e of snap.ephemerals) upsertEphemeral(e);
  S.views = new Map(snap.views.map((v) => [v.id, v]));
  modals.sync([...S.views.values()]);
  S.home = snap.home;
  renderHome();
  if (switched || !S.current) show(snap.channels[0]?.id ?? S.dm);
  document.body.dataset.me = snap.me;
  document.body.dataset.ready = 'true';
}

function applyChange(c) {
  if (c.kind === 'message') upsertMessage(c.message);
  else if (c.kind === 'message_deleted') removeMessage(c.channel, c.ts);
  else if (c.kind === 'ephemeral') upsertEphemeral(c.ephemeral);
  else if (c.kind === 'view') upsertView(c.view);
  else if (c.kind === 'home') {
    S.home = c.view;
    renderHome();
  }
  document.body.dataset.changes = String(Number(document.body.dataset.changes || 0) + 1);
}

let stream = null;
function connect() {
  stream?.close();
  document.body.dataset.ready = 'false';
  stream = new EventSource(`/demo/events?as=${encodeURIComponent(S.me)}`);
  stream.addEventListener('snapshot', (ev) => applySnapshot(JSON.parse(ev.data)));
  stream.addEventListener('change', (ev) => applyChange(JSON.parse(ev.data)));
}

// ---- sidebar, switcher, composer ---------------------------------------------------------------

/** The workspace switcher: the demo's workspace and each one Warden was installed in (OAuth). */
function buildWorkspaces(snap) {
  $('workspace').replaceChildren(
    ...snap.workspaces.map((w) =>
      el('option', { value: w.person, selected: w.id === snap.team.id }, `${w.name} (local Slack)`),
    ),
  );
  const add = $('add-workspace');
  add.hidden = !snap.installUrl;
  if (snap.installUrl) add.href = snap.installUrl;
}

function buildSidebar(snap) {
  buildWorkspaces(snap);
  const switcher = $('as');
  switcher.replaceChildren(
    ...snap.switchable.map((p) => {
      const person = S.people.get(p.id);
      const role =
        p.role === 'approver' ? `approver, @${S.groups[snap.approvers]?.handle ?? snap.approvers}` : p.role;
      return el('option', { value: p.id, selected: p.id === snap.me }, `${person?.name ?? p.id} (${role})`);
    }),
  );
  $('channel-list').replaceChildren(
    ...snap.channels.map((c) =>
      el(
        'li',
        {},
        el(
          'button',
          { type: 'button', class: 'nav', 'data-nav': c.id, onclick: () => show(c.id) },
          `# ${c.name}`,
        ),
      ),
    ),
  );
  pane(S.dm);
}

async function send(ev) {
  ev.preventDefault();
  const input = $('command');
  const text = input.value.trim();
  if (!text) return;
  const cmd = S.command;
  if (!(text === cmd || text.startsWith(`${cmd} `))) {
    const word = text.split(/\s/)[0];
    note(
      text.startsWith('/')
        ? `${word} is not a command here. This box takes ${cmd} commands, e.g. ${cmd} help or ${cmd} show FND_SA_UNOWNED.`
        : `Warden does not read messages: this box takes ${cmd} commands, e.g. ${cmd} help or ${cmd} show FND_SA_UNOWNED.`,
      'error',
    );
    return;
  }
  note('');
  input.value = '';
  const channel = S.current === S.dm ? S.dm : S.current;
  S.awaiting = { channel, at: Date.now() };
  const answer = await post('/demo/command', { text, channel });
  if (answer.error) note(answer.error, 'error');
}

async function flood(ev) {
  const button = ev.currentTarget;
  const count = button.id === 'burst' ? 120 : 30;
  button.disabled = true;
  note(`Sending ${count} alerts to Warden…`);
  try {
    const answer = await post('/demo/flood', { count });
    note(
      answer.error
        ? `The flood failed: ${answer.error}`
        : `Sent ${answer.findings.length} alerts to Warden's intake.`,
    );
  } finally {
    button.disabled = false;
  }
}

// Posts a message with a link to the tenant console as the person: Warden previews it (link_shared).
async function pasteLink() {
  show(S.channels.keys().next().value ?? S.dm);
  const answer = await post('/demo/paste-link', {});
  note(
    answer.error
      ? `The link was not previewed: ${answer.error}`
      : `Posted ${answer.url}; Warden previews it.`,
  );
}

$('composer').addEventListener('submit', send);
$('paste-link').addEventListener('click', pasteLink);
$('command').addEventListener('input', () => note(''));
$('flood').addEventListener('click', flood);
$('burst').addEventListener('click', flood);
$('workflow-step').addEventListener('click', openWorkflowPanel);
$('thread-close').addEventListener('click', closeThread);
document.querySelector('[data-nav="dm"]').addEventListener('click', () => show(S.dm));
document.querySelector('[data-nav="home"]').addEventListener('click', openHome);
// Another workspace is another page (its own people, channels and Warden): load it as its person.
$('workspace').addEventListener('change', (ev) => {
  location.search = `?as=${encodeURIComponent(ev.currentTarget.value)}`;
});
$('as').addEventListener('change', (ev) => {
  S.me = ev.currentTarget.value;
  history.replaceState(null, '', `?as=${encodeURIComponent(S.me)}`);
  connect();
});

connect();
